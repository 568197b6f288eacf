import type { ListEntryDto } from "#domain/lists.ts";
import { type FoodMapPin, FoodMapView } from "#web/features/food-map/components/food-map-view.tsx";
import classes from "./list-page.module.css";

/**
 * One pin per restaurant: a list may hold the restaurant itself and several of its dish
 * reviews, which are one place on a map. The pin shows the place's rating, as the list does,
 * and the restaurant's place in the list is its first entry's.
 */
function listPins(entries: ListEntryDto[]): FoodMapPin[] {
  const places = new Map<string, ListEntryDto>();
  for (const entry of entries) {
    if (!places.has(entry.restaurant.id)) places.set(entry.restaurant.id, entry);
  }
  return [...places.values()].map((entry) => ({
    id: entry.restaurant.id,
    restaurant: entry.restaurant,
    location: entry.location,
    status: "place",
    rating: entry.placeRating,
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
