import { eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { type NewPost, type Post, posts } from "#server/db/schema/posts.ts";

export async function insertPost(db: Executor, values: NewPost): Promise<Post> {
  const [row] = await db.insert(posts).values(values).returning();
  if (!row) throw new Error("post was not inserted");
  return row;
}

export async function updatePostRow(
  db: Executor,
  id: string,
  changes: Partial<Pick<NewPost, "title" | "content">>,
): Promise<void> {
  // Always touches updated_at, even when only the photos changed.
  await db
    .update(posts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(posts.id, id));
}
