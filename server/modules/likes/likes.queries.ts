import { and, eq, sql } from "drizzle-orm";
import { type ItemKind, itemKinds } from "#domain/item-kinds.ts";
import type { Executor } from "#server/db/client.ts";
import { bumpItemCounter, lowerItemCounterSql } from "#server/modules/items/item-counters.ts";
import { itemTables } from "#server/modules/items/item-tables.ts";
import { betweenPeopleSql } from "#server/modules/shared/people.ts";
import type { PersonTies } from "#server/modules/shared/person-ties.ts";

/** Inserts the like unless it exists; true when a row was actually added. */
export async function insertLike(
  db: Executor,
  kind: ItemKind,
  itemId: string,
  userId: string,
): Promise<boolean> {
  const { likes, likeItemId } = itemTables[kind];
  const result = await db.execute(sql`
    insert into ${likes} (user_id, ${sql.identifier(likeItemId.name)})
    values (${userId}, ${itemId})
    on conflict do nothing
    returning user_id`);
  return result.rows.length > 0;
}

/** Deletes the like if present; true when a row was actually removed. */
export async function deleteLike(
  db: Executor,
  kind: ItemKind,
  itemId: string,
  userId: string,
): Promise<boolean> {
  const { likes, likeItemId } = itemTables[kind];
  const rows = await db
    .delete(likes)
    .where(and(eq(likes.userId, userId), eq(likeItemId, itemId)))
    .returning({ userId: likes.userId });
  return rows.length > 0;
}

/** Adds `delta` to the item's like_count (one per like row) and returns the new value. */
export function bumpLikeCount(db: Executor, kind: ItemKind, itemId: string, delta: 1 | -1) {
  return bumpItemCounter(db, kind, itemId, "likeCount", delta);
}

/**
 * Deletes each one's likes on the other's reviews and posts, moving every touched item's
 * like_count by the likes removed, one statement per kind.
 */
async function deleteLikesBetween(db: Executor, a: string, b: string): Promise<void> {
  for (const kind of itemKinds) {
    const { items, likes, likeItemId } = itemTables[kind];
    await db.execute(sql`
      with gone as (
        delete from ${likes} using ${items}
         where ${items.id} = ${likeItemId}
           and ${betweenPeopleSql(a, b, sql`${likes.userId}`, sql`${items.userId}`)}
        returning ${likeItemId} as item_id)
      ${lowerItemCounterSql(kind, "likeCount", sql`select item_id, count(*)::int as count from gone group by item_id`)}`);
  }
}

/**
 * Takes a leaving account's likes off everyone else's like counts, as unliking each would (its
 * own items go with it). Before the account's rows are deleted.
 */
async function releaseLikeCounts(db: Executor, userId: string): Promise<void> {
  for (const kind of itemKinds) {
    const { likes, likeItemId } = itemTables[kind];
    await db.execute(
      lowerItemCounterSql(
        kind,
        "likeCount",
        sql`select ${likeItemId} as item_id, count(*)::int as count
              from ${likes} where ${likes.userId} = ${userId} group by 1`,
      ),
    );
  }
}

/** Likes as contact a block ends and an erased account releases. */
export const likeTies: PersonTies = {
  deleteBetween: deleteLikesBetween,
  releaseCountsOf: releaseLikeCounts,
};
