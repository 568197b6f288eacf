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
