import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  type NewPost,
  type NewPostImage,
  type Post,
  type PostImage,
  postImages,
  posts,
} from "#server/db/schema/posts.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { restaurants } from "#server/db/schema/restaurants.ts";
import { postLikes } from "#server/db/schema/social.ts";
import { authorColumns, restaurantRefColumns } from "#server/modules/reviews/content.columns.ts";

export async function insertPost(db: Executor, values: NewPost): Promise<Post> {
  const [row] = await db.insert(posts).values(values).returning();
  if (!row) throw new Error("post was not inserted");
  return row;
}

export async function insertPostImages(db: Executor, rows: NewPostImage[]): Promise<void> {
  if (rows.length > 0) await db.insert(postImages).values(rows);
}

export async function findPostForUpdate(db: Executor, id: string): Promise<Post | undefined> {
  const [row] = await db.select().from(posts).where(eq(posts.id, id)).limit(1).for("update");
  return row;
}

export async function selectPostImages(db: Executor, postId: string): Promise<PostImage[]> {
  return db
    .select()
    .from(postImages)
    .where(eq(postImages.postId, postId))
    .orderBy(postImages.displayOrder, postImages.id);
}

export async function updatePostRow(
  db: Executor,
  id: string,
  changes: Partial<Pick<NewPost, "title" | "content">>,
): Promise<void> {
  await db
    .update(posts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(posts.id, id));
}

export async function deletePostImagesByIds(db: Executor, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(postImages).where(inArray(postImages.id, ids));
}

export async function updatePostImage(
  db: Executor,
  id: string,
  changes: { displayOrder: number; altText: string | null },
): Promise<void> {
  await db.update(postImages).set(changes).where(eq(postImages.id, id));
}

export async function deletePostRow(db: Executor, id: string): Promise<void> {
  await db.delete(posts).where(eq(posts.id, id));
}

export async function selectPostDetail(db: Executor, id: string, viewerId: string | null) {
  const likedByMe = viewerId
    ? sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`
    : sql<boolean>`false`;
  const [row] = await db
    .select({
      post: posts,
      author: authorColumns,
      restaurant: restaurantRefColumns,
      likedByMe,
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.userId))
    .leftJoin(restaurants, eq(restaurants.id, posts.restaurantId))
    .where(and(eq(posts.id, id), eq(posts.isHidden, false)))
    .limit(1);
  return row;
}
