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

/**
 * The browsers' push services, by host (or the domain their hosts sit under): Chrome's and
 * other Chromium browsers' (FCM), Firefox's, Edge's on Windows (WNS) and Safari's. The server
 * posts to whatever address a browser hands it, so only these are reached: a name that merely
 * resolves to something inside the network is never asked.
 */
const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "notify.windows.com",
  "push.apple.com",
];

function isPushServiceHost(hostname: string): boolean {
  return PUSH_SERVICE_HOSTS.some((host) => hostname === host || hostname.endsWith(`.${host}`));
}

/**
 * Push services are reached over https at the known push services' hosts; anything else
 * (another scheme, credentials in the address, any other host) is refused. Outside production
 * a push service on this machine is allowed too (tests).
 */
function checkEndpoint(endpoint: string, allowLocalHttp: boolean): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw ApiError.badRequest(pushMessages.invalidEndpoint);
  }
  const local = allowLocalHttp && LOCAL_HOSTS.has(url.hostname);
  const pushService = url.protocol === "https:" && isPushServiceHost(url.hostname);
  if (!(pushService || local) || url.username || url.password) {
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
