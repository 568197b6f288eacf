import { sql } from "drizzle-orm";
import { haversineMeters, type PlaceSuggestion } from "#domain/places.ts";
import type { Executor } from "#server/db/client.ts";
import { PLACE_SUGGESTION_LIMIT, type PlacePosition, type PlaceSearchProvider } from "./places.ts";

interface Row extends Record<string, unknown> {
  id: string;
  name: string;
  address: string | null;
  google_place_id: string | null;
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  region: string | null;
  phone: string | null;
  website: string | null;
  price_level: number | null;
  google_rating: string | number | null;
  score: number;
}

/** How many text matches are considered before ranking by distance. */
const CANDIDATES = 50;

/**
 * Restaurants already known, matched by trigram similarity (typos) or substring on the name
 * and address (the unaccented name's gin_trgm index serves both). With a position, nearer ones first;
 * without, the best text match first.
 */
export class LocalPlaceSearch implements PlaceSearchProvider {
  readonly name = "local" as const;

  constructor(private readonly db: Executor) {}

  async search(query: string, position: PlacePosition): Promise<PlaceSuggestion[]> {
    const escaped = query.replace(/[\\%_]/g, (char) => `\\${char}`);
    const pattern = `%${escaped}%`;
    // Accents never matter: "cafe" finds "Café" (restaurants_name_trgm_idx is on this expression).
    const name = sql`tasted_unaccent(name)`;
    const plain = sql`tasted_unaccent(${query})`;
    const result = await this.db.execute<Row>(sql`
      select id, name, address, google_place_id, latitude, longitude, city, region, phone, website,
             price_level, google_rating,
             greatest(similarity(${name}, ${plain}), word_similarity(${plain}, ${name})) as score
        from restaurants
       where ${name} % ${plain} or ${name} ilike ${pattern} or address ilike ${pattern}
             or ${plain} <% ${name}
       order by score desc, name
       limit ${CANDIDATES}`);
    const here =
      position.lat !== undefined && position.lng !== undefined
        ? { lat: position.lat, lng: position.lng }
        : null;
    const suggestions = result.rows.map((row) => {
      const distance =
        here && row.latitude !== null && row.longitude !== null
          ? haversineMeters(here, { lat: row.latitude, lng: row.longitude })
          : null;
      return { row, distance };
    });
    if (here) {
      // Known distances first, nearest first; the rest keep their text rank.
      suggestions.sort((a, b) => {
        if (a.distance === null && b.distance === null) return 0;
        if (a.distance === null) return 1;
        if (b.distance === null) return -1;
        return a.distance - b.distance;
      });
    }
    return suggestions.slice(0, PLACE_SUGGESTION_LIMIT).map(({ row, distance }) => ({
      placeId: row.google_place_id,
      restaurantId: row.id,
      name: row.name,
      address: row.address,
      latitude: row.latitude,
      longitude: row.longitude,
      city: row.city,
      region: row.region,
      phone: row.phone,
      website: row.website,
      priceLevel: row.price_level,
      googleRating: row.google_rating === null ? null : Number(row.google_rating),
      distance: distance === null ? null : Math.round(distance),
    }));
  }
}
