import type { AppConfig } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";
import { GooglePlaceSearch } from "./google-places.ts";
import { LocalPlaceSearch } from "./local-places.ts";
import type { PlaceSearchProvider } from "./places.ts";

/** Google Places when a key is configured, else the restaurants already known. */
export function createPlaceProvider(config: AppConfig, db: Executor): PlaceSearchProvider {
  const places = config.places;
  return places.provider === "google"
    ? new GooglePlaceSearch(places.apiKey, places.baseUrl)
    : new LocalPlaceSearch(db);
}
