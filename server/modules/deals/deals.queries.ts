import { eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { dealImages, deals, type NewDeal } from "#server/db/schema/deals.ts";
import type { ImageRow, NewImage } from "#server/modules/items/items.queries.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import type { Cursor } from "#server/modules/shared/keyset.ts";
import { CREATED_AT_TEXT } from "#server/modules/shared/keyset.ts";

// When a deal runs is decided in SQL, at a moment the caller passes (the request's now, or a
// test's chosen instant), so listings drop ended deals by themselves (docs/decisions/0029).

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

export async function insertDealImages(
  db: Executor,
  dealId: string,
  images: readonly NewImage[],
): Promise<void> {
  if (images.length === 0) return;
  await db.insert(dealImages).values(images.map((image) => ({ ...image, dealId })));
}

export async function selectDealImages(
  db: Executor,
  dealIds: readonly string[],
): Promise<ImageRow<"deal">[]> {
  if (dealIds.length === 0) return [];
  const ids = sql.join(
    dealIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute<ImageRow<"deal">>(sql`
    select 'deal'::text as kind, deal_id as "itemId", id, image_url as "imageUrl",
           display_order as "displayOrder", width, height, placeholder, alt_text as "altText"
      from deal_images where deal_id in (${ids})
     order by deal_id, display_order, id`);
  return result.rows;
}

/** The deal's author, row-locked for its deletion, with its photos' addresses. */
export async function lockDeal(
  db: Executor,
  id: string,
): Promise<{ id: string; userId: string } | undefined> {
  const result = await db.execute<{ id: string; user_id: string }>(
    sql`select id, user_id from deals where id = ${id} for update`,
  );
  const row = result.rows[0];
  return row && { id: row.id, userId: row.user_id };
}

export async function deleteDealRow(db: Executor, id: string): Promise<void> {
  await db.delete(deals).where(eq(deals.id, id));
}

/** Not past its end at `at` (weekly deals without a last day never end). */
function notEndedSql(alias: string, at: Date): SQL {
  const d = sql.raw(alias);
  return sql`(${d}.ends_at is null or ${d}.ends_at > ${at.toISOString()}::timestamptz)`;
}

/**
 * Whether the deal `d` runs at `at`, given `local` = `at` on its zone's wall clock: before its
 * end, and for a weekly deal inside a window. A window that ends before it starts runs past
 * midnight, so early in a day it is the previous day's window that counts.
 */
function onNowSql(at: Date): SQL {
  const minute = sql`(extract(hour from lt.local)::int * 60 + extract(minute from lt.local)::int)`;
  const dow = sql`extract(isodow from lt.local)::int`;
  const dayBit = (index: SQL) => sql`(d.week_days::int & (1 << ${index})) <> 0`;
  const today = dayBit(sql`(${dow} - 1)`);
  // Monday's previous day is Sunday (bit 6).
  const yesterday = dayBit(sql`((${dow} + 5) % 7)`);
  return sql`(${notEndedSql("d", at)} and (
      d.week_days is null
      or (d.starts_minute < d.ends_minute
          and ${today} and ${minute} >= d.starts_minute and ${minute} < d.ends_minute)
      or (d.starts_minute > d.ends_minute
          and ((${today} and ${minute} >= d.starts_minute)
               or (${yesterday} and ${minute} < d.ends_minute)))))`;
}

export interface DealRow extends Record<string, unknown> {
  id: string;
  created_at_text: string;
  updated_at: Date | string;
  user_id: string;
  title: string;
  details: string | null;
  time_zone: string;
  ends_at: Date | string | null;
  week_days: number | null;
  starts_minute: number | null;
  ends_minute: number | null;
  last_day: string | null;
  is_hidden: boolean;
  is_on_now: boolean;
  has_ended: boolean;
  author_username: string;
  author_full_name: string | null;
  author_slug: string | null;
  author_avatar_url: string | null;
  restaurant_id: string;
  restaurant_name: string;
  restaurant_slug: string | null;
  restaurant_address: string | null;
  restaurant_price_level: number | null;
}

/** Deals `d` matching `where`, newest first, with author, restaurant and where they stand at `at`. */
function dealRowsSql(where: SQL, at: Date, limit: number): SQL {
  return sql`
    select d.id,
           to_char(d.created_at at time zone 'UTC', ${sql.raw(CREATED_AT_TEXT)}) as created_at_text,
           d.updated_at, d.user_id, d.title, d.details, d.time_zone, d.ends_at, d.week_days,
           d.starts_minute, d.ends_minute, d.last_day::text as last_day, d.is_hidden,
           ${onNowSql(at)} as is_on_now, not ${notEndedSql("d", at)} as has_ended,
           a.username as author_username, a.full_name as author_full_name,
           a.slug as author_slug, a.avatar_url as author_avatar_url,
           rs.id as restaurant_id, rs.name as restaurant_name, rs.slug as restaurant_slug,
           rs.address as restaurant_address, rs.price_level as restaurant_price_level
      from deals d
      cross join lateral (select ${at.toISOString()}::timestamptz at time zone d.time_zone as local) lt
      join profiles a on a.id = d.user_id
      join restaurants rs on rs.id = d.restaurant_id
     where ${where}
     order by d.created_at desc, d.id desc
     limit ${limit}`;
}

/**
 * One deal as `viewerId` may open it: not hidden unless theirs, its author visible to them.
 * An ended deal still opens (a link to it keeps working), marked as ended.
 */
export function viewableDealSql(id: string, viewerId: string | undefined, at: Date): SQL {
  const hidden = viewerId
    ? sql`(not d.is_hidden or d.user_id = ${viewerId})`
    : sql`not d.is_hidden`;
  const where = sql`d.id = ${id} and ${hidden} and ${visibleAuthorSql(viewerId, sql`d.user_id`)}`;
  return dealRowsSql(where, at, 1);
}

export async function selectViewableDeal(
  db: Executor,
  id: string,
  viewerId: string | undefined,
  at: Date,
): Promise<DealRow | undefined> {
  return (await db.execute<DealRow>(viewableDealSql(id, viewerId, at))).rows[0];
}

export interface RestaurantDealsParams {
  restaurantId: string;
  viewerId: string | undefined;
  at: Date;
  after: Cursor | undefined;
  limit: number;
}

/**
 * A restaurant's deals that have not ended at `at`, newest first after `after`, that `viewerId`
 * may see: served by deals_restaurant_tab_idx, the end checked on each row it reads.
 */
export function restaurantDealsSql(params: RestaurantDealsParams): SQL {
  const conditions = [
    sql`d.restaurant_id = ${params.restaurantId}`,
    sql`not d.is_hidden`,
    notEndedSql("d", params.at),
    visibleAuthorSql(params.viewerId, sql`d.user_id`),
  ];
  if (params.after) {
    conditions.push(
      sql`(d.created_at, d.id) < (${params.after.createdAt}::timestamptz, ${params.after.id}::uuid)`,
    );
  }
  return dealRowsSql(sql.join(conditions, sql` and `), params.at, params.limit);
}

export async function selectRestaurantDeals(
  db: Executor,
  params: RestaurantDealsParams,
): Promise<DealRow[]> {
  return (await db.execute<DealRow>(restaurantDealsSql(params))).rows;
}
