import { eq, type SQL, sql } from "drizzle-orm";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { Executor } from "#server/db/client.ts";
import { itemTables } from "./item-tables.ts";

/**
 * The counters an item row keeps of the rows that point at it: its likes and its visible
 * comments. The likes and comments modules own their rows and move these counters in the
 * transaction that changed them, so a counter always equals its rows; this file is the one
 * statement shape each move takes. greatest(…, 0) is a guard, never the rule.
 */
export type ItemCounter = "likeCount" | "commentCount";

/**
 * Adds `delta` to one item's counter and returns the new value; the row lock taken here
 * serialises concurrent changes to it.
 */
export async function bumpItemCounter(
  db: Executor,
  kind: ItemKind,
  itemId: string,
  counter: ItemCounter,
  /** ±1, or more when a comment takes its replies with it. */
  delta: number,
): Promise<number> {
  const { items } = itemTables[kind];
  const [row] = await db
    .update(items)
    .set({ [counter]: sql`greatest(${items[counter]} + ${delta}, 0)` })
    .where(eq(items.id, itemId))
    .returning({ value: items[counter] });
  return row?.value ?? 0;
}

/**
 * Lowers many items' counter at once by what went: `removed` selects `item_id` and `count`, one
 * row per item (for example counted from a `delete … returning` before it).
 */
export function lowerItemCounterSql(kind: ItemKind, counter: ItemCounter, removed: SQL): SQL {
  const { items } = itemTables[kind];
  return sql`
    update ${items}
       set ${sql.identifier(items[counter].name)} = greatest(${items[counter]} - g.count, 0)
      from (${removed}) g
     where ${items.id} = g.item_id`;
}
