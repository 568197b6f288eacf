import { type SQL, sql } from "drizzle-orm";
import type { MapPlaceStatus } from "#domain/food-map.ts";
import { MAP_PLACES_MAX } from "#domain/food-map-rules.ts";
import type { Executor } from "#server/db/client.ts";

/** From `from` (included) to `to` (excluded), as ISO timestamps. */
export interface TimeRange {
  from: string;
  to: string;
}

export interface MapPlaceRow extends Record<string, unknown> {
  status: MapPlaceStatus;
  /** The average rating as numeric text (one decimal); null for want. */
  rating: string | number | null;
  review_count: number;
  last_at: Date | string;
  restaurant_id: string;
  restaurant_name: string;
  restaurant_address: string | null;
  restaurant_slug: string | null;
  restaurant_price_level: number | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * One person's map places, newest lastAt first, at most MAP_PLACES_MAX + 1 rows (the extra one
 * tells the answer was truncated). Tried: their visible reviews grouped by restaurant, read
 * through reviews_author_feed_idx (their visible reviews only), so hidden ones never count.
 * With `withWanted` (their own map only: want to try is private) also the restaurants of their
 * untried entries (restaurant or dish ones, from want_to_try_want_idx) that they have not
 * tried, once each, at their newest saved time. `during` keeps only the reviews written in that
 * range (a year's map), still on the same index.
 */
export function mapPlacesSql(userId: string, withWanted: boolean, during?: TimeRange): SQL {
  const wanted = withWanted
    ? sql`
      union all
      select w.restaurant_id, 'want', null, 0, max(w.created_at)
        from want_to_try w
       where w.user_id = ${userId} and w.tried_at is null
         and not exists (select 1 from tried t where t.restaurant_id = w.restaurant_id)
       group by w.restaurant_id`
    : sql``;
  return sql`
    with tried as (
      select r.restaurant_id, round(avg(r.rating), 1) as rating, count(*)::int as review_count,
             max(r.created_at) as last_at
        from reviews r
       where r.user_id = ${userId} and not r.is_hidden
         ${during ? sql`and r.created_at >= ${during.from}::timestamptz and r.created_at < ${during.to}::timestamptz` : sql``}
       group by r.restaurant_id),
    places (restaurant_id, status, rating, review_count, last_at) as (
      select restaurant_id, 'tried', rating, review_count, last_at from tried ${wanted})
    select p.status, p.rating, p.review_count, p.last_at,
           rs.id as restaurant_id, rs.name as restaurant_name, rs.address as restaurant_address,
           rs.slug as restaurant_slug, rs.price_level as restaurant_price_level,
           rs.latitude, rs.longitude
      from places p
      join restaurants rs on rs.id = p.restaurant_id
     order by p.last_at desc, p.restaurant_id desc
     limit ${MAP_PLACES_MAX + 1}`;
}

export async function selectMapPlaces(
  db: Executor,
  userId: string,
  withWanted: boolean,
  during?: TimeRange,
): Promise<MapPlaceRow[]> {
  return (await db.execute<MapPlaceRow>(mapPlacesSql(userId, withWanted, during))).rows;
}
