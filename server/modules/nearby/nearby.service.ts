import type { z } from "zod";
import {
  NEARBY_LIMITS,
  type NearbyDto,
  type NearbyPlaceDto,
  type nearbyQuery,
  nearbyScore,
} from "#domain/nearby.ts";
import { placeRating } from "#domain/restaurant.ts";
import type { Executor } from "#server/db/client.ts";
import { readWidening } from "#server/modules/shared/nearby-circle.ts";
import { type NearbyRow, selectNearby } from "./nearby.queries.ts";

function toPlace(row: NearbyRow): NearbyPlaceDto {
  const reviewCount = Number(row.review_count);
  const ratingSum = row.rating_sum === null ? 0 : Number(row.rating_sum);
  const followedRating = row.followed_rating === null ? null : Number(row.followed_rating);
  const distance = Number(row.distance);
  return {
    restaurant: {
      id: row.id,
      name: row.name,
      address: row.address,
      slug: row.slug,
      priceLevel: row.price_level,
    },
    location: { lat: row.latitude, lng: row.longitude },
    distance: Math.round(distance),
    rating: reviewCount > 0 ? placeRating(ratingSum / reviewCount) : null,
    reviewCount,
    followedRating: followedRating === null ? null : placeRating(followedRating),
    followedCount: Number(row.followed_count),
    score: nearbyScore({ ratingSum, reviewCount, followedRating, distanceMeters: distance }),
  };
}

/**
 * GET /api/nearby: restaurants with a pin within `radius` (widened to the largest circle when
 * it holds fewer than NEARBY_LIMITS.widenBelow), the best-loved nearest first (ADR 0028). The
 * position is only used for this answer: nothing stores or logs it.
 */
export async function getNearby(
  db: Executor,
  query: z.output<typeof nearbyQuery>,
  viewerId: string | undefined,
): Promise<NearbyDto> {
  const centre = { lat: query.lat, lng: query.lng };
  const { radius, rows } = await readWidening(query.radius, (circle) =>
    selectNearby(db, centre, circle, viewerId),
  );
  const places = rows
    .map(toPlace)
    .sort((a, b) => b.score - a.score || a.distance - b.distance)
    .slice(0, NEARBY_LIMITS.shown);
  return { radius, places };
}
