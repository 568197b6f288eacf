import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { posts } from "#server/db/schema/posts.ts";
import { reviews } from "#server/db/schema/reviews.ts";

/** What can be liked and commented on. The names match the feed's `itemType`. */
export const itemKinds = ["review", "post"] as const;
export type ItemKind = (typeof itemKinds)[number];

export interface VisibleItem {
  id: string;
  /** The author, who gets the notifications. */
  userId: string;
  likeCount: number;
  commentCount: number;
}

const tables = { review: reviews, post: posts } as const;

/** A review or post that is not hidden, or undefined (missing and hidden look the same: 404). */
export async function findVisibleItem(
  db: Executor,
  kind: ItemKind,
  id: string,
): Promise<VisibleItem | undefined> {
  const table = tables[kind];
  const [row] = await db
    .select({
      id: table.id,
      userId: table.userId,
      likeCount: table.likeCount,
      commentCount: table.commentCount,
    })
    .from(table)
    .where(and(eq(table.id, id), sql`not ${table.isHidden}`))
    .limit(1);
  return row;
}

/**
 * Adds `delta` to a counter of the item and returns the new value. Runs in the transaction
 * that inserted or deleted the counted row, so the counter always equals the row count; the
 * row lock taken here serialises concurrent changes. greatest() is a guard, never the rule.
 */
export async function bumpCounter(
  db: Executor,
  kind: ItemKind,
  id: string,
  counter: "likeCount" | "commentCount",
  delta: 1 | -1,
): Promise<number> {
  const table = tables[kind];
  const column = table[counter];
  const [row] = await db
    .update(table)
    .set({ [counter]: sql`greatest(${column} + ${delta}, 0)` })
    .where(eq(table.id, id))
    .returning({ value: column });
  return row?.value ?? 0;
}
