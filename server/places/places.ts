import type { PlaceSuggestion } from "#domain/places.ts";

export interface PlacePosition {
  lat?: number | undefined;
  lng?: number | undefined;
}

/** One interface for every source of place suggestions. */
export interface PlaceSearchProvider {
  readonly name: "local" | "google";
  search(query: string, position: PlacePosition): Promise<PlaceSuggestion[]>;
  details?(placeId: string): Promise<PlaceSuggestion | null>;
}

export const PLACE_SUGGESTION_LIMIT = 8;

export class PlacesUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PlacesUnavailableError";
  }
}
