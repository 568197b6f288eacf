import { and, eq, sql } from "drizzle-orm";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { Executor } from "#server/db/client.ts";
import { itemTables } from "#server/modules/items/item-tables.ts";

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
