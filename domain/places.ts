import { z } from "zod";
import { PLACE_LIMITS, placeMessages } from "./places-rules.ts";
import { hasNoNul } from "./text-input.ts";

const EARTH_RADIUS_METERS = 6_371_000;

/** GET /api/places/search. */
export const placeSearchQuery = z.object({
  q: z
    .string({ error: placeMessages.queryTooShort })
    .trim()
    .min(PLACE_LIMITS.queryMin, placeMessages.queryTooShort)
    .max(200)
    .refine(hasNoNul, "Search must not contain NUL characters"),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});

/** A place suggestion from the maps service, or a restaurant we already know. */
const placeSuggestionSchema = z.object({
  placeId: z.string().nullable(),
  /** Set when the suggestion is a restaurant we already know. */
  restaurantId: z.string().nullable(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The place's city and region when the provider names them. */
  city: z.string().nullable(),
  region: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  priceLevel: z.number().int().nullable(),
  googleRating: z.number().nullable(),
  /** Metres from the caller's position, when one was given. */
  distance: z.number().nullable(),
});

export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

/** GET /api/places/reverse: the address at a pin ("Use my location"). */
export const placeReverseQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});

/** What reverse geocoding tells of a pin; all null where the provider cannot say. */
export const placeAddressSchema = z.object({
  address: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
});

export type PlaceAddress = z.infer<typeof placeAddressSchema>;

export const placeProviders = ["local", "google", "osm"] as const;

/** How OpenStreetMap's place ids begin ("osm:N123"): such a place's data is OSM's. */
export const OSM_PLACE_ID_PREFIX = "osm:";

export const placeSearchResultSchema = z.object({
  provider: z.enum(placeProviders),
  results: z.array(placeSuggestionSchema),
});

export type PlaceSearchResult = z.infer<typeof placeSearchResultSchema>;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance in metres (haversine on a sphere of the Earth's mean radius). */
export function haversineMeters(a: LatLng, b: LatLng): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}
