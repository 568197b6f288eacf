import { IconMapPin } from "@tabler/icons-react";
import { Link } from "react-router";
import type { RestaurantRefDto } from "#domain/items.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import surface from "./surface.module.css";

/** A map pin and `label` (the restaurant's name unless given), linking to its page. */
export function RestaurantPinLink({
  restaurant,
  label = restaurant.name,
}: {
  restaurant: RestaurantRefDto;
  label?: string;
}) {
  return (
    <Link to={screenPaths.restaurant(restaurant)} className={surface.pinLink}>
      <IconMapPin size={15} stroke={2} aria-hidden style={{ flexShrink: 0 }} />
      <span className={surface.pinLinkLabel}>{label}</span>
    </Link>
  );
}
