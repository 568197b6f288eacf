import { Anchor, VisuallyHidden } from "@mantine/core";
import { IconMapPin, IconStarFilled } from "@tabler/icons-react";
import { Link } from "react-router";
import { dollarSigns } from "#domain/restaurant-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import type { RestaurantCardDto } from "#domain/search.ts";
import { RestaurantInitial } from "#web/components/restaurant-initial.tsx";
import surface from "#web/components/surface.module.css";
import { AddToList } from "#web/features/lists/components/add-to-list.tsx";
import { SaveToggle } from "#web/features/want-to-try/components/save-toggle.tsx";
import { SavedByFollowed } from "#web/features/want-to-try/components/saved-by-followed.tsx";
import { mapsSearchUrl, oneDecimal } from "#web/lib/restaurant-links.ts";
import { CardCount } from "./card-count.tsx";
import classes from "./explore.module.css";

/**
 * A restaurant found on explore: its initial, name (the card's link to the restaurant page),
 * address (a maps search in a new tab), Google rating, price level and how often it was reviewed,
 * how many people the viewer follows saved it, the Save toggle for Want to try and Add to list.
 */
export function RestaurantCard({ restaurant }: { restaurant: RestaurantCardDto }) {
  const price = dollarSigns(restaurant.priceLevel);
  return (
    <div className={`${surface.card} ${classes.card}`}>
      <RestaurantInitial name={restaurant.name} size={48} />
      <div className={classes.body}>
        <h2 className={surface.entryName}>
          <Link to={screenPaths.restaurant(restaurant)} className={classes.cardLink}>
            {restaurant.name}
          </Link>
        </h2>
        {restaurant.address && (
          <Anchor
            href={mapsSearchUrl(restaurant.address)}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            className={`${classes.address} ${classes.above}`}
          >
            <IconMapPin size={14} stroke={2} aria-hidden className={classes.addressIcon} />
            <span className={classes.addressText}>{restaurant.address}</span>
            <VisuallyHidden> (opens Google Maps in a new tab)</VisuallyHidden>
          </Anchor>
        )}
        <ul className={classes.facts}>
          {restaurant.googleRating !== null && (
            <li>
              <IconStarFilled size={13} aria-hidden className={classes.star} />
              <VisuallyHidden>Google rating </VisuallyHidden>
              <span className={classes.factValue}>{oneDecimal(restaurant.googleRating)}</span>
            </li>
          )}
          {price && (
            <li>
              <span className={classes.price} aria-hidden>
                {price}
              </span>
              <VisuallyHidden>Price level {price.length} of 4</VisuallyHidden>
            </li>
          )}
          <CardCount value={restaurant.reviewCount} one="review" many="reviews" />
        </ul>
        <SavedByFollowed count={restaurant.savedByFollowedCount} size="xs" />
      </div>
      <SaveToggle
        target={{ kind: "restaurant", restaurantId: restaurant.id }}
        className={classes.above}
      />
      <AddToList target={{ kind: "restaurant", id: restaurant.id }} className={classes.above} />
    </div>
  );
}
