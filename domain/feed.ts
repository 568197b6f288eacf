/** Spec 3, "feed item derived fields": what a card shows for its author. */
export interface AuthorNames {
  username: string | null;
  fullName: string | null;
  slug: string | null;
}

/** Full name, else username, else "Anonymous". */
export function authorDisplayName(author: AuthorNames): string {
  const fullName = author.fullName?.trim();
  if (fullName) return fullName;
  const username = author.username?.trim();
  return username ? username : "Anonymous";
}

/** The profile link's handle: slug, else username (empty when neither exists). */
export function authorHandle(author: AuthorNames): string {
  return author.slug?.trim() || author.username?.trim() || "";
}

/** Feed page sizes (issue 5: 20 a page). */
export const FEED_LIMITS = { pageDefault: 20, pageMax: 50 } as const;

export const feedMessages = {
  empty: "No posts yet. Be the first to post!",
  signInForFollowing: "Please sign in to see people you follow",
} as const;
