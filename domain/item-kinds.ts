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

/** Whether `value` names a kind (a path segment, a group key's part). */
export function isItemKind(value: string | undefined): value is ItemKind {
  return (itemKinds as readonly (string | undefined)[]).includes(value);
}
