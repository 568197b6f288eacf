// No zod here: the web app's path helpers import this on every page, the landing page included.

/** Reviews and posts are the two kinds of item people write, like and comment on. */
export const itemKinds = ["review", "post"] as const;
export type ItemKind = (typeof itemKinds)[number];

/** The URL segment of each kind's collection: /api/reviews/:id, /api/posts/:id. */
export const itemCollections = { review: "reviews", post: "posts" } as const satisfies Record<
  ItemKind,
  string
>;
