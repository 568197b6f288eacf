import { type SQL, sql } from "drizzle-orm";
import { NEARBY_LIMITS } from "#domain/nearby.ts";
import { PLACE_RATING_REVIEW_TYPE } from "#domain/restaurant.ts";
import type { Executor } from "#server/db/client.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import { type Centre, restaurantsWithinSql } from "#server/modules/shared/nearby-circle.ts";

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

/**
 * The nearest NEARBY_LIMITS.candidates restaurants within `radius` metres, nearest first, with
 * the figures their score needs: the sum and count of the ratings of their restaurant reviews
 * by everyone `viewerId` may see (the one visibility rule), and, for a signed-in viewer, the
 * mean and count of those by people they follow. The circle is read from
 * restaurants_location_idx; each candidate's reviews from reviews_restaurant_rating_idx.
 */
export function nearbySql(centre: Centre, radius: number, viewerId: string | undefined): SQL {
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
    with n as (
      select * from (${restaurantsWithinSql(centre, radius)}) circle
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
  centre: Centre,
  radius: number,
  viewerId: string | undefined,
): Promise<NearbyRow[]> {
  return (await db.execute<NearbyRow>(nearbySql(centre, radius, viewerId))).rows;
}
