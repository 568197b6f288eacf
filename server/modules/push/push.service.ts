import {
  type PushSubscriptionInput,
  type PushUnsubscribe,
  pushMessages,
} from "#domain/notification-settings.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { deleteOwnSubscription, upsertSubscription } from "./push.queries.ts";

export interface PushContext {
  db: Database;
  user: SessionUser;
  /** Outside production a push service on this machine (http://127.0.0.1) is allowed: tests. */
  allowLocalHttp: boolean;
}

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** An IPv4 or IPv6 literal, or a name without a dot (localhost, an intranet host). */
const NOT_A_PUBLIC_NAME = /^(\d+\.\d+\.\d+\.\d+|\[.*\]|[^.]+)$/;

/**
 * Push services are reached over https at public host names; the server sends to whatever
 * address a browser gave, so anything else (another scheme, credentials in the address, an IP
 * address or a name inside the network) is refused. Outside production a push service on this
 * machine is allowed too (tests).
 */
function checkEndpoint(endpoint: string, allowLocalHttp: boolean): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw ApiError.badRequest(pushMessages.invalidEndpoint);
  }
  const local = allowLocalHttp && LOCAL_HOSTS.has(url.hostname);
  const publicHttps = url.protocol === "https:" && !NOT_A_PUBLIC_NAME.test(url.hostname);
  if (!(publicHttps || local) || url.username || url.password) {
    throw ApiError.badRequest(pushMessages.invalidEndpoint);
  }
}

export async function subscribe(ctx: PushContext, input: PushSubscriptionInput): Promise<void> {
  checkEndpoint(input.endpoint, ctx.allowLocalHttp);
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
