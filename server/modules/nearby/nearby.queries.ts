import { type SQL, sql } from "drizzle-orm";
import { NEARBY_LIMITS } from "#domain/nearby.ts";
import { PLACE_RATING_REVIEW_TYPE } from "#domain/restaurant.ts";
import type { Executor } from "#server/db/client.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";

export interface NearbyRow extends Record<string, unknown> {
  id: string;
  name: string;
  address: string | null;
  slug: string | null;
  price_level: number | null;
  latitude: number;
  longitude: number;
  distance: number;
  rating_sum: number | null;
  review_count: number;
  followed_rating: number | null;
  followed_count: number;
}

const METERS_PER_DEGREE = 111_320;

/**
 * The latitude and longitude ranges that hold every point within `radius` metres of the centre:
 * what restaurants_location_idx is read with before the exact distance is computed. Near a
 * pole, or across the antimeridian, the longitudes are not narrowed.
 */
function boundingBox(lat: number, lng: number, radius: number) {
  const dLat = radius / METERS_PER_DEGREE;
  const cos = Math.cos((lat * Math.PI) / 180);
  const dLng = cos > 0.01 ? radius / (METERS_PER_DEGREE * cos) : 360;
  const wraps = lng - dLng < -180 || lng + dLng > 180;
  return {
    minLat: Math.max(-90, lat - dLat),
    maxLat: Math.min(90, lat + dLat),
    minLng: wraps ? -180 : lng - dLng,
    maxLng: wraps ? 180 : lng + dLng,
  };
}

/**
 * The nearest NEARBY_LIMITS.candidates restaurants within `radius` metres, nearest first, with
 * the figures their score needs: the sum and count of the ratings of their restaurant reviews
 * by everyone `viewerId` may see (the one visibility rule), and, for a signed-in viewer, the
 * mean and count of those by people they follow. The box is read from
 * restaurants_location_idx; each candidate's reviews from reviews_restaurant_rating_idx.
 */
export function nearbySql(
  centre: { lat: number; lng: number },
  radius: number,
  viewerId: string | undefined,
): SQL {
  const box = boundingBox(centre.lat, centre.lng, radius);
  const ratingsOf = (extra: SQL) => sql`
    from reviews r ${extra}
   where r.restaurant_id = n.id and r.review_type = ${PLACE_RATING_REVIEW_TYPE}
     and not r.is_hidden and ${visibleAuthorSql(viewerId, sql`r.user_id`)}`;
  const followed = viewerId
    ? sql`left join lateral (
        select avg(r.rating)::float8 as rating, count(*)::int as count
        ${ratingsOf(sql`join follows f on f.following_id = r.user_id and f.follower_id = ${viewerId}`)}
      ) followed on true`
    : sql`left join lateral (select null::float8 as rating, 0 as count) followed on true`;
  return sql`
    with box as (
      select id, name, address, slug, price_level, latitude, longitude,
             2 * 6371000 * asin(least(1, sqrt(
               power(sin(radians(latitude - ${centre.lat}) / 2), 2)
               + cos(radians(${centre.lat})) * cos(radians(latitude))
                 * power(sin(radians(longitude - ${centre.lng}) / 2), 2)))) as distance
        from restaurants
       where latitude between ${box.minLat} and ${box.maxLat}
         and longitude between ${box.minLng} and ${box.maxLng}),
    n as (
      select * from box where distance <= ${radius}
       order by distance, id
       limit ${NEARBY_LIMITS.candidates})
    select n.*, everyone.rating_sum, everyone.review_count,
           followed.rating as followed_rating, followed.count as followed_count
      from n
      left join lateral (
        select sum(r.rating)::float8 as rating_sum, count(*)::int as review_count
        ${ratingsOf(sql``)}
      ) everyone on true
      ${followed}`;
}

export async function selectNearby(
  db: Executor,
  centre: { lat: number; lng: number },
  radius: number,
  viewerId: string | undefined,
): Promise<NearbyRow[]> {
  return (await db.execute<NearbyRow>(nearbySql(centre, radius, viewerId))).rows;
}
