// How a list of items (a profile's tabs, a restaurant's tabs) can be ordered.

/**
 * Posts and deals sort by date only; reviews also by rating and price (restaurant reviews by
 * price level).
 */
export const itemSorts = [
  "recent",
  "old",
  "rating-desc",
  "rating-asc",
  "price-desc",
  "price-asc",
] as const;
export type ItemSort = (typeof itemSorts)[number];
export const postSorts = ["recent", "old"] as const satisfies readonly ItemSort[];

export const itemSortLabels: Record<ItemSort, string> = {
  recent: "Recent",
  old: "Old",
  "rating-desc": "Rating (high to low)",
  "rating-asc": "Rating (low to high)",
  "price-desc": "Price (high to low)",
  "price-asc": "Price (low to high)",
};

/** The 400 for a rating or price sort of a list without ratings or prices. */
export const dateOnlySortMessages = {
  post: `Posts can only be sorted by ${postSorts.join(" or ")}`,
  deal: `Deals can only be sorted by ${postSorts.join(" or ")}`,
} as const;

/** How a list of reviews can be shown: photo tiles or full cards. */
const itemViewModes = ["grid", "list"] as const;
export type ItemViewMode = (typeof itemViewModes)[number];
