import { z } from "zod";
import { hasNoNul } from "./text-input.ts";

export const PLACE_LIMITS = {
  queryMin: 2,
  /** Suggestions are biased to this radius around the caller. */
  radiusMeters: 5000,
  /** Suggestions farther than this show no distance. */
  distanceShownWithinMeters: 50_000,
  /** Suggestions this close show a pin marker. */
  nearbyWithinMeters: 2000,
} as const;

const EARTH_RADIUS_METERS = 6_371_000;

export const placeMessages = {
  queryTooShort: "Search must be at least 2 characters",
  noPlaces: "No restaurants found. You can still enter manually.",
  /** The place search's last choice when nothing matched: a place of one's own. */
  addNewPlace: "Add a new place",
  newPlaceHint: "Where is it? An address, a pin, or both.",
  addressLabel: "Address",
  useMyLocation: "Use my location",
  removePin: "Remove pin",
  locationUnavailable:
    "We couldn't get your location. Place the pin on the map, or give the address.",
  pinAt: (pin: { lat: number; lng: number }) =>
    `Pin at ${pin.lat.toFixed(5)}, ${pin.lng.toFixed(5)}`,
  noPin: "No pin yet.",
  tapToPin: "Tap the map to place the pin; drag it to move it.",
  /** The keyboard's way to place or move the pin: the map moves under a fixed centre mark. */
  pinAtCentre: "Place pin at map centre",
  mapKeyboardLabel:
    "Map. Move it with the arrow keys and zoom with plus and minus, then place the pin at its centre.",
  mapLoading: "Loading the map",
  mapUnavailable: "The map could not load here. The address alone is enough.",
  /** OpenStreetMap's credit, linked to its copyright page, wherever its data is shown (ODbL). */
  osmContributors: "OpenStreetMap contributors",
} as const;

export const OSM_COPYRIGHT_URL = "https://www.openstreetmap.org/copyright";

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

/** "1.2 km" within 50 km; null beyond (no distance shown). */
export function formatDistance(meters: number | null | undefined): string | null {
  if (meters === null || meters === undefined || !Number.isFinite(meters)) return null;
  if (meters > PLACE_LIMITS.distanceShownWithinMeters) return null;
  return `${(meters / 1000).toFixed(1)} km`;
}

/** Within 2 km: the suggestion shows a pin marker. */
export function isNearby(meters: number | null | undefined): boolean {
  return meters !== null && meters !== undefined && meters <= PLACE_LIMITS.nearbyWithinMeters;
}
