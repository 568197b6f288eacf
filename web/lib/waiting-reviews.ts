import { del, get, update } from "idb-keyval";
import { useEffect, useState } from "react";
import type { ReviewType } from "#domain/items.ts";
import type { RestaurantInput } from "#domain/restaurant.ts";
import type { HeldPhoto } from "./use-photo-uploads.ts";

/**
 * Reviews posted with no network, kept in IndexedDB under their author's user id until they are
 * sent (docs/decisions/0040). Here, not in the reviews feature, because what the device holds
 * for a person is dropped with their saved reads when the person changes (offline-cache.ts).
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

const storageKey = (userId: string) => `tasted-waiting-reviews:${userId}`;

/** Readers of the lists (the banner), told after each change. */
const listeners = new Set<() => void>();

async function change(userId: string, edit: (list: WaitingReview[]) => WaitingReview[]) {
  await update<WaitingReview[]>(storageKey(userId), (list) => edit(list ?? []));
  for (const listener of listeners) listener();
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

/** Deletes every review waiting for `userId` (they signed out, or someone else signed in). */
export function forgetWaitingReviews(userId: string): void {
  void del(storageKey(userId))
    .catch(() => undefined)
    .then(() => {
      for (const listener of listeners) listener();
    });
}

/** The reviews waiting for `userId`, read again after each change; none for nobody. */
export function useWaitingReviews(userId: string | null): WaitingReview[] {
  const [read, setRead] = useState<{ userId: string; list: WaitingReview[] } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    const reread = () => {
      void readWaitingReviews(userId)
        .catch(() => [])
        .then((list) => {
          if (current) setRead({ userId, list });
        });
    };
    reread();
    listeners.add(reread);
    return () => {
      current = false;
      listeners.delete(reread);
    };
  }, [userId]);
  // Never another person's list, not even for the render before the new one is read.
  return read && read.userId === userId ? read.list : [];
}
