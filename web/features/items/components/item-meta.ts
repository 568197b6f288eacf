import type { ItemDto, ReviewDto } from "#domain/items.ts";
import { dollarSigns } from "#domain/restaurant-rules.ts";
import { formatCost } from "#domain/review-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { formatDate, formatRelativeTime, localDay } from "#web/lib/format-date.ts";

/** What a card or the detail view shows about an item. A review rated 0 or not at all is shown as a post. */
export function isReviewItem(item: ItemDto): item is ReviewDto {
  return item.itemType === "review" && typeof item.rating === "number" && item.rating > 0;
}

export function itemBadge(item: ItemDto): "Dish" | "Restaurant" | "Post" | "Deal" {
  if (item.itemType === "deal") return "Deal";
  if (!isReviewItem(item)) return "Post";
  return item.reviewType === "restaurant" ? "Restaurant" : "Dish";
}

/** The detail dialog's title, as the /view page names it. */
export function itemDetailTitle(item: ItemDto): string {
  const badge = itemBadge(item);
  return badge === "Post" || badge === "Deal" ? badge : `${badge} Review`;
}

/** The {type} of the item's /view/{type}/{id} page. */
export function itemViewType(item: ItemDto): "dish" | "restaurant" | "post" | "deal" {
  return item.itemType === "review" ? item.reviewType : item.itemType;
}

/** When it was written, as lists show it: MM/dd/yyyy for reviews, relative time for posts. */
export function itemDate(item: ItemDto): string {
  return isReviewItem(item) ? formatDate(item.createdAt) : formatRelativeTime(item.createdAt);
}

/**
 * "Visited 03/07/2026" for a review eaten on another day than it was posted (the posting day in
 * the viewer's time zone, as the card shows it); null otherwise and for posts.
 */
export function itemVisited(item: ItemDto): string | null {
  if (!isReviewItem(item) || item.visitedOn === localDay(item.createdAt)) return null;
  return `Visited ${formatDate(item.visitedOn)}`;
}

/** The author's profile, or null when the author has neither slug nor username. */
export function itemAuthorPath(item: ItemDto): string | null {
  return item.userHandler ? screenPaths.user(item.userHandler) : null;
}

/** Dish: "$15.99"; restaurant: "$$" (its price tier); null when unknown. */
export function itemCost(item: ItemDto): string | null {
  if (!isReviewItem(item)) return null;
  if (item.reviewType === "dish") return item.cost === null ? null : `$${formatCost(item.cost)}`;
  return dollarSigns(item.cost ?? item.restaurant.priceLevel) || null;
}

/** Accessible wording for the cost ("Price level 2 of 4" reads better than "$$"). */
export function itemCostLabel(item: ItemDto): string | null {
  const cost = itemCost(item);
  if (!cost || !isReviewItem(item)) return null;
  return item.reviewType === "dish" ? `Cost ${cost}` : `Price level ${cost.length} of 4`;
}

export function itemBody(item: ItemDto): string | null {
  const text =
    item.itemType === "review"
      ? item.description
      : item.itemType === "deal"
        ? item.details
        : item.content;
  return text?.trim() || null;
}
