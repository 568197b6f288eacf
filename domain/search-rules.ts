// No zod here: screens read these without loading the schemas (issue 26).

import type { ExploreTab } from "./search.ts";

/**
 * The search tabs of /explore, in the order they show; `?tab=` holds one of them. The spec's
 * four come first; Deals (issue 30) after them.
 */
export const exploreTabs = ["dishes", "restaurants", "posts", "users", "deals"] as const;

/**
 * Explore's tabs: For you first (signed-in people only: picks for them, no search), the five
 * searches, then Nearby (places around the caller, no search).
 */
export const explorePageTabs = ["for-you", ...exploreTabs, "nearby"] as const;

/** How long the search box waits after the last keystroke before it searches. */
export const EXPLORE_DEBOUNCE_MS = 300;

/** What each tab says when it has nothing: with a query ("found") and without ("yet"). */
export const exploreEmptyMessages = {
  dishes: { noMatches: "No dish reviews found", none: "No dish reviews yet" },
  restaurants: { noMatches: "No restaurants found", none: "No restaurants yet" },
  posts: { noMatches: "No posts found", none: "No posts yet" },
  users: { noMatches: "No users found", none: "No users yet" },
  deals: { noMatches: "No deals found", none: "No deals yet" },
} as const satisfies Record<ExploreTab, { noMatches: string; none: string }>;

export const exploreMessages = {
  title: "Explore",
  placeholder: "Search dishes, restaurants, or users...",
  usersFailed: "Failed to load users",
} as const;
