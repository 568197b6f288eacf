// No zod here: screens read these without loading the schemas (issue 26).

export const PLACE_LIMITS = {
  queryMin: 2,
  /** Suggestions are biased to this radius around the caller. */
  radiusMeters: 5000,
  /** Suggestions farther than this show no distance. */
  distanceShownWithinMeters: 50_000,
  /** Suggestions this close show a pin marker. */
  nearbyWithinMeters: 2000,
} as const;

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
