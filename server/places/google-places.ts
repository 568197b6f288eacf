import { haversineMeters, type PlaceSuggestion } from "#domain/places.ts";
import { PLACE_LIMITS } from "#domain/places-rules.ts";
import {
  PLACE_SUGGESTION_LIMIT,
  type PlacePosition,
  type PlaceSearchProvider,
  PlacesUnavailableError,
} from "./places.ts";

interface AutocompleteResponse {
  status: string;
  error_message?: string;
  predictions?: Array<{ place_id: string; description?: string }>;
}

interface DetailsResponse {
  status: string;
  error_message?: string;
  result?: {
    place_id?: string;
    name?: string;
    formatted_address?: string;
    geometry?: { location?: { lat: number; lng: number } };
    formatted_phone_number?: string;
    international_phone_number?: string;
    website?: string;
    price_level?: number;
    rating?: number;
  };
}

const DETAILS_FIELDS = [
  "place_id",
  "name",
  "formatted_address",
  "geometry",
  "formatted_phone_number",
  "website",
  "price_level",
  "rating",
].join(",");

/** Details cost a request each: only the first few predictions are looked up. */
const DETAILS_LOOKUPS = 5;
const REQUEST_TIMEOUT_MS = 5000;

/**
 * Google Places (legacy web service): autocomplete restricted to restaurant/cafe/food with a
 * 5000 m location bias, then place details for each prediction. Called from the server so the
 * key never reaches the browser; `baseUrl` is configurable so tests use a fake server.
 */
export class GooglePlaceSearch implements PlaceSearchProvider {
  readonly name = "google" as const;

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async call<T extends { status: string; error_message?: string }>(
    path: string,
    params: Record<string, string>,
  ): Promise<T> {
    const url = new URL(`${this.baseUrl}/${path}`);
    for (const [name, value] of Object.entries({ ...params, key: this.apiKey })) {
      url.searchParams.set(name, value);
    }
    let response: Response;
    try {
      response = await this.fetchImpl(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch {
      throw new PlacesUnavailableError("Place search is unavailable");
    }
    if (!response.ok) throw new PlacesUnavailableError(`Places answered ${response.status}`);
    const body = (await response.json()) as T;
    if (body.status !== "OK" && body.status !== "ZERO_RESULTS") {
      // Never echo Google's message to clients: it can quote the request (and so the key).
      throw new PlacesUnavailableError(`Places status ${body.status}`);
    }
    return body;
  }

  async search(query: string, position: PlacePosition): Promise<PlaceSuggestion[]> {
    const params: Record<string, string> = { input: query, types: "restaurant|cafe|food" };
    const here =
      position.lat !== undefined && position.lng !== undefined
        ? { lat: position.lat, lng: position.lng }
        : null;
    if (here) {
      params.location = `${here.lat},${here.lng}`;
      params.radius = String(PLACE_LIMITS.radiusMeters);
    }
    const found = await this.call<AutocompleteResponse>("autocomplete/json", params);
    const predictions = (found.predictions ?? []).slice(
      0,
      Math.min(DETAILS_LOOKUPS, PLACE_SUGGESTION_LIMIT),
    );
    const details = await Promise.all(
      predictions.map((prediction) => this.details(prediction.place_id).catch(() => null)),
    );
    return details
      .filter((place): place is PlaceSuggestion => place !== null)
      .map((place) => ({
        ...place,
        distance:
          here && place.latitude !== null && place.longitude !== null
            ? Math.round(haversineMeters(here, { lat: place.latitude, lng: place.longitude }))
            : null,
      }));
  }

  async details(placeId: string): Promise<PlaceSuggestion | null> {
    const body = await this.call<DetailsResponse>("details/json", {
      place_id: placeId,
      fields: DETAILS_FIELDS,
    });
    const place = body.result;
    if (!place?.name) return null;
    const location = place.geometry?.location;
    return {
      placeId: place.place_id ?? placeId,
      restaurantId: null,
      name: place.name,
      address: place.formatted_address ?? null,
      latitude: location?.lat ?? null,
      longitude: location?.lng ?? null,
      // Google's address components are not asked for: the address itself names the city.
      city: null,
      region: null,
      phone: place.formatted_phone_number ?? place.international_phone_number ?? null,
      website: place.website ?? null,
      priceLevel:
        place.price_level !== undefined && place.price_level >= 1 ? place.price_level : null,
      googleRating: place.rating ?? null,
      distance: null,
    };
  }
}
