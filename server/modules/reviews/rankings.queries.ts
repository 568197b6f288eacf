import { type SQL, sql } from "drizzle-orm";
import { RANKING_LIMITS } from "#domain/rankings.ts";
import type { Executor } from "#server/db/client.ts";
import { itemColumns, itemRowsSql } from "#server/modules/items/items.queries.ts";
import { lockProfilesInOrder } from "#server/modules/shared/people.ts";

// One person's categories and the positions of their dishes in them (ADR 0030), every read a
// range of reviews_user_category_rank_idx.

/** A ranked dish of a category, best first. */
export interface RankedDish extends Record<string, unknown> {
  id: string;
  rating: number;
  rank_position: number;
}

/**
 * Takes the person's profile lock until the transaction ends, so two placements into their
 * categories never pick the same gap at once.
 */
export function lockRankings(tx: Executor, userId: string): Promise<void> {
  return lockProfilesInOrder(tx, [userId], "no key update");
}

/** A dish's category (null when unranked) and stars, or undefined when there is no such review. */
export async function selectDishRank(
  db: Executor,
  id: string,
): Promise<{ category: string | null; rating: number } | undefined> {
  const result = await db.execute<{ category: string | null; rating: number }>(
    sql`select category, rating from reviews where id = ${id}`,
  );
  return result.rows[0];
}

/** The spelling the person already uses for `category` (any case), or undefined. */
export async function selectCategorySpelling(
  db: Executor,
  userId: string,
  category: string,
): Promise<string | undefined> {
  const result = await db.execute<{ category: string }>(sql`
    select category from reviews
     where user_id = ${userId} and category is not null and lower(category) = lower(${category})
     limit 1`);
  return result.rows[0]?.category;
}

/** The category's dishes (hidden ones too: they keep their place), best first, but `exceptId`. */
export async function selectCategoryDishes(
  db: Executor,
  userId: string,
  category: string,
  exceptId: string,
): Promise<RankedDish[]> {
  const result = await db.execute<RankedDish>(sql`
    select id, rating, rank_position from reviews
     where user_id = ${userId} and category = ${category} and id <> ${exceptId}
     order by rank_position, created_at, id`);
  return result.rows.map((row) => ({ ...row, rank_position: Number(row.rank_position) }));
}

export async function setRank(
  db: Executor,
  id: string,
  category: string | null,
  position: number | null,
): Promise<void> {
  await db.execute(sql`update reviews set category = ${category}, rank_position = ${position}
                        where id = ${id}`);
}

/** Rewrites a category's positions as 1, 2, 3, … in their order (ties stay ties). */
export async function renumberCategory(
  db: Executor,
  userId: string,
  category: string,
): Promise<void> {
  await db.execute(sql`
    update reviews r set rank_position = n.place
      from (select id, dense_rank() over (order by rank_position) as place
              from reviews where user_id = ${userId} and category = ${category}) n
     where r.id = n.id`);
}

/** The categories the person has used, A to Z. */
export async function selectOwnCategories(db: Executor, userId: string): Promise<string[]> {
  const result = await db.execute<{ category: string }>(sql`
    select distinct category from reviews where user_id = ${userId} and category is not null
     order by category`);
  return result.rows.map((row) => row.category);
}

/**
 * A person's ranked dishes as the items kernel returns them, by category (A to Z) and best
 * first: the visible ones only, whoever reads (the caller checked the person may be seen).
 */
export function rankingsSql(userId: string, viewerId: string | undefined): SQL {
  const page = sql`
    select ${itemColumns("review", "r")}, r.rank_position as sort_key
      from reviews r
     where r.user_id = ${userId} and r.category is not null and not r.is_hidden
     order by r.category, r.rank_position, r.created_at, r.id
     limit ${RANKING_LIMITS.dishesMax}`;
  return itemRowsSql(page, { viewerId, order: { direction: "asc", keyed: true } });
}
