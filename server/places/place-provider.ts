import type { AppConfig } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";
import { GooglePlaceSearch } from "./google-places.ts";
import { LocalPlaceSearch } from "./local-places.ts";
import { OsmPlaceSearch } from "./osm-places.ts";
import type { PlaceSearchProvider } from "./places.ts";

/** The configured provider: Google Places, OpenStreetMap (Photon) or the restaurants known. */
export function createPlaceProvider(config: AppConfig, db: Executor): PlaceSearchProvider {
  const places = config.places;
  switch (places.provider) {
    case "google":
      return new GooglePlaceSearch(places.apiKey, places.baseUrl);
    case "osm":
      return new OsmPlaceSearch(places);
    case "local":
      return new LocalPlaceSearch(db);
  }
}
