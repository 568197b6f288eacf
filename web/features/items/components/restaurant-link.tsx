import type { ItemDto } from "#domain/items.ts";
import { RestaurantPinLink } from "#web/components/restaurant-pin-link.tsx";
import { isReviewItem } from "./item-meta.ts";

/**
 * The restaurant an item is about, linking to its page. A restaurant review's title already is
 * the restaurant's name, so its link reads the address instead (`noAddress` when it has none).
 */
export function RestaurantLink({ item, noAddress }: { item: ItemDto; noAddress?: string }) {
  const { restaurant } = item;
  if (!restaurant) return null;
  const label =
    isReviewItem(item) && item.reviewType === "restaurant"
      ? restaurant.address || noAddress || restaurant.name
      : restaurant.name;
  return <RestaurantPinLink restaurant={restaurant} label={label} />;
}
