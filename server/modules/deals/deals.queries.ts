import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { deals, type NewDeal } from "#server/db/schema/deals.ts";
import {
  activeDealSql,
  type ItemRow,
  itemColumns,
  itemRowsSql,
} from "#server/modules/items/items.queries.ts";
import type { Cursor } from "#server/modules/shared/keyset.ts";
import { type Centre, restaurantsWithinSql } from "#server/modules/shared/nearby-circle.ts";

// When a deal runs is decided in SQL, at a moment the caller passes (the request's now, or a
// test's chosen instant), so listings drop ended deals by themselves (docs/decisions/0029).
// Reading, liking, commenting and deleting a deal are the items kernel's (ADR 0034).

/** The weekly part of a new deal, in its zone's wall clock. */
export interface WeeklyWindows {
  weekDays: number;
  startsMinute: number;
  endsMinute: number;
  lastDay: string | null;
}

/**
 * The instant the last window of a weekly deal ends: `lastDay` at `endsMinute` in `timeZone`,
 * a day later when its windows run past midnight. `AT TIME ZONE` reads the wall clock with the
 * offset in force that day, so a daylight-saving change is taken into account.
 */
export function lastWindowEndSql(windows: WeeklyWindows, timeZone: string): SQL {
  const overnight = windows.startsMinute > windows.endsMinute ? 1440 : 0;
  return sql`((${windows.lastDay}::date
                 + make_interval(mins => ${windows.endsMinute + overnight}::int))
               at time zone ${timeZone})`;
}

/** A new deal; `endsAt` may be computed in the statement (see {@link lastWindowEndSql}). */
export async function insertDeal(
  db: Executor,
  values: Omit<NewDeal, "endsAt"> & { endsAt: Date | SQL | null },
): Promise<{ id: string; ended: boolean }> {
  const [row] = await db
    .insert(deals)
    .values(values)
    .returning({ id: deals.id, ended: sql<boolean>`${deals.endsAt} <= now()` });
  if (!row) throw new Error("deal was not inserted");
  return { id: row.id, ended: row.ended === true };
}

export interface RestaurantDealsParams {
  restaurantId: string;
  viewerId: string | undefined;
  at: Date;
  after: Cursor | undefined;
  limit: number;
}

/**
 * A restaurant's listed deals at `at` (not ended, not reported gone), newest first after `after`, that `viewerId`
 * may see, as the kernel's item rows: served by deals_restaurant_tab_idx, the end checked on
 * each row it reads.
 */
export function restaurantDealsSql(params: RestaurantDealsParams): SQL {
  const conditions = [
    sql`d.restaurant_id = ${params.restaurantId}`,
    // Read from deals_restaurant_tab_idx, whose condition activeDealSql restates.
    activeDealSql("d", params.viewerId, params.at),
  ];
  if (params.after) {
    conditions.push(
      sql`(d.created_at, d.id) < (${params.after.createdAt}::timestamptz, ${params.after.id}::uuid)`,
    );
  }
  const page = sql`
    select ${itemColumns("deal", "d", params.at)} from deals d
     where ${sql.join(conditions, sql` and `)}
     order by d.created_at desc, d.id desc
     limit ${params.limit}`;
  return itemRowsSql(page, { viewerId: params.viewerId, limit: params.limit });
}

export async function selectRestaurantDeals(
  db: Executor,
  params: RestaurantDealsParams,
): Promise<ItemRow[]> {
  return (await db.execute<ItemRow>(restaurantDealsSql(params))).rows;
}

export interface NearbyDealsParams {
  centre: Centre;
  radius: number;
  viewerId: string | undefined;
  at: Date;
  limit: number;
}

/**
 * The active deals (as a restaurant's Deals tab lists them) at pinned restaurants within
 * `radius` metres of `centre`, nearest first, at most `limit`, as the kernel's item rows with
 * the distance in metres as `sort_key`. The circle's restaurants are sorted by distance and
 * each one's deals read from deals_restaurant_tab_idx in that order, so a dense city stops
 * reading once the nearest places have given `limit` deals.
 */
export function nearbyDealsSql(params: NearbyDealsParams): SQL {
  // The places come sorted (a few thousand at most in a dense city's 25 km), so the join keeps
  // their order and the LIMIT stops it: only the nearest places' deals are read.
  const page = sql`
    select ${itemColumns("deal", "d", params.at)}, n.distance as sort_key
      from (select id, distance from (${restaurantsWithinSql(params.centre, params.radius)}) c
             order by distance, id) n
      join deals d on d.restaurant_id = n.id
     where ${activeDealSql("d", params.viewerId, params.at)}
     order by n.distance, n.id, d.created_at, d.id
     limit ${params.limit}`;
  return itemRowsSql(page, {
    viewerId: params.viewerId,
    limit: params.limit,
    order: { direction: "asc", keyed: true },
  });
}

export async function selectNearbyDeals(
  db: Executor,
  params: NearbyDealsParams,
): Promise<ItemRow[]> {
  return (await db.execute<ItemRow>(nearbyDealsSql(params))).rows;
}

/** Where each of `ids`' restaurants is pinned (Nearby's deals are all at pinned places). */
export async function selectRestaurantPins(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, { lat: number; lng: number }>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: string; lat: number; lng: number }>(sql`
    select id, latitude as lat, longitude as lng from restaurants
     where id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )}) and latitude is not null and longitude is not null`);
  return new Map(result.rows.map(({ id, lat, lng }) => [id, { lat, lng }]));
}
