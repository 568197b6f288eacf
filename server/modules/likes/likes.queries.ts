import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { likes, postLikes } from "#server/db/schema/social.ts";
import type { ItemKind } from "#server/modules/feed/items.queries.ts";

/** Inserts the like unless it exists; true when a row was actually added. */
export async function insertLike(
  db: Executor,
  kind: ItemKind,
  itemId: string,
  userId: string,
): Promise<boolean> {
  const rows =
    kind === "review"
      ? await db
          .insert(likes)
          .values({ userId, reviewId: itemId })
          .onConflictDoNothing()
          .returning({ userId: likes.userId })
      : await db
          .insert(postLikes)
          .values({ userId, postId: itemId })
          .onConflictDoNothing()
          .returning({ userId: postLikes.userId });
  return rows.length > 0;
}

/** Deletes the like if present; true when a row was actually removed. */
export async function deleteLike(
  db: Executor,
  kind: ItemKind,
  itemId: string,
  userId: string,
): Promise<boolean> {
  const rows =
    kind === "review"
      ? await db
          .delete(likes)
          .where(and(eq(likes.userId, userId), eq(likes.reviewId, itemId)))
          .returning({ userId: likes.userId })
      : await db
          .delete(postLikes)
          .where(and(eq(postLikes.userId, userId), eq(postLikes.postId, itemId)))
          .returning({ userId: postLikes.userId });
  return rows.length > 0;
}
