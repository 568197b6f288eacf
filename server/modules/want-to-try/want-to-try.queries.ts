import { type SQL, sql } from "drizzle-orm";
import type { WantToTryKind, WantToTryStatus, WantToTryVisibility } from "#domain/want-to-try.ts";
import type { Executor } from "#server/db/client.ts";
import { restaurantPhotoSql } from "#server/modules/restaurants/restaurants.queries.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import { CREATED_AT_TEXT, type Cursor } from "#server/modules/shared/keyset.ts";

/** What an entry is of: a restaurant, or a dish (by its key) at a restaurant. */
export type EntryTarget =
  | { kind: "restaurant"; restaurantId: string }
  | { kind: "dish"; restaurantId: string; dishKey: string };

/** A new entry: its target, and for a dish the name and the review it was saved from. */
export type NewEntry =
  | Extract<EntryTarget, { kind: "restaurant" }>
  | (Extract<EntryTarget, { kind: "dish" }> & { dishName: string; sourceReviewId: string });

/** The entry of `target`, as the unique index want_to_try_entry_unique finds it. */
function matchesTarget(target: EntryTarget): SQL {
  const key = target.kind === "dish" ? target.dishKey : "";
  return sql`restaurant_id = ${target.restaurantId} and kind = ${target.kind}
             and coalesce(dish_key, '') = ${key}`;
}

/**
 * Saves `entry` for the person. Saving what they already want changes nothing; saving what
 * they tried makes it a new "want" (saved now, tried cleared). True when a row was added, which
 * is what makes the list longer.
 */
export async function upsertEntry(db: Executor, userId: string, entry: NewEntry): Promise<boolean> {
  const dish = entry.kind === "dish" ? entry : undefined;
  const result = await db.execute<{ inserted: boolean }>(sql`
    insert into want_to_try (user_id, kind, restaurant_id, dish_name, dish_key, source_review_id)
    values (${userId}, ${entry.kind}, ${entry.restaurantId}, ${dish?.dishName ?? null},
            ${dish?.dishKey ?? null}, ${dish?.sourceReviewId ?? null})
    on conflict (user_id, restaurant_id, kind, (coalesce(dish_key, ''))) do update
       set created_at = now(), tried_at = null, tried_review_id = null,
           dish_name = excluded.dish_name, source_review_id = excluded.source_review_id
     where want_to_try.tried_at is not null
    returning (xmax = 0) as inserted`);
  // No row: it was already wanted. xmax = 0: a fresh insert rather than an update.
  return result.rows[0]?.inserted === true;
}

/** Deletes the person's untried entry of `target` (a tried one stays in their Tried list). */
export async function deleteWantedEntry(
  db: Executor,
  userId: string,
  target: EntryTarget,
): Promise<void> {
  await db.execute(sql`
    delete from want_to_try
     where user_id = ${userId} and ${matchesTarget(target)} and tried_at is null`);
}

/** Deletes one entry of the person's, either half; false when they have no such entry. */
export async function deleteEntryById(
  db: Executor,
  userId: string,
  entryId: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    delete from want_to_try where id = ${entryId} and user_id = ${userId} returning id`);
  return result.rows.length > 0;
}

/** The review that may answer saved entries: its author's, at its restaurant. */
export interface AnsweringReview {
  id: string;
  userId: string;
  restaurantId: string;
  /** A dish review's dish key; null for a restaurant review. */
  dishKey: string | null;
}

/**
 * Marks the author's untried entries that `review` answers as tried by it: the restaurant's
 * entry, and for a dish review the entry of that dish there. Served by
 * want_to_try_entry_unique (user_id, restaurant_id, …).
 */
export function markTriedSql(review: AnsweringReview): SQL {
  const dish =
    review.dishKey === null
      ? sql``
      : sql`or (kind = 'dish' and coalesce(dish_key, '') = ${review.dishKey})`;
  return sql`
    update want_to_try set tried_at = now(), tried_review_id = ${review.id}
     where user_id = ${review.userId} and restaurant_id = ${review.restaurantId}
       and tried_at is null and (kind = 'restaurant' ${dish})
    returning id`;
}

/** How many entries moved to Tried. */
export async function markEntriesTried(db: Executor, review: AnsweringReview): Promise<number> {
  const result = await db.execute<{ id: string }>(markTriedSql(review));
  return result.rows.length;
}

export interface WantToTryCounts {
  want: number;
  tried: number;
}

/** Both halves' sizes, each counted index-only on its partial index. */
export function countsSql(userId: string): SQL {
  return sql`
    select (select count(*)::int from want_to_try where user_id = ${userId} and tried_at is null)
             as want,
           (select count(*)::int from want_to_try where user_id = ${userId}
               and tried_at is not null) as tried`;
}

export async function selectCounts(db: Executor, userId: string): Promise<WantToTryCounts> {
  const result = await db.execute<{ want: number; tried: number }>(countsSql(userId));
  const row = result.rows[0];
  return { want: Number(row?.want ?? 0), tried: Number(row?.tried ?? 0) };
}

/** Who may count the person's saves (profiles.want_to_try_visibility). */
export async function selectVisibility(db: Executor, userId: string): Promise<WantToTryVisibility> {
  const result = await db.execute<{ visibility: WantToTryVisibility }>(sql`
    select want_to_try_visibility as visibility from profiles where id = ${userId}`);
  return result.rows[0]?.visibility ?? "private";
}

export async function updateVisibility(
  db: Executor,
  userId: string,
  visibility: WantToTryVisibility,
): Promise<void> {
  await db.execute(sql`
    update profiles set want_to_try_visibility = ${visibility} where id = ${userId}`);
}

/** Everything the person still wants to try, newest saved first, through want_to_try_want_idx. */
export function wantedKeysSql(userId: string): SQL {
  return sql`
    select kind, restaurant_id, dish_key from want_to_try
     where user_id = ${userId} and tried_at is null
     order by created_at desc, id desc`;
}

export async function selectWantedKeys(
  db: Executor,
  userId: string,
): Promise<{ kind: WantToTryKind; restaurant_id: string; dish_key: string | null }[]> {
  const result = await db.execute<{
    kind: WantToTryKind;
    restaurant_id: string;
    dish_key: string | null;
  }>(wantedKeysSql(userId));
  return result.rows;
}

export interface EntryRow extends Record<string, unknown> {
  id: string;
  kind: WantToTryKind;
  dish_name: string | null;
  created_at: Date | string;
  tried_at: Date | string | null;
  tried_review_id: string | null;
  /** The half's sort time (saved or tried) in the cursor's microsecond text form. */
  position_text: string;
  restaurant_id: string;
  restaurant_name: string;
  restaurant_address: string | null;
  restaurant_slug: string | null;
  restaurant_price_level: number | null;
  photo_url: string | null;
}

/**
 * One page of a half of the person's list: still to try newest saved first
 * (want_to_try_want_idx), or tried newest tried first (want_to_try_tried_idx), keyset on that
 * time and the id. Each entry's photo: the first photo of the review it was saved from (unless
 * that review was hidden, and not the person's own), else the first photo among its
 * restaurant's newest visible reviews. The photos are read for the page's rows only.
 */
export function entryPageSql(params: {
  userId: string;
  status: WantToTryStatus;
  after?: Cursor | undefined;
  limit: number;
}): SQL {
  const { userId, status, after, limit } = params;
  const [time, half] =
    status === "want"
      ? [sql.raw("e.created_at"), sql`e.tried_at is null`]
      : [sql.raw("e.tried_at"), sql`e.tried_at is not null`];
  const position = after
    ? sql`and (${time}, e.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  return sql`
    with page as (
      select e.id, e.user_id, e.kind, e.restaurant_id, e.dish_name, e.source_review_id,
             e.created_at, e.tried_at, e.tried_review_id,
             to_char(${time} at time zone 'UTC', ${sql.raw(CREATED_AT_TEXT)}) as position_text,
             ${time} as position_time
        from want_to_try e
       where e.user_id = ${userId} and ${half} ${position}
       order by ${time} desc, e.id desc
       limit ${limit})
    select page.id, page.kind, page.dish_name, page.created_at, page.tried_at,
           page.tried_review_id, page.position_text,
           rs.id as restaurant_id, rs.name as restaurant_name,
           rs.address as restaurant_address, rs.slug as restaurant_slug,
           rs.price_level as restaurant_price_level,
           coalesce(
             (select ri.image_url
                from review_images ri
                join reviews r on r.id = ri.review_id
               where ri.review_id = page.source_review_id
                 and (not r.is_hidden or r.user_id = page.user_id)
                 and ${visibleAuthorSql(userId, sql`r.user_id`)}
               order by ri.display_order, ri.id
               limit 1),
             ${restaurantPhotoSql(sql.raw("page.restaurant_id"), userId)}) as photo_url
      from page
      join restaurants rs on rs.id = page.restaurant_id
     order by page.position_time desc, page.id desc`;
}

export async function selectEntryPage(
  db: Executor,
  params: Parameters<typeof entryPageSql>[0],
): Promise<EntryRow[]> {
  return (await db.execute<EntryRow>(entryPageSql(params))).rows;
}

/**
 * Saves a restaurant for the person unless they have an entry of it already (wanted or tried,
 * which stays as it is): an import adds entries and never changes one. The new entry's id, or
 * null when there was one.
 */
export async function insertRestaurantEntryIfAbsent(
  db: Executor,
  userId: string,
  restaurantId: string,
): Promise<string | null> {
  const result = await db.execute<{ id: string }>(sql`
    insert into want_to_try (user_id, kind, restaurant_id)
    values (${userId}, 'restaurant', ${restaurantId})
    on conflict (user_id, restaurant_id, kind, (coalesce(dish_key, ''))) do nothing
    returning id`);
  return result.rows[0]?.id ?? null;
}

/**
 * Makes the entries the given reviews had moved to Tried wanted again (their reviews are about
 * to go: an undone import). Only what those reviews answered moves back.
 */
export async function untryEntries(db: Executor, userId: string, reviewIds: SQL): Promise<void> {
  await db.execute(sql`
    update want_to_try set tried_at = null, tried_review_id = null
     where user_id = ${userId} and tried_review_id in (${reviewIds})`);
}
