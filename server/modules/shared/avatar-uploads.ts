import { and, eq, lt } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { avatarUploads } from "#server/db/schema/uploads.ts";

// Avatars uploaded and not yet saved to a profile. Profiles record and claim them; the uploads
// sweep removes the ones nobody saved within a day, with their files; an account's erasure
// reads them to delete their files.

/**
 * Records a stored avatar as pending until the profile saves it (claimAvatarUpload), before the
 * file is written, so no file is left that no row names.
 */
export async function recordAvatarUpload(db: Executor, userId: string, key: string) {
  await db.insert(avatarUploads).values({ key, userId }).onConflictDoNothing();
}

/**
 * Takes `userId`'s pending avatar `key` out of the table, inside the transaction that saves it
 * to the profile (a rollback puts it back); whether it was pending. One no longer pending was
 * swept with its file, or was never this person's upload.
 */
export async function claimAvatarUpload(
  db: Executor,
  userId: string,
  key: string,
): Promise<boolean> {
  const rows = await db
    .delete(avatarUploads)
    .where(and(eq(avatarUploads.userId, userId), eq(avatarUploads.key, key)))
    .returning({ key: avatarUploads.key });
  return rows.length > 0;
}

/** Removes avatar uploads created before `before` and returns their keys. */
export async function deleteAvatarUploadsBefore(db: Executor, before: Date): Promise<string[]> {
  const rows = await db
    .delete(avatarUploads)
    .where(lt(avatarUploads.createdAt, before))
    .returning({ key: avatarUploads.key });
  return rows.map((row) => row.key);
}
