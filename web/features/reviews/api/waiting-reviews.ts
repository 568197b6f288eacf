import type { WaitingReview } from "#web/lib/waiting-reviews.ts";
import { backgroundSyncTag } from "./send-waiting-reviews.ts";

/**
 * The page's side of sending waiting reviews (docs/decisions/0040, 0043): the service worker is
 * asked to send them in the background; the page sends them itself (send-waiting-reviews.ts)
 * when it opens and each time the network is back.
 */

/** The name a waiting review goes by in the list: the dish and where, or the restaurant. */
export function waitingReviewName({ fields }: WaitingReview): string {
  const place = fields.restaurant.name.trim();
  return fields.reviewType === "dish" && fields.title.trim()
    ? `${fields.title.trim()} · ${place}`
    : place;
}

/** What a registration has where the browser has Background Sync (not yet in TypeScript's DOM). */
interface SyncRegistration {
  sync: { register(tag: string): Promise<void> };
}

/**
 * Asks the service worker to send `userId`'s waiting reviews once the device has a network, even
 * with no page of the app open (Background Sync, Chromium's). Where the browser has no Background
 * Sync or no worker is installed, nothing: the page sends them when the network is back or the
 * app opens again.
 */
export async function sendInBackground(userId: string): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (!registration || !("sync" in registration)) return;
  await (registration as unknown as SyncRegistration).sync
    .register(backgroundSyncTag(userId))
    .catch(() => undefined);
}
