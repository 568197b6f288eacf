import { IconMapPin } from "@tabler/icons-react";
import { Link } from "react-router";
import type { RestaurantRefDto } from "#domain/items.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import classes from "./item.module.css";

/** The restaurant an item is about, linking to its page; `label` defaults to its name. */
export function RestaurantLink({
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
