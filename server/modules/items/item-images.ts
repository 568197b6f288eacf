import type { ItemKind } from "#domain/item-kinds.ts";
import type { ImageEdit } from "#domain/photos.ts";
import { photoMessages } from "#domain/photos-rules.ts";
import type { Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { claimUploads } from "#server/modules/uploads/uploads.service.ts";
import {
  deleteItemImages,
  insertItemImages,
  type NewImage,
  selectItemImages,
  updateItemImage,
} from "./items.queries.ts";

/**
 * Applies a complete new photo list to an item inside the caller's transaction: photos it
 * already has by imageId, new uploads by uploadId, display order = position in the list. A
 * photo left out is removed. Returns the addresses of removed photos, whose files the caller
 * deletes after commit.
 */
export async function applyImageEdits(
  tx: Executor,
  kind: ItemKind,
  itemId: string,
  userId: string,
  edits: readonly ImageEdit[],
): Promise<string[]> {
  const existing = await selectItemImages(tx, [{ kind, id: itemId }]);
  const byId = new Map(existing.map((image) => [image.id, image]));
  const kept = new Set<string>();
  for (const edit of edits) {
    if (!("imageId" in edit)) continue;
    if (!byId.has(edit.imageId) || kept.has(edit.imageId)) {
      throw ApiError.badRequest(photoMessages.uploadInvalid, "INVALID_IMAGE");
    }
    kept.add(edit.imageId);
  }
  const removed = existing.filter((image) => !kept.has(image.id));
  await deleteItemImages(
    tx,
    kind,
    removed.map((image) => image.id),
  );
  const claimed = await claimUploads(
    tx,
    userId,
    edits.flatMap((edit) =>
      "uploadId" in edit ? [{ uploadId: edit.uploadId, alt: edit.alt ?? null }] : [],
    ),
  );
  const inserts: NewImage[] = [];
  for (const [index, edit] of edits.entries()) {
    if ("imageId" in edit) {
      const current = byId.get(edit.imageId);
      const altText = edit.alt === undefined ? (current?.altText ?? null) : edit.alt || null;
      await updateItemImage(tx, kind, edit.imageId, { displayOrder: index, altText });
    } else {
      const image = claimed[inserts.length];
      if (image) inserts.push({ ...image, displayOrder: index });
    }
  }
  await insertItemImages(tx, kind, itemId, inserts);
  return removed.map((image) => image.imageUrl);
}
