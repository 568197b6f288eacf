import { randomBytes } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { isUuid } from "#domain/ids-rules.ts";
import type { ReviewDto } from "#domain/items.ts";
import type {
  AddListEntryInput,
  createListInput,
  ListDetailDto,
  ListEntryDto,
  ListFollowStateDto,
  ListSummariesDto,
  ListSummaryDto,
  MyListsDto,
  myListsQuery,
  updateListInput,
} from "#domain/lists.ts";
import { LIST_LIMITS, listMessages } from "#domain/lists-rules.ts";
import { imageUrls } from "#domain/photos.ts";
import type { SessionUser } from "#domain/profile.ts";
import { placeRating } from "#domain/restaurant.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { authorFields } from "#server/modules/items/items.mapper.ts";
import { toItemDtos } from "#server/modules/items/items.service.ts";
import { ensureCallerProfile } from "#server/modules/shared/accounts.ts";
import { profileNotFound, visibleProfileExists } from "#server/modules/shared/people.ts";
import { lockQuotaOwner } from "#server/modules/shared/quota-lock.ts";
import {
  appendEntry,
  bumpFollowerCount,
  countEntries,
  countOwnedLists,
  deleteEntryRow,
  deleteFollow,
  deleteListRow,
  type EntryRow,
  findEntryId,
  findRestaurantTarget,
  findReviewTarget,
  followedListsSql,
  insertFollow,
  insertList,
  isListVisible,
  type ListSummaryRow,
  listVisibleToSql,
  lockList,
  type NewEntry,
  profileListsSql,
  replaceShareKey,
  selectEntries,
  selectEntryIds,
  selectListSummaries,
  selectMyLists,
  setPositions,
  touchList,
  updateListRow,
  visibleListSql,
} from "./lists.queries.ts";

/** What list services need from a request: `user` is the signed-in caller, or null (reads). */
export interface ListContext {
  db: Database;
  user: SessionUser | null;
  adminEmails: readonly string[];
}

/** How many followed lists the Lists you follow page shows. */
const FOLLOWED_LISTS_MAX = 100;

/** Every list the caller may not see, or may not change, is this: its existence is not told. */
function listNotFound(): ApiError {
  return ApiError.notFound(listMessages.notFound);
}

function signedIn(ctx: ListContext): SessionUser {
  if (!ctx.user) throw ApiError.unauthorized();
  return ctx.user;
}

/** A new unguessable link token: base64url of 18 random bytes (LIST_LIMITS.shareKeyLength). */
function newShareKey(): string {
  return randomBytes(18).toString("base64url");
}

/** A photo at card size, as lists show them. */
function cardPhoto(url: string | null): string | null {
  return url === null ? null : imageUrls(url).url480;
}

function toSummaryDto(row: ListSummaryRow, viewerId: string | null): ListSummaryDto {
  const isOwner = viewerId === row.user_id;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    owner: authorFields(row).author,
    entryCount: Number(row.entry_count),
    followerCount: Number(row.follower_count),
    coverPhotoUrl: cardPhoto(row.cover_photo_url),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    isOwner,
    followedByMe: viewerId && !isOwner ? row.followed_by_me === true : null,
    shareKey: isOwner ? row.share_key : null,
  };
}

/** Entry rows as DTOs; the reviews' photos come in one more statement (the item kernel's). */
async function toEntryDtos(
  db: Executor,
  rows: readonly EntryRow[],
  viewerId: string | null,
): Promise<ListEntryDto[]> {
  const reviewRows = rows.filter((row) => row.entry_review_id !== null);
  const reviews = new Map(
    (await toItemDtos(db, reviewRows, viewerId ?? undefined))
      .filter((item): item is ReviewDto => item.itemType === "review")
      .map((review) => [review.id, review]),
  );
  return rows.map((row) => {
    const review = row.entry_review_id === null ? null : reviews.get(row.entry_review_id);
    if (review === undefined) throw new Error(`list entry ${row.entry_id} lost its review`);
    return {
      id: row.entry_id,
      kind: review ? "review" : "restaurant",
      restaurant: {
        id: row.place_id,
        name: row.place_name,
        address: row.place_address,
        slug: row.place_slug,
        priceLevel: row.place_price_level === null ? null : Number(row.place_price_level),
      },
      location:
        row.place_latitude === null || row.place_longitude === null
          ? null
          : { lat: Number(row.place_latitude), lng: Number(row.place_longitude) },
      review,
      placeRating: placeRating(row.place_rating),
      photoUrl: cardPhoto(row.photo_url),
      addedAt: new Date(row.entry_added_at).toISOString(),
    };
  });
}

/** The list as `viewerId` holding `key` sees it with all its shown entries, or a 404. */
async function readDetail(
  db: Executor,
  listId: string,
  viewerId: string | null,
  key: string | null,
): Promise<ListDetailDto> {
  const [row] = await selectListSummaries(db, visibleListSql(listId, viewerId, key));
  if (!row) throw listNotFound();
  return {
    list: toSummaryDto(row, viewerId),
    entries: await toEntryDtos(db, await selectEntries(db, listId, viewerId), viewerId),
  };
}

async function readSummary(db: Executor, listId: string, ownerId: string) {
  const [row] = await selectListSummaries(db, visibleListSql(listId, ownerId, null));
  if (!row) throw listNotFound();
  return toSummaryDto(row, ownerId);
}

/**
 * Locks the list `listId` where `access` (a condition on the list `l`) allows it, until the
 * transaction ends; a malformed id, a missing list and one `access` refuses are all a 404.
 */
async function lockListWhere(tx: Executor, listId: string, access: SQL) {
  const list = isUuid(listId) ? await lockList(tx, listId, access) : undefined;
  if (!list) throw listNotFound();
  return list;
}

/** The caller's own list, locked; anyone else's is a 404 like a missing one. */
function lockOwnList(tx: Executor, listId: string, userId: string) {
  return lockListWhere(tx, listId, sql`l.owner_id = ${userId}`);
}

/** POST /api/lists: a new empty list, at most LIST_LIMITS.listsMax per person. */
export async function createList(
  ctx: ListContext,
  input: z.output<typeof createListInput>,
): Promise<ListDetailDto> {
  const user = signedIn(ctx);
  // The owner's profile is what a list shows as its author (made here if sign-up never did).
  await ensureCallerProfile(ctx.db, user, ctx.adminEmails);
  return ctx.db.transaction(async (tx) => {
    // Two creates at once must not both count below the limit.
    await lockQuotaOwner(tx, user.id);
    if ((await countOwnedLists(tx, user.id)) >= LIST_LIMITS.listsMax) {
      throw ApiError.conflict(listMessages.tooManyLists, "TOO_MANY_LISTS");
    }
    const id = await insertList(tx, {
      ownerId: user.id,
      name: input.name,
      description: input.description,
      visibility: input.visibility,
      shareKey: newShareKey(),
    });
    return readDetail(tx, id, user.id, null);
  });
}

/** GET /api/lists/:listId?key= */
export function getList(
  ctx: ListContext,
  listId: string,
  key: string | undefined,
): Promise<ListDetailDto> {
  if (!isUuid(listId)) throw listNotFound();
  return readDetail(ctx.db, listId, ctx.user?.id ?? null, key || null);
}

/** PATCH /api/lists/:listId: the owner's; follows stay (the access rule decides what they see). */
export async function updateList(
  ctx: ListContext,
  listId: string,
  input: z.output<typeof updateListInput>,
): Promise<ListSummaryDto> {
  const user = signedIn(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockOwnList(tx, listId, user.id);
    await updateListRow(tx, listId, input);
    return readSummary(tx, listId, user.id);
  });
}

/** DELETE /api/lists/:listId: its entries and follows go with it. */
export async function deleteList(ctx: ListContext, listId: string): Promise<void> {
  const user = signedIn(ctx);
  await ctx.db.transaction(async (tx) => {
    await lockOwnList(tx, listId, user.id);
    await deleteListRow(tx, listId);
  });
}

/**
 * POST /api/lists/:listId/share-key: a new link. The old one stops working, and for a link
 * list the follows made with it go too (a followers list's follows are its owner's followers').
 */
export async function renewShareKey(ctx: ListContext, listId: string): Promise<ListSummaryDto> {
  const user = signedIn(ctx);
  return ctx.db.transaction(async (tx) => {
    const list = await lockOwnList(tx, listId, user.id);
    await replaceShareKey(tx, listId, newShareKey(), list.visibility === "link");
    return readSummary(tx, listId, user.id);
  });
}

/**
 * The target of a new entry, or a 404 when the restaurant or the review `viewerId` may see is
 * not there.
 */
async function findTarget(
  tx: Executor,
  input: AddListEntryInput,
  viewerId: string,
): Promise<NewEntry> {
  const target =
    "reviewId" in input
      ? isUuid(input.reviewId) && (await findReviewTarget(tx, input.reviewId, viewerId))
      : isUuid(input.restaurantId) && (await findRestaurantTarget(tx, input.restaurantId));
  if (!target) throw ApiError.notFound(listMessages.targetNotFound);
  return target;
}

async function readEntry(tx: Executor, listId: string, entryId: string, viewerId: string) {
  const [entry] = await toEntryDtos(
    tx,
    await selectEntries(tx, listId, viewerId, entryId),
    viewerId,
  );
  if (!entry) throw ApiError.notFound(listMessages.targetNotFound);
  return entry;
}

/**
 * POST /api/lists/:listId/entries: appends a restaurant or a review. Adding what the list holds
 * answers its entry (created false); past LIST_LIMITS.entriesMax nothing is written.
 */
export async function addEntry(
  ctx: ListContext,
  listId: string,
  input: AddListEntryInput,
): Promise<{ entry: ListEntryDto; created: boolean }> {
  const user = signedIn(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockOwnList(tx, listId, user.id);
    const target = await findTarget(tx, input, user.id);
    const existing = await findEntryId(tx, listId, input);
    if (existing) return { entry: await readEntry(tx, listId, existing, user.id), created: false };
    if ((await countEntries(tx, listId)) >= LIST_LIMITS.entriesMax) {
      throw ApiError.conflict(listMessages.full, "LIST_FULL");
    }
    const entryId = await appendEntry(tx, listId, target);
    await touchList(tx, listId);
    return { entry: await readEntry(tx, listId, entryId, user.id), created: true };
  });
}

/** DELETE /api/lists/:listId/entries/:entryId */
export async function removeEntry(ctx: ListContext, listId: string, entryId: string) {
  const user = signedIn(ctx);
  await ctx.db.transaction(async (tx) => {
    await lockOwnList(tx, listId, user.id);
    if (!isUuid(entryId) || !(await deleteEntryRow(tx, listId, entryId))) {
      throw ApiError.notFound(listMessages.entryNotFound);
    }
    await touchList(tx, listId);
  });
}

/**
 * PUT /api/lists/:listId/order: `entryIds` must be exactly the entries the list shows, in their
 * new order (else 409: it changed elsewhere). Entries of hidden reviews (and of people the
 * owner blocked or was blocked by) keep their order after them, so they come back where they were relative to each other when unhidden.
 */
export async function reorderEntries(
  ctx: ListContext,
  listId: string,
  entryIds: readonly string[],
): Promise<ListDetailDto> {
  const user = signedIn(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockOwnList(tx, listId, user.id);
    const entries = await selectEntryIds(tx, listId, user.id);
    const shown = new Set(entries.filter((entry) => entry.shown).map((entry) => entry.id));
    const asked = new Set(entryIds);
    if (
      asked.size !== entryIds.length ||
      asked.size !== shown.size ||
      !entryIds.every((id) => shown.has(id))
    ) {
      throw ApiError.conflict(listMessages.orderOutdated, "ORDER_OUTDATED");
    }
    const kept = entries.filter((entry) => !entry.shown).map((entry) => entry.id);
    await setPositions(tx, listId, [...entryIds, ...kept]);
    await touchList(tx, listId);
    return readDetail(tx, listId, user.id, null);
  });
}

/**
 * PUT (following = true) or DELETE /api/lists/:listId/follow. Following needs the list to be
 * visible to the caller (with the link's key for a link list); unfollowing works for whoever
 * follows it, even after losing sight of it. The count moves only when a follow row changed.
 */
export async function setListFollowed(
  ctx: ListContext,
  listId: string,
  following: boolean,
  key: string | undefined,
): Promise<ListFollowStateDto> {
  const user = signedIn(ctx);
  return ctx.db.transaction(async (tx) => {
    const access = following ? listVisibleToSql(user.id, key || null) : sql`true`;
    const list = await lockListWhere(tx, listId, access);
    if (list.owner_id === user.id) {
      throw ApiError.badRequest(listMessages.ownListFollow, "OWN_LIST");
    }
    const changed = following
      ? await insertFollow(tx, listId, user.id)
      : await deleteFollow(tx, listId, user.id);
    // Unfollowing what one never followed tells nothing about a list one may not see.
    if (!following && !changed && !(await isListVisible(tx, listId, user.id, null))) {
      throw listNotFound();
    }
    const followerCount = changed
      ? await bumpFollowerCount(tx, listId, following ? 1 : -1)
      : Number(list.follower_count);
    return { following, followerCount };
  });
}

/** GET /api/lists/following */
export async function getFollowedLists(ctx: ListContext): Promise<ListSummariesDto> {
  const user = signedIn(ctx);
  const rows = await selectListSummaries(ctx.db, followedListsSql(user.id, FOLLOWED_LISTS_MAX));
  return { lists: rows.map((row) => toSummaryDto(row, user.id)) };
}

/** GET /api/lists/mine?restaurantId=|reviewId= */
export async function getMyLists(
  ctx: ListContext,
  query: z.output<typeof myListsQuery>,
): Promise<MyListsDto> {
  const user = signedIn(ctx);
  if (query.restaurantId !== undefined && query.reviewId !== undefined) {
    throw ApiError.badRequest("Ask for a restaurant or a review, not both");
  }
  const target: AddListEntryInput | null =
    query.reviewId !== undefined
      ? { reviewId: query.reviewId }
      : query.restaurantId !== undefined
        ? { restaurantId: query.restaurantId }
        : null;
  // An id that is no id is in no list.
  const id = target && ("reviewId" in target ? target.reviewId : target.restaurantId);
  const rows = await selectMyLists(ctx.db, user.id, id !== null && isUuid(id) ? target : null);
  return {
    lists: rows.map((row) => ({
      id: row.id,
      name: row.name,
      visibility: row.visibility,
      entryCount: Number(row.entry_count),
      entryIdForTarget: row.entry_id_for_target,
    })),
  };
}

/** GET /api/profiles/:id/lists: the owner's lists the viewer may see without a key. */
export async function getProfileLists(
  ctx: ListContext,
  profileId: string,
): Promise<ListSummariesDto> {
  if (!(await visibleProfileExists(ctx.db, profileId, ctx.user?.id, "content")))
    throw profileNotFound();
  const viewerId = ctx.user?.id ?? null;
  const rows = await selectListSummaries(ctx.db, profileListsSql(profileId, viewerId));
  return { lists: rows.map((row) => toSummaryDto(row, viewerId)) };
}
