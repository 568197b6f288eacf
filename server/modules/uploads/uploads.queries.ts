import { and, eq, inArray, lt } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { type ImageUpload, imageUploads, type NewImageUpload } from "#server/db/schema/uploads.ts";

export async function insertUpload(db: Executor, values: NewImageUpload): Promise<ImageUpload> {
  const [row] = await db.insert(imageUploads).values(values).returning();
  if (!row) throw new Error("image upload was not inserted");
  return row;
}

/**
 * Takes the given uploads of `userId` out of the pending table (inside the caller's
 * transaction, so a rollback puts them back). Returns only those found.
 */
export async function takeUploads(
  db: Executor,
  userId: string,
  ids: readonly string[],
): Promise<ImageUpload[]> {
  if (ids.length === 0) return [];
  return db
    .delete(imageUploads)
    .where(and(eq(imageUploads.userId, userId), inArray(imageUploads.id, [...ids])))
    .returning();
}

/** Removes one pending upload (its files could not be stored). */
export async function deleteUpload(db: Executor, id: string): Promise<void> {
  await db.delete(imageUploads).where(eq(imageUploads.id, id));
}

/** Removes uploads created before `before` and returns their addresses. */
export async function deleteUploadsBefore(
  db: Executor,
  before: Date,
): Promise<Array<{ imageUrl: string }>> {
  return db
    .delete(imageUploads)
    .where(lt(imageUploads.createdAt, before))
    .returning({ imageUrl: imageUploads.imageUrl });
}

/** Whether `imageUrl` is a photo `userId` uploaded and has not used in a review or post yet. */
export async function isPendingUploadOf(
  db: Executor,
  userId: string,
  imageUrl: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: imageUploads.id })
    .from(imageUploads)
    .where(and(eq(imageUploads.userId, userId), eq(imageUploads.imageUrl, imageUrl)))
    .limit(1);
  return rows.length > 0;
}
