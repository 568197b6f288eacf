import { apiPaths } from "#domain/api-paths.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { sendWaitingReviews, userOfBackgroundSyncTag } from "../api/send-waiting-reviews.ts";

/**
 * Background Sync in the service worker (docs/decisions/0043): bundled on its own by
 * vite.config.ts (backgroundSyncScript) and imported by the worker vite-plugin-pwa generates.
 * When the device has a network again, Chromium wakes the worker with the tag a page registered
 * for a person's waiting reviews, with or without a page of the app open, and the worker sends
 * them with the pages' own code; the pages hear of it and show it.
 */

/** The `sync` event (Background Sync), which TypeScript's DOM does not describe. */
interface SyncEvent extends Event {
  readonly tag: string;
  waitUntil(work: Promise<unknown>): void;
}

const worker = self as unknown as {
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
};

/** better-auth's session read, of which only the person matters here. */
type SessionRead = { user: { id: string } } | null;

async function sendFor(userId: string): Promise<void> {
  // Only under the author's own session: the cookie may by now sign in someone else (whose
  // arrival drops the author's list, docs/decisions/0040) or nobody. A network failure here
  // rejects, and the browser tries again later.
  const session = await apiGet<SessionRead>(apiPaths.session);
  if (session?.user.id !== userId) return;
  const outcome = await sendWaitingReviews(userId, () => undefined);
  // Rejected, the sync is tried again later (Chromium: a few times, further apart each time);
  // what is still left then is sent when the app opens.
  if (outcome === "later") throw new Error("Waiting reviews are left for the next try.");
}

worker.addEventListener("sync", (event) => {
  const userId = userOfBackgroundSyncTag(event.tag);
  if (userId) event.waitUntil(sendFor(userId));
});
