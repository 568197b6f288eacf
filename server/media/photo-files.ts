import { IMAGE_VARIANT_SUFFIXES, imageUrls } from "#domain/photos.ts";
import type { Storage } from "#server/media/storage.ts";

/**
 * A stored photo's files: every photo is kept as WebP variants (imageUrls() names them) and its
 * original, all derived from the one address a row stores. Uploading, item edits, account
 * deletion and the data export read and delete them through here.
 */

export interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * The original-resolution variant sits beside the WebP ones as `<base>-original.jpg`. It is for
 * its owner's data export only: no DTO carries its address (imageUrls() never names it).
 */
export const ORIGINAL_VARIANT_SUFFIX = "-original.jpg";

/**
 * The address of a stored image's original-resolution variant, or undefined for images stored
 * before originals were kept (and any other address), whose large variant is all there is.
 */
export function originalImageUrl(imageUrl: string): string | undefined {
  const { large } = IMAGE_VARIANT_SUFFIXES;
  if (!imageUrl.endsWith(large)) return undefined;
  return `${imageUrl.slice(0, -large.length)}${ORIGINAL_VARIANT_SUFFIX}`;
}

/** The addresses of every variant behind a stored image address, the original included. */
export function imageVariantUrls(imageUrl: string): string[] {
  const { url480, url1280 } = imageUrls(imageUrl);
  const original = originalImageUrl(imageUrl);
  return [...new Set([url1280, url480, ...(original ? [original] : [])])];
}

/** The storage keys of every variant behind a stored image address. */
function imageKeys(storage: Storage, imageUrl: string): string[] {
  return imageVariantUrls(imageUrl)
    .map((url) => storage.keyFromUrl(url))
    .filter((key): key is string => key !== undefined);
}

/** Best effort: a file that cannot be deleted is logged, never fails the request. */
export async function deleteStoredImages(
  storage: Storage,
  log: Logger,
  keys: readonly string[],
): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      storage.delete(key).catch((error: unknown) => {
        log.warn({ err: error, key }, "deleting an image file failed");
      }),
    ),
  );
}

/** Deletes the files of images whose rows are gone (after the transaction committed). */
export async function deleteImageFiles(
  storage: Storage,
  log: Logger,
  imageUrls: readonly string[],
): Promise<void> {
  await deleteStoredImages(
    storage,
    log,
    imageUrls.flatMap((url) => imageKeys(storage, url)),
  );
}
