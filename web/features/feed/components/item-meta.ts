import { authorDisplayName, authorHandle } from "#domain/feed.ts";
import { dollarSigns, formatCost } from "#domain/review.ts";
import type { FeedItem } from "../api/feed-queries.ts";

/**
 * What a card or the detail view shows about an item. A review with rating 0 or none is shown
 * as a post (spec 3).
 */
export function isReviewItem(item: FeedItem): item is Extract<FeedItem, { itemType: "review" }> {
  return item.itemType === "review" && typeof item.rating === "number" && item.rating > 0;
}

export function itemBadge(item: FeedItem): "Dish" | "Restaurant" | "Post" {
  if (!isReviewItem(item)) return "Post";
  return item.reviewType === "restaurant" ? "Restaurant" : "Dish";
}

/** The detail dialog's title, as the /view page names it. */
export function itemDetailTitle(item: FeedItem): string {
  const badge = itemBadge(item);
  return badge === "Post" ? "Post" : `${badge === "Dish" ? "Dish" : "Restaurant"} Review`;
}

export function itemAuthorName(item: FeedItem): string {
  return item.userName || authorDisplayName(item.author);
}

/** /user/{slug or username}, or null when the author has neither. */
export function itemAuthorPath(item: FeedItem): string | null {
  const handle = item.userHandler || authorHandle(item.author);
  return handle ? `/user/${encodeURIComponent(handle)}` : null;
}

export function restaurantPath(restaurant: { id: string; slug: string | null }): string {
  return restaurant.slug
    ? `/b/r/${encodeURIComponent(restaurant.slug)}`
    : `/restaurant/${encodeURIComponent(restaurant.id)}`;
}

/** Dish: "$15.99"; restaurant: "$$" (its price tier); null when unknown. */
export function itemCost(item: FeedItem): string | null {
  if (!isReviewItem(item)) return null;
  if (item.reviewType === "dish") return item.cost === null ? null : `$${formatCost(item.cost)}`;
  return dollarSigns(item.cost ?? item.restaurant.priceLevel) || null;
}

/** Accessible wording for the cost ("Price level 2 of 4" reads better than "$$"). */
export function itemCostLabel(item: FeedItem): string | null {
  const cost = itemCost(item);
  if (!cost || !isReviewItem(item)) return null;
  return item.reviewType === "dish" ? `Cost ${cost}` : `Price level ${cost.length} of 4`;
}

export function itemBody(item: FeedItem): string | null {
  return (item.itemType === "review" ? item.description : item.content)?.trim() || null;
}

/** "/view/dish/{id}", "/view/restaurant/{id}" or "/view/post/{id}". */
export function itemViewPath(item: FeedItem): string {
  const type = item.itemType === "post" ? "post" : item.reviewType;
  return `/view/${type}/${encodeURIComponent(item.id)}`;
}
