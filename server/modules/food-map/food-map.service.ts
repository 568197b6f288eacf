import type { FoodMapDto, MapPlaceDto } from "#domain/food-map.ts";
import { MAP_PLACES_MAX } from "#domain/food-map-rules.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database } from "#server/db/client.ts";
import { profileNotFound, visibleProfileExists } from "#server/modules/shared/people.ts";
import { type MapPlaceRow, selectMapPlaces } from "./food-map.queries.ts";

export function toPlaceDto(row: MapPlaceRow): MapPlaceDto {
  return {
    restaurant: {
      id: row.restaurant_id,
      name: row.restaurant_name,
      address: row.restaurant_address,
      slug: row.restaurant_slug,
      priceLevel: row.restaurant_price_level === null ? null : Number(row.restaurant_price_level),
    },
    // A position needs both coordinates; half of one is as unknown as none.
    location:
      row.latitude === null || row.longitude === null
        ? null
        : { lat: Number(row.latitude), lng: Number(row.longitude) },
    status: row.status,
    rating: row.rating === null ? null : Number(row.rating),
    reviewCount: Number(row.review_count),
    lastAt: new Date(row.last_at).toISOString(),
  };
}

async function readMap(db: Database, userId: string, withWanted: boolean): Promise<FoodMapDto> {
  const rows = await selectMapPlaces(db, userId, withWanted);
  return {
    places: rows.slice(0, MAP_PLACES_MAX).map(toPlaceDto),
    truncated: rows.length > MAP_PLACES_MAX,
  };
}

/** GET /api/map: the caller's own map, tried places and the ones they want to try. */
export function getOwnMap(ctx: { db: Database; user: SessionUser }): Promise<FoodMapDto> {
  return readMap(ctx.db, ctx.user.id, true);
}

/**
 * GET /api/profiles/:id/map: anyone's tried places, for visitors too. Want to try is private,
 * so it is never read here, not even for the person themselves. An unknown id is a 404, and so
 * is the map of someone in a block with the viewer (`viewerId`, undefined for visitors) or
 * pending deletion.
 */
export async function getProfileMap(
  db: Database,
  profileId: string,
  viewerId: string | undefined,
): Promise<FoodMapDto> {
  if (!(await visibleProfileExists(db, profileId, viewerId, "content"))) throw profileNotFound();
  return readMap(db, profileId, false);
}
