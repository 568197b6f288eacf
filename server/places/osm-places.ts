import { LRUCache } from "lru-cache";
import {
  haversineMeters,
  OSM_PLACE_ID_PREFIX,
  type PlaceAddress,
  type PlaceSuggestion,
} from "#domain/places.ts";
import { type PhotonProperties, photonAddress } from "./photon-address.ts";
import {
  PLACE_SUGGESTION_LIMIT,
  type PlacePosition,
  type PlaceSearchProvider,
  PlacesUnavailableError,
} from "./places.ts";

/** One GeoJSON feature of a Photon answer (https://github.com/komoot/photon#search-api). */
interface PhotonFeature {
  type: "Feature";
  geometry?: { type: string; coordinates?: [number, number] };
  properties?: PhotonProperties;
}

interface PhotonAnswer {
  type?: string;
  features?: PhotonFeature[];
}

export interface OsmPlacesOptions {
  /** Where Photon answers, e.g. https://photon.komoot.io (PHOTON_URL). */
  baseUrl: string;
  /** Names the app to the service, as its fair-use policy asks. */
  userAgent: string;
  /** The least time between two requests' starts: the service's rate is kept. */
  minIntervalMs: number;
  /** A request slower than this counts as the service being down. */
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/** OpenStreetMap tags of places people eat or drink at: these come first in suggestions. */
const FOOD_TAGS: Record<string, ReadonlySet<string>> = {
  amenity: new Set([
    "restaurant",
    "cafe",
    "bar",
    "pub",
    "fast_food",
    "food_court",
    "ice_cream",
    "biergarten",
  ]),
  shop: new Set(["bakery", "pastry", "deli", "confectionery"]),
};

/** Photon is asked for more than is shown, so food places can be sorted ahead of the rest. */
const FETCHED = 15;
/** Answers are kept this long: the same search near the same spot is not asked again. */
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
const CACHE_ENTRIES = 2000;
/** More requests than this waiting for their turn: the service is too busy for us now. */
const MAX_WAITING = 20;
/** Positions are rounded to ~100 m for caching: nearby callers share answers. */
const roundCoordinate = (value: number) => value.toFixed(3);

function isFood(feature: PhotonFeature): boolean {
  const { osm_key: key, osm_value: value } = feature.properties ?? {};
  return key !== undefined && value !== undefined && (FOOD_TAGS[key]?.has(value) ?? false);
}

/**
 * Place search on OpenStreetMap data through a Photon-compatible geocoder (PLACES_PROVIDER=osm):
 * names matched near the caller (Photon's location bias), restaurants, cafés, bars and other food
 * places first; reverse geocoding turns a pin into an address. Requests carry the app's
 * User-Agent, start at most one per `minIntervalMs`, and answers are cached, as the public
 * instance's fair-use policy asks. Photon has no lookup by id, so `details` vouches only for
 * places this process has itself just suggested (docs/decisions/0027).
 */
export class OsmPlaceSearch implements PlaceSearchProvider {
  readonly name = "osm" as const;
  private readonly answers = new LRUCache<string, PhotonAnswer>({
    max: CACHE_ENTRIES,
    ttl: CACHE_TTL_MS,
  });
  /** Places suggested recently, by place id: what `details` may vouch for. */
  private readonly suggested = new LRUCache<string, PlaceSuggestion>({
    max: CACHE_ENTRIES,
    ttl: CACHE_TTL_MS,
  });
  private readonly fetchImpl: typeof fetch;
  private turn: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly options: OsmPlacesOptions) {
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  async search(query: string, position: PlacePosition): Promise<PlaceSuggestion[]> {
    const params: Record<string, string> = { q: query, limit: String(FETCHED) };
    const here =
      position.lat !== undefined && position.lng !== undefined
        ? { lat: position.lat, lng: position.lng }
        : null;
    if (here) {
      params.lat = roundCoordinate(here.lat);
      params.lon = roundCoordinate(here.lng);
    }
    const answer = await this.call("api", params);
    const features = (answer.features ?? []).filter(
      (feature) => feature.properties?.name && feature.geometry?.coordinates,
    );
    // A stable sort: food places first, each group in Photon's (relevance and bias) order.
    const ordered = [...features.filter(isFood), ...features.filter((f) => !isFood(f))];
    const suggestions = ordered.slice(0, PLACE_SUGGESTION_LIMIT).map((feature) => {
      const suggestion = this.toSuggestion(feature, here);
      if (suggestion.placeId) this.suggested.set(suggestion.placeId, suggestion);
      return suggestion;
    });
    return suggestions;
  }

  async details(placeId: string): Promise<PlaceSuggestion | null> {
    return this.suggested.get(placeId) ?? null;
  }

  async reverse(lat: number, lng: number): Promise<PlaceAddress | null> {
    const answer = await this.call("reverse", {
      lat: roundCoordinate(lat),
      lon: roundCoordinate(lng),
      limit: "1",
    });
    const properties = answer.features?.[0]?.properties;
    if (!properties) return null;
    return photonAddress(properties);
  }

  private toSuggestion(
    feature: PhotonFeature,
    here: { lat: number; lng: number } | null,
  ): PlaceSuggestion {
    const properties = feature.properties ?? {};
    const [lng, lat] = feature.geometry?.coordinates ?? [];
    const located = lat !== undefined && lng !== undefined;
    return {
      placeId:
        properties.osm_type && properties.osm_id !== undefined
          ? `${OSM_PLACE_ID_PREFIX}${properties.osm_type}${properties.osm_id}`
          : null,
      restaurantId: null,
      name: properties.name ?? "",
      ...photonAddress(properties),
      latitude: located ? lat : null,
      longitude: located ? lng : null,
      phone: null,
      website: null,
      priceLevel: null,
      googleRating: null,
      distance: here && located ? Math.round(haversineMeters(here, { lat, lng })) : null,
    };
  }

  /** One cached, paced GET of Photon's `path` (api or reverse). */
  private async call(path: string, params: Record<string, string>): Promise<PhotonAnswer> {
    const url = new URL(`${this.options.baseUrl}/${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const key = url.toString();
    const cached = this.answers.get(key);
    if (cached) return cached;
    await this.waitForTurn();
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        headers: { "user-agent": this.options.userAgent, accept: "application/json" },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch {
      throw new PlacesUnavailableError("Place search is unavailable");
    }
    if (!response.ok) throw new PlacesUnavailableError(`Photon answered ${response.status}`);
    let answer: PhotonAnswer;
    try {
      answer = (await response.json()) as PhotonAnswer;
    } catch {
      throw new PlacesUnavailableError("Photon answered something other than JSON");
    }
    if (!Array.isArray(answer.features)) {
      throw new PlacesUnavailableError("Photon answered without features");
    }
    this.answers.set(key, answer);
    return answer;
  }

  /** Resolves when this request may start: at most one start per minIntervalMs. */
  private async waitForTurn(): Promise<void> {
    if (this.waiting >= MAX_WAITING) {
      throw new PlacesUnavailableError("Place search is busy");
    }
    this.waiting++;
    const mine = this.turn;
    this.turn = mine.then(
      () => new Promise((resolve) => setTimeout(resolve, this.options.minIntervalMs)),
    );
    try {
      await mine;
    } finally {
      this.waiting--;
    }
  }
}
