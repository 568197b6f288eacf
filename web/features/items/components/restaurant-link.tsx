import { IconMapPin } from "@tabler/icons-react";
import { Link } from "react-router";
import type { ItemDto, RestaurantRefDto } from "#domain/items.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import classes from "./item.module.css";
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

/** A map pin and `label` (the restaurant's name unless given), linking to its page. */
export function RestaurantPinLink({
  restaurant,
  label = restaurant.name,
}: {
  restaurant: RestaurantRefDto;
  label?: string;
}) {
  return (
    <Link to={screenPaths.restaurant(restaurant)} className={classes.restaurant}>
      <IconMapPin size={15} stroke={2} aria-hidden style={{ flexShrink: 0 }} />
      <span className={classes.restaurantName}>{label}</span>
    </Link>
  );
}
