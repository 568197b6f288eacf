import { IMAGE_VARIANT_SUFFIXES, imageUrls, type UploadedImageDto } from "#domain/photos.ts";
import { photoMessages } from "#domain/photos-rules.ts";
import type { Database, Executor } from "#server/db/client.ts";
import type { ImageUpload } from "#server/db/schema/uploads.ts";
import { ApiError } from "#server/http/errors.ts";
import { encodeUploadedImage } from "#server/http/upload-body.ts";
import type { ImageJobs } from "#server/media/images.ts";
import {
  deleteImageFiles,
  deleteStoredImages,
  type Logger,
  ORIGINAL_VARIANT_SUFFIX,
} from "#server/media/photo-files.ts";
import { randomName, type Storage } from "#server/media/storage.ts";
import { deleteAvatarUploadsBefore } from "#server/modules/shared/avatar-uploads.ts";
import { deleteUpload, deleteUploadsBefore, insertUpload, takeUploads } from "./uploads.queries.ts";

export interface UploadContext {
  db: Database;
  userId: string;
  storage: Storage;
  images: ImageJobs;
  log: Logger;
}

/** Unclaimed uploads older than this are deleted with their files. */
const STALE_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;

function toUploadedImageDto(row: ImageUpload): UploadedImageDto {
  return {
    id: row.id,
    ...imageUrls(row.imageUrl),
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
  };
}

/**
 * Re-encodes a photo into its variants, records the pending upload, then stores the files under
 * a server-chosen key. The row comes first, so a crash at any point leaves no file that no row
 * names: the sweep of stale uploads removes the row and whatever was written. A failure here
 * removes both at once.
 */
export async function uploadPhoto(
  ctx: UploadContext,
  file: Buffer,
  alt: string | null,
): Promise<UploadedImageDto> {
  const encoded = await encodeUploadedImage(
    () => ctx.images.encodePhoto(file),
    photoMessages.invalidType,
  );
  const base = `photos/${ctx.userId}/${randomName()}`;
  const largeKey = `${base}${IMAGE_VARIANT_SUFFIXES.large}`;
  const smallKey = `${base}${IMAGE_VARIANT_SUFFIXES.small}`;
  const originalKey = `${base}${ORIGINAL_VARIANT_SUFFIX}`;
  const row = await insertUpload(ctx.db, {
    userId: ctx.userId,
    imageUrl: ctx.storage.urlOf(largeKey),
    width: encoded.large.width,
    height: encoded.large.height,
    placeholder: encoded.placeholder,
    altText: alt,
  });
  try {
    await ctx.storage.put(largeKey, encoded.large.data, encoded.large.contentType);
    await ctx.storage.put(smallKey, encoded.small.data, encoded.small.contentType);
    await ctx.storage.put(originalKey, encoded.original.data, encoded.original.contentType);
  } catch (error) {
    await deleteUpload(ctx.db, row.id);
    await deleteStoredImages(ctx.storage, ctx.log, [largeKey, smallKey, originalKey]);
    throw error;
  }
  return toUploadedImageDto(row);
}

export interface ImageRef {
  uploadId: string;
  alt: string | null;
}

export interface ClaimedImage {
  imageUrl: string;
  width: number;
  height: number;
  placeholder: string;
  altText: string | null;
}

/**
 * Claims the caller's pending uploads for a review or post, in the given order, inside the
 * caller's transaction. Any id that is not a pending upload of this user fails the whole
 * request (400), which rolls the transaction back and leaves every upload claimable.
 */
export async function claimUploads(
  tx: Executor,
  userId: string,
  refs: readonly ImageRef[],
): Promise<ClaimedImage[]> {
  const ids = refs.map((ref) => ref.uploadId);
  if (new Set(ids).size !== ids.length) {
    throw ApiError.badRequest(photoMessages.uploadInvalid, "INVALID_UPLOAD");
  }
  const rows = await takeUploads(tx, userId, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return refs.map((ref) => {
    const row = byId.get(ref.uploadId);
    if (!row) throw ApiError.badRequest(photoMessages.uploadInvalid, "INVALID_UPLOAD");
    return {
      imageUrl: row.imageUrl,
      width: row.width,
      height: row.height,
      placeholder: row.placeholder,
      altText: ref.alt ?? row.altText,
    };
  });
}

/**
 * Deletes unclaimed uploads older than `maxAgeMs` and their files, photos and avatars alike;
 * returns how many.
 */
export async function cleanupStaleUploads(
  db: Database,
  storage: Storage,
  log: Logger,
  maxAgeMs = STALE_UPLOAD_AGE_MS,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - maxAgeMs);
  const removed = await deleteUploadsBefore(db, before);
  await deleteImageFiles(
    storage,
    log,
    removed.map((row) => row.imageUrl),
  );
  const avatarKeys = await deleteAvatarUploadsBefore(db, before);
  await Promise.all(
    avatarKeys.map((key) =>
      storage.delete(key).catch((error: unknown) => {
        log.warn({ err: error, key }, "deleting an unsaved avatar failed");
      }),
    ),
  );
  return removed.length + avatarKeys.length;
}
