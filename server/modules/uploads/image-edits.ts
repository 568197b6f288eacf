import type { ReviewImageEditInput } from "#domain/review.ts";
import { reviewMessages } from "#domain/review.ts";
import type { Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { type ClaimedImage, claimUploads } from "./uploads.service.ts";

export interface ExistingImage {
  id: string;
  imageUrl: string;
  altText: string | null;
}

export interface ImageEditOps {
  deleteByIds(tx: Executor, ids: string[]): Promise<void>;
  update(
    tx: Executor,
    id: string,
    changes: { displayOrder: number; altText: string | null },
  ): Promise<void>;
  insert(tx: Executor, images: Array<ClaimedImage & { displayOrder: number }>): Promise<void>;
}

type ImageEdit = {
  imageId?: string;
  uploadId?: string;
  alt?: string | null;
};

/**
 * Applies a complete new photo list (existing photos by imageId, new uploads by uploadId, in
 * display order) inside the caller's transaction. Returns the addresses of removed photos so
 * their files can be deleted after commit.
 */
export async function applyImageEdits(
  tx: Executor,
  userId: string,
  existing: readonly ExistingImage[],
  edits: readonly (ReviewImageEditInput | ImageEdit)[],
  ops: ImageEditOps,
): Promise<{ removedUrls: string[] }> {
  const list = edits as readonly ImageEdit[];
  const byId = new Map(existing.map((image) => [image.id, image]));
  const kept = new Set<string>();
  for (const edit of list) {
    if (edit.imageId === undefined) continue;
    if (!byId.has(edit.imageId) || kept.has(edit.imageId)) {
      throw ApiError.badRequest(reviewMessages.uploadInvalid, "INVALID_IMAGE");
    }
    kept.add(edit.imageId);
  }
  const removed = existing.filter((image) => !kept.has(image.id));
  await ops.deleteByIds(
    tx,
    removed.map((image) => image.id),
  );
  const uploads = list.filter((edit) => edit.uploadId !== undefined);
  const claimed = await claimUploads(
    tx,
    userId,
    uploads.map((edit) => ({ uploadId: edit.uploadId as string, alt: edit.alt ?? null })),
  );
  const inserts: Array<ClaimedImage & { displayOrder: number }> = [];
  let next = 0;
  for (const [index, edit] of list.entries()) {
    if (edit.imageId !== undefined) {
      const current = byId.get(edit.imageId) as ExistingImage;
      const altText = edit.alt === undefined ? current.altText : edit.alt || null;
      await ops.update(tx, edit.imageId, { displayOrder: index, altText });
    } else {
      inserts.push({ ...(claimed[next] as ClaimedImage), displayOrder: index });
      next += 1;
    }
  }
  await ops.insert(tx, inserts);
  return { removedUrls: removed.map((image) => image.imageUrl) };
}
