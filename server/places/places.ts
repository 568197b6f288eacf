import type { PlaceAddress, PlaceSuggestion, placeProviders } from "#domain/places.ts";

export interface PlacePosition {
  lat?: number | undefined;
  lng?: number | undefined;
}

/** One interface for every source of place suggestions. */
export interface PlaceSearchProvider {
  readonly name: (typeof placeProviders)[number];
  search(query: string, position: PlacePosition): Promise<PlaceSuggestion[]>;
  /** What the provider itself says of a place id it gave (never what a client claims). */
  details?(placeId: string): Promise<PlaceSuggestion | null>;
  /** The address at a pin, where the provider can tell. */
  reverse?(lat: number, lng: number): Promise<PlaceAddress | null>;
}

export const PLACE_SUGGESTION_LIMIT = 8;

export class PlacesUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PlacesUnavailableError";
  }
}
