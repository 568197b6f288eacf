// No zod here: the web app's path helpers import this on every page, the landing page included.

/**
 * The kinds of item people write, like, comment on and report: reviews, posts and deals
 * (docs/decisions/0034).
 */
export const itemKinds = ["review", "post", "deal"] as const;
export type ItemKind = (typeof itemKinds)[number];

/** The URL segment of each kind's collection: /api/reviews/:id, /api/posts/:id, /api/deals/:id. */
export const itemCollections = {
  review: "reviews",
  post: "posts",
  deal: "deals",
} as const satisfies Record<ItemKind, string>;

/**
 * A new review, post or deal may carry a key of the client's choosing in this header, one per
 * submission (docs/decisions/0037): sending it again with the same key, as a retry or a review
 * kept on the device offline does, gives back the item the first one made instead of a second.
 */
export const SUBMISSION_KEY_HEADER = "idempotency-key";

/** Whether `value` names a kind (a path segment, a group key's part). */
export function isItemKind(value: string | undefined): value is ItemKind {
  return (itemKinds as readonly (string | undefined)[]).includes(value);
}
