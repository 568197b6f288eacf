import type { ListEntryDto } from "#domain/lists.ts";
import { type FoodMapPin, FoodMapView } from "#web/features/food-map/components/food-map-view.tsx";
import classes from "./lists.module.css";

/**
 * One pin per restaurant: a list may hold the restaurant itself and several of its dish
 * reviews, which are one place on a map. The pin takes the average of their ratings (one
 * decimal), and the restaurant's place in the list is its first entry's.
 */
export function listPins(entries: ListEntryDto[]): FoodMapPin[] {
  const places = new Map<string, { entry: ListEntryDto; ratings: number[] }>();
  for (const entry of entries) {
    const place = places.get(entry.restaurant.id) ?? { entry, ratings: [] };
    if (entry.rating !== null) place.ratings.push(entry.rating);
    places.set(entry.restaurant.id, place);
  }
  return [...places.values()].map(({ entry, ratings }) => ({
    id: entry.restaurant.id,
    restaurant: entry.restaurant,
    location: entry.location,
    status: "tried",
    rating:
      ratings.length === 0
        ? null
        : Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 10) / 10,
  }));
}

/** A list's places on a map, with the list beside it (or as a sheet on phones). */
export function ListMap({
  name,
  entries,
  emptyText,
}: {
  name: string;
  entries: ListEntryDto[];
  emptyText: string;
}) {
  return (
    <div className={classes.map}>
      <FoodMapView title={name} pins={listPins(entries)} emptyText={emptyText} />
    </div>
  );
}
