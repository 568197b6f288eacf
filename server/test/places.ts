import type { PlaceSuggestion } from "#domain/places.ts";
import { type PlaceSearchProvider, PlacesUnavailableError } from "#server/places/places.ts";

/** A place as a test's provider knows it; unset details are null. */
export type KnownPlace = Pick<PlaceSuggestion, "placeId" | "name"> & Partial<PlaceSuggestion>;

/**
 * Stands in for Google Places (which cannot be reached offline) behind the same interface: it
 * knows the places a test gives it, by id. `down()` makes every call fail as an outage does.
 */
export class PlaceDirectory implements PlaceSearchProvider {
  readonly name = "google" as const;
  private available = true;

  constructor(private readonly places: readonly KnownPlace[]) {}

  down(): void {
    this.available = false;
  }

  async search(query: string): Promise<PlaceSuggestion[]> {
    this.checkAvailable();
    const wanted = query.toLowerCase();
    return this.places
      .filter((place) => place.name.toLowerCase().includes(wanted))
      .map((place) => this.suggestion(place));
  }

  async details(placeId: string): Promise<PlaceSuggestion | null> {
    this.checkAvailable();
    const place = this.places.find((known) => known.placeId === placeId);
    return place ? this.suggestion(place) : null;
  }

  private checkAvailable(): void {
    if (!this.available) throw new PlacesUnavailableError("Place search is unavailable");
  }

  private suggestion(place: KnownPlace): PlaceSuggestion {
    return {
      restaurantId: null,
      address: null,
      latitude: null,
      longitude: null,
      city: null,
      region: null,
      phone: null,
      website: null,
      priceLevel: null,
      googleRating: null,
      distance: null,
      ...place,
    };
  }
}
