import { isUuid } from "#domain/ids-rules.ts";
import type { ItemKind } from "#domain/item-kinds.ts";
import { type ItemDto, type ItemDtoOf, itemNotFoundMessages } from "#domain/items.ts";
import type { ImageEdit } from "#domain/photos.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { deleteImageFiles, type Logger } from "#server/media/photo-files.ts";
import type { Storage } from "#server/media/storage.ts";
import { ensureCallerProfile } from "#server/modules/shared/accounts.ts";
import type { PushNotifier } from "#server/modules/shared/push.ts";
import { claimUploads, type ImageRef } from "#server/modules/uploads/uploads.service.ts";
import type { PlaceSearchProvider } from "#server/places/places.ts";
import type { EventBus } from "#server/realtime/event-bus.ts";
import { applyImageEdits } from "./item-images.ts";
import { mentionInItemText, mentionsOfItems } from "./item-mentions.ts";
import { imagesByItem, itemKey, toItemDto } from "./items.mapper.ts";
import {
  claimSubmissionKey,
  deleteItemRow,
  type ItemRow,
  insertItemImages,
  lockItem,
  type NewImage,
  recordSubmission,
  selectItemImages,
  selectItemRows,
  viewableItemPage,
} from "./items.queries.ts";

/** What item services need from a request. */
export interface ItemContext {
  db: Database;
  /** The signed-in caller, or null for visitors (reads only). */
  user: SessionUser | null;
  storage: Storage;
  /** Checks the restaurant a new review or post names against the place provider. */
  places: PlaceSearchProvider;
  adminEmails: readonly string[];
  log: Logger;
  /**
   * Tells the author's other open pages about a deletion, and the people an item's text
   * mentions of their notification, after commit.
   */
  events: EventBus;
  push: PushNotifier;
  /** A new item's submission key (the Idempotency-Key header), when its client sent one. */
  submissionKey?: string | undefined;
}

export type LockedItem = NonNullable<Awaited<ReturnType<typeof lockItem>>>;

export function itemNotFound(kind: ItemKind): ApiError {
  return ApiError.notFound(itemNotFoundMessages[kind]);
}

function signedIn(ctx: ItemContext): SessionUser {
  if (!ctx.user) throw ApiError.unauthorized();
  return ctx.user;
}

/**
 * The signed-in author of a new item, with the profile row items reference (created here if the
 * sign-up hook never made it).
 */
async function ensureAuthor(ctx: ItemContext): Promise<SessionUser> {
  const user = signedIn(ctx);
  await ensureCallerProfile(ctx.db, user, ctx.adminEmails);
  return user;
}

/**
 * Item rows as DTOs with their photos (one more statement for all of them) and whom their texts
 * mention (one more when any text has an "@handle"), in row order.
 */
export async function toItemDtos(
  db: Executor,
  rows: readonly ItemRow[],
  viewerId: string | undefined,
): Promise<ItemDto[]> {
  const images = imagesByItem(await selectItemImages(db, rows));
  const mentions = await mentionsOfItems(db, rows, viewerId);
  return rows.map((row) => {
    const key = itemKey(row.kind, row.id);
    return toItemDto(row, images.get(key) ?? [], mentions.get(key) ?? [], viewerId);
  });
}

/** The people an item's text newly mentions hear of it once it committed. */
async function deliver(
  ctx: ItemContext,
  notified: readonly { id: string; recipientId: string }[],
): Promise<void> {
  for (const { id, recipientId } of notified) {
    await ctx.events.publish(recipientId, { type: "notification" });
    ctx.push.notify(recipientId, id);
  }
}

/** One visible review or post; hidden and unknown ones are 404 alike. */
export async function getItem<K extends ItemKind>(
  ctx: ItemContext,
  kind: K,
  id: string,
): Promise<ItemDtoOf<K>> {
  if (!isUuid(id)) throw itemNotFound(kind);
  const viewerId = ctx.user?.id;
  const rows = await selectItemRows(ctx.db, viewableItemPage(kind, id, viewerId), {
    viewerId,
  });
  const [item] = await toItemDtos(ctx.db, rows, viewerId);
  if (!item) throw itemNotFound(kind);
  return item as ItemDtoOf<K>;
}

/**
 * Creates an item in ONE transaction (or, given a submission key already used by the author,
 * answers the item that submission made): `insertItem` writes its row (and finds or creates its
 * restaurant) and returns its id, then the caller's uploads become its photos in order and the
 * people its text mentions are notified. Any failure (a photo that is not the caller's pending
 * upload, a constraint) leaves no item, no new restaurant and no image rows, and the uploads
 * stay claimable.
 */
export async function createItem<K extends ItemKind>(
  ctx: ItemContext,
  kind: K,
  images: readonly ImageRef[],
  insertItem: (tx: Executor, author: SessionUser) => Promise<string>,
): Promise<ItemDtoOf<K>> {
  const author = await ensureAuthor(ctx);
  const { submissionKey } = ctx;
  const { itemId, notified } = await ctx.db.transaction(async (tx) => {
    // Sent before with this key: the item that submission made, and nothing written again.
    const earlier = submissionKey
      ? await claimSubmissionKey(tx, author.id, submissionKey, kind)
      : undefined;
    if (earlier) {
      if (earlier.itemKind !== kind) {
        throw ApiError.conflict(
          `This Idempotency-Key was used for a ${earlier.itemKind}: send each submission its own`,
          "SUBMISSION_KEY_REUSED",
        );
      }
      return { itemId: earlier.itemId, notified: [] };
    }
    const id = await insertItem(tx, author);
    await insertItemImages(tx, kind, id, await claimItemPhotos(tx, author.id, images));
    if (submissionKey) await recordSubmission(tx, author.id, submissionKey, id);
    return { itemId: id, notified: await mentionInItemText(tx, kind, id, author.id) };
  });
  await deliver(ctx, notified);
  return getItem(ctx, kind, itemId);
}

/** The caller's pending uploads as a new item's photos, in display order, inside its transaction. */
async function claimItemPhotos(
  tx: Executor,
  userId: string,
  images: readonly ImageRef[],
): Promise<NewImage[]> {
  const claimed = await claimUploads(tx, userId, images);
  return claimed.map((image, index) => ({ ...image, displayOrder: index }));
}

/** The caller's own item, row-locked for an edit or delete; 404 unknown, 403 someone else's. */
async function lockOwnItem(
  tx: Executor,
  kind: ItemKind,
  id: string,
  user: SessionUser,
): Promise<LockedItem> {
  const item = isUuid(id) ? await lockItem(tx, kind, id) : undefined;
  if (!item) throw itemNotFound(kind);
  if (item.userId !== user.id) {
    throw ApiError.forbidden(`You can only change your own ${kind}s`);
  }
  return item;
}

/**
 * Edits the caller's own item: `writeChanges` updates its own columns, then `images` (when
 * given) replaces the photo list and the people its text names for the first time are
 * notified, all in one transaction; files of removed photos are deleted after it commits.
 */
export async function updateItem<K extends ItemKind>(
  ctx: ItemContext,
  kind: K,
  id: string,
  images: readonly ImageEdit[] | undefined,
  writeChanges: (tx: Executor, item: LockedItem) => Promise<void>,
): Promise<ItemDtoOf<K>> {
  const user = signedIn(ctx);
  const { removedUrls, notified } = await ctx.db.transaction(async (tx) => {
    const item = await lockOwnItem(tx, kind, id, user);
    await writeChanges(tx, item);
    return {
      removedUrls:
        images === undefined ? [] : await applyImageEdits(tx, kind, item.id, user.id, images),
      notified: await mentionInItemText(tx, kind, item.id, user.id),
    };
  });
  await deliver(ctx, notified);
  await deleteImageFiles(ctx.storage, ctx.log, removedUrls);
  return getItem(ctx, kind, id);
}

/**
 * Deletes the caller's own item; its photos' files go once the rows are gone, and the author's
 * open pages (another tab, another device) hear of it so their lists drop it.
 */
export async function deleteItem(ctx: ItemContext, kind: ItemKind, id: string): Promise<void> {
  const user = signedIn(ctx);
  const deleted = await ctx.db.transaction(async (tx) => {
    const item = await lockOwnItem(tx, kind, id, user);
    const images = await selectItemImages(tx, [{ kind, id: item.id }]);
    await deleteItemRow(tx, kind, item.id);
    return { id: item.id, imageUrls: images.map((image) => image.imageUrl) };
  });
  await ctx.events.publish(user.id, { type: "item-deleted", kind, id: deleted.id });
  await deleteImageFiles(ctx.storage, ctx.log, deleted.imageUrls);
}
