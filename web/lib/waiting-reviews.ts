import { del, get, keys, update } from "idb-keyval";
import type { ReviewType } from "#domain/items.ts";
import type { RestaurantInput } from "#domain/restaurant.ts";
import type { HeldPhoto } from "./use-photo-uploads.ts";

/**
 * Reviews posted with no network, kept in IndexedDB under their author's user id until they are
 * sent (docs/decisions/0040). Here, not in the reviews feature, because who is signed in decides
 * what is kept: signing out drops the person's (session.tsx), another account signing in drops
 * everyone else's (offline-cache.ts), and a session the server ended keeps them for its person.
 * The service worker sends them too (Background Sync): no React here, and every change is told
 * to the other pages and the worker.
 */

/** The review form's fields as written; the schemas check them again when it is sent. */
export interface ReviewFields {
  reviewType: ReviewType;
  restaurant: RestaurantInput;
  title: string;
  rating: number | null;
  cost: number | string;
  priceRange: number | null;
  description: string;
  visitedOn: string;
  category: string;
}

export interface WaitingReview {
  /** Its submission key (the Idempotency-Key), made once for it, sent with every try. */
  key: string;
  fields: ReviewFields;
  /** Its photos in order, uploaded when it is sent. */
  photos: HeldPhoto[];
  /** Why the server refused it: it is not sent again until edited. */
  refusal: string | null;
}

const KEY_PREFIX = "tasted-waiting-reviews:";
const storageKey = (userId: string) => `${KEY_PREFIX}${userId}`;

/** Readers of the lists (the banner), told after each change. */
const listeners = new Set<() => void>();

/**
 * The same lists changed by another page or the service worker (which sends them in the
 * background). A channel does not hear its own messages: this context tells its own listeners.
 */
const otherContexts =
  typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("tasted-waiting-reviews");

function changed() {
  for (const listener of listeners) listener();
  otherContexts?.postMessage("changed");
}

/** Calls `listener` after each change to any person's list, made here or elsewhere; returns the unsubscribe. */
export function onWaitingReviewsChange(listener: () => void): () => void {
  listeners.add(listener);
  otherContexts?.addEventListener("message", listener);
  return () => {
    listeners.delete(listener);
    otherContexts?.removeEventListener("message", listener);
  };
}

async function change(userId: string, edit: (list: WaitingReview[]) => WaitingReview[]) {
  await update<WaitingReview[]>(storageKey(userId), (list) => edit(list ?? []));
  changed();
}

export async function readWaitingReviews(userId: string): Promise<WaitingReview[]> {
  return (await get<WaitingReview[]>(storageKey(userId))) ?? [];
}

/** Keeps a review waiting: a new one last, an edited one in its place. */
export function keepWaitingReview(userId: string, review: WaitingReview): Promise<void> {
  return change(userId, (list) =>
    list.some((kept) => kept.key === review.key)
      ? list.map((kept) => (kept.key === review.key ? review : kept))
      : [...list, review],
  );
}

/** Marks a waiting review refused, unless it was discarded meanwhile. */
export function refuseWaitingReview(userId: string, key: string, refusal: string): Promise<void> {
  return change(userId, (list) =>
    list.map((kept) => (kept.key === key ? { ...kept, refusal } : kept)),
  );
}

/** Drops a waiting review: posted or discarded. */
export function dropWaitingReview(userId: string, key: string): Promise<void> {
  return change(userId, (list) => list.filter((kept) => kept.key !== key));
}

/** Deletes every review waiting for `userId`: they signed out. */
export function forgetWaitingReviews(userId: string): void {
  void del(storageKey(userId))
    .catch(() => undefined)
    .then(changed);
}

/** Deletes the reviews anyone but `userId` left waiting on this device: `userId` signed in. */
export function forgetOthersWaitingReviews(userId: string): void {
  void keys()
    .then((stored) =>
      Promise.all(
        stored
          .filter((key) => typeof key === "string" && key.startsWith(KEY_PREFIX))
          .filter((key) => key !== storageKey(userId))
          .map((key) => del(key)),
      ),
    )
    .catch(() => undefined)
    .then(changed);
}
