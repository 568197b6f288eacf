// No zod here: screens read these without loading the schemas (issue 26).

export const feedMessages = {
  empty: "No posts yet. Be the first to post!",
  signInForFollowing: "Please sign in to see people you follow",
} as const;
