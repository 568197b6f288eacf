import { IMAGE_VARIANT_SUFFIXES } from "#domain/photos.ts";
import type { Executor } from "#server/db/client.ts";
import { ORIGINAL_VARIANT_SUFFIX } from "#server/media/photo-files.ts";
import type { Storage } from "#server/media/storage.ts";
import { visibleProfileExists } from "#server/modules/shared/people.ts";
import { isPendingUploadOf } from "#server/modules/uploads/uploads.queries.ts";
import { findItemPhotoAudience } from "./items.queries.ts";

/**
 * Who a stored file is served to: `everyone` (cacheable by anyone), `viewer` (this signed-in
 * person may see it, others may not: never stored by shared caches) or `nobody` (404).
 */
export type FileAudience = "everyone" | "viewer" | "nobody";

/** The content type of each file name ending the media route serves; nothing else is served. */
export const SERVED_TYPES = { ".webp": "image/webp", ".jpg": "image/jpeg" } as const;

/**
 * Who may fetch the stored file `key`, decided on every request, so hiding an item, making an
 * account private, a block or a deletion request stops its photos at once:
 * - an original (kept for its owner's data export, read there from storage) is never served;
 * - an avatar (`avatars/<user id>/…`) as its person may be seen (a private account's name and
 *   photo stay public; a leaving account's and a block's other side do not);
 * - a review or post photo (either variant) as its item may be seen, by its author and by
 *   moderators always; a photo uploaded for a review not posted yet, by its uploader alone.
 */
export async function storedFileAudience(
  db: Executor,
  storage: Storage,
  key: string,
  viewerId: string | undefined,
): Promise<FileAudience> {
  if (key.endsWith(ORIGINAL_VARIANT_SUFFIX)) return "nobody";
  const [area, owner] = key.split("/");
  if (area === "avatars" && owner) {
    if (await visibleProfileExists(db, owner, undefined, "person")) return "everyone";
    const seen = viewerId === owner || (await visibleProfileExists(db, owner, viewerId, "person"));
    return viewerId && seen ? "viewer" : "nobody";
  }
  const { large, small } = IMAGE_VARIANT_SUFFIXES;
  const largeKey = key.endsWith(small) ? `${key.slice(0, -small.length)}${large}` : key;
  const imageUrl = storage.urlOf(largeKey);
  const audience = await findItemPhotoAudience(db, imageUrl, viewerId);
  if (audience?.everyone) return "everyone";
  if (audience?.viewer) return "viewer";
  if (!audience && viewerId && (await isPendingUploadOf(db, viewerId, imageUrl))) return "viewer";
  return "nobody";
}
