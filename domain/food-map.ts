import { z } from "zod";
import { restaurantRefSchema } from "./items.ts";

/**
 * A food map: the places a person tried (pinned in the colour of their rating there) and, on
 * their own map only, the places they want to try. The same pins show a list's restaurants.
 * The map itself is MapLibre GL over the style at MAP_STYLE_URL; where that cannot load (no
 * style configured, offline, no WebGL) the list beside it is the whole screen.
 */
const mapPlaceStatuses = ["tried", "want"] as const;
export type MapPlaceStatus = (typeof mapPlaceStatuses)[number];

/** The most places one map answer holds: the most recently reviewed or saved first. */
export const MAP_PLACES_MAX = 1000;

export const mapPlaceSchema = z.object({
  restaurant: restaurantRefSchema,
  /** Null when the restaurant's position is unknown: listed, never pinned. */
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  status: z.enum(mapPlaceStatuses),
  /** The person's average rating of their visible reviews there (one decimal); null for want. */
  rating: z.number().nullable(),
  /** Their visible reviews there (0 for want). */
  reviewCount: z.number().int(),
  /** Their latest review there, or when they saved it. */
  lastAt: z.string(),
});
export type MapPlaceDto = z.infer<typeof mapPlaceSchema>;

/**
 * GET /api/map (the caller's own: tried and want to try) and GET /api/profiles/:id/map
 * (anyone's tried places, from their visible reviews; want to try stays private).
 */
export const foodMapSchema = z.object({
  places: z.array(mapPlaceSchema),
  /** More places exist than MAP_PLACES_MAX; the oldest were left out. */
  truncated: z.boolean(),
});
export type FoodMapDto = z.infer<typeof foodMapSchema>;

export const foodMapMessages = {
  myMapTitle: "My map",
  userMapTitle: (name: string) => `${name}'s map`,
  openMap: "Map",
  tried: "Tried",
  want: "Want to try",
  /** Shown in place of the map when its tiles cannot load; the list still works. */
  unavailable: "The map could not load here, so the places are listed instead.",
  noLocation: "No location",
  emptyOwn: "No places yet. Review a restaurant or save one to try and it shows up here.",
  empty: "No places to show yet.",
  showList: (count: number) => (count === 1 ? "Show 1 place" : `Show ${count} places`),
  hideList: "Hide list",
  /** The list screen's switch between its entries and their map. */
  listView: "List",
  mapView: "Map",
  viewSwitchLabel: "Show as",
  truncated: `Showing the ${MAP_PLACES_MAX} most recent places.`,
  ratingLabel: (rating: number) => `rated ${rating.toFixed(1)} of 5`,
  reviewCount: (count: number) => (count === 1 ? "1 review" : `${count} reviews`),
  /** The list's name for screen readers: the map's title and how many places it holds. */
  listLabel: (title: string, count: number) =>
    `${title}: ${count === 1 ? "1 place" : `${count} places`}`,
  /** A row's link to the restaurant's page. */
  openPlace: (name: string) => `Open ${name}`,
  loading: "Loading the map",
  loadFailed: "We couldn't load this map",
  legend: "Map key",
  legendRating: "Rating",
} as const;
