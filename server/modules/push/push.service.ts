import {
  type PushSubscriptionInput,
  type PushUnsubscribe,
  pushMessages,
} from "#domain/notification-settings.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { deleteOwnSubscription, upsertSubscription } from "./push.queries.ts";
import { isAllowedPushEndpoint } from "./push-endpoints.ts";

export interface PushContext {
  db: Database;
  user: SessionUser;
  /** Config localPushService: the tests' push service on this machine is accepted too. */
  localPushService: boolean;
}

export async function subscribe(ctx: PushContext, input: PushSubscriptionInput): Promise<void> {
  if (!isAllowedPushEndpoint(input.endpoint, ctx.localPushService)) {
    throw ApiError.badRequest(pushMessages.invalidEndpoint);
  }
  await ctx.db.transaction((tx) =>
    upsertSubscription(tx, ctx.user.id, {
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
    }),
  );
}

/** Only the caller's own subscription goes; any other endpoint is a 404. */
export async function unsubscribe(ctx: PushContext, input: PushUnsubscribe): Promise<void> {
  if (!(await deleteOwnSubscription(ctx.db, ctx.user.id, input.endpoint))) {
    throw ApiError.notFound(pushMessages.notFound);
  }
}
