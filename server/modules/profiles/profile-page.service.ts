import type { z } from "zod";
import { type ItemSort, POSTS_SORT_MESSAGE, postSorts } from "#domain/item-lists.ts";
import { PAGE_LIMITS } from "#domain/paging.ts";
import type {
  ProfileItemsPage,
  ProfilePageDto,
  profileItemsQuery,
  SessionUser,
} from "#domain/profile.ts";
import type { Database } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { decodeCursor, decodeKeyedCursor, encodeCursor } from "#server/modules/items/cursor.ts";
import type { ItemRow } from "#server/modules/items/items.queries.ts";
import { toItemDtos } from "#server/modules/items/items.service.ts";
import {
  type ProfileSortKey,
  profileExists,
  profileItemsSql,
  selectProfilePage,
} from "./profiles.queries.ts";

// The public side of profiles: a profile page's header and its tabs, for visitors and
// signed-in viewers alike.

type ProfileItemsQueryValues = z.output<typeof profileItemsQuery>;

/** What the public profile reads need: `user` is the signed-in viewer, or null for visitors. */
export interface ProfileViewContext {
  db: Database;
  user: SessionUser | null;
}

const USER_NOT_FOUND_MESSAGE = "User not found";

export function profileNotFound(): ApiError {
  return ApiError.notFound(USER_NOT_FOUND_MESSAGE);
}

/**
 * A profile page's header. `handle` is a username or slug (any case) or the profile id, with or
 * without a leading "@".
 */
export async function getProfilePage(
  ctx: ProfileViewContext,
  handle: string,
): Promise<ProfilePageDto> {
  const id = handle.startsWith("@") ? handle.slice(1) : handle;
  const viewerId = ctx.user?.id;
  const row = await selectProfilePage(ctx.db, { id, name: id.toLowerCase() }, viewerId);
  if (!row) throw profileNotFound();
  const isOwn = row.id === viewerId;
  return {
    profile: {
      id: row.id,
      username: row.username,
      slug: row.slug,
      fullName: row.fullName,
      firstName: row.firstName,
      lastName: row.lastName,
      bio: row.bio,
      avatarUrl: row.avatarUrl,
      location: row.location,
    },
    counts: {
      reviews: Number(row.dishReviews) + Number(row.restaurantReviews),
      dishReviews: Number(row.dishReviews),
      restaurantReviews: Number(row.restaurantReviews),
      posts: Number(row.posts),
      followers: Number(row.followers),
      following: Number(row.following),
    },
    followedByMe: viewerId && !isOwn ? row.followedByViewer === true : null,
    isOwn,
  };
}

const profileSortOrders: Record<ItemSort, { sortKey: ProfileSortKey; direction: "asc" | "desc" }> =
  {
    recent: { sortKey: "date", direction: "desc" },
    old: { sortKey: "date", direction: "asc" },
    "rating-desc": { sortKey: "rating", direction: "desc" },
    "rating-asc": { sortKey: "rating", direction: "asc" },
    "price-desc": { sortKey: "price", direction: "desc" },
    "price-asc": { sortKey: "price", direction: "asc" },
  };

/**
 * The cursor of `sort`: the sort's name is its kind, so a cursor made for another sort is a
 * 400; rating and price cursors also carry the last row's value (a rating is a whole number).
 */
function decodeSortCursor(raw: string, sort: ItemSort) {
  const { sortKey } = profileSortOrders[sort];
  if (sortKey === "date") return decodeCursor(raw, [sort]);
  const cursor = decodeKeyedCursor(raw, [sort]);
  if (sortKey === "rating" && !Number.isInteger(cursor.key)) {
    throw ApiError.badRequest("Invalid cursor", "INVALID_CURSOR");
  }
  return cursor;
}

/** One tab of a profile (posts, dish reviews or restaurant reviews), keyset paged; hidden items never appear. */
export async function getProfileItems(
  ctx: ProfileViewContext,
  profileId: string,
  query: ProfileItemsQueryValues,
): Promise<ProfileItemsPage> {
  const sort = query.sort;
  if (query.tab === "posts" && !(postSorts as readonly ItemSort[]).includes(sort)) {
    throw ApiError.badRequest(POSTS_SORT_MESSAGE);
  }
  const limit = Math.min(query.limit ?? PAGE_LIMITS.pageDefault, PAGE_LIMITS.pageMax);
  const after = query.cursor ? decodeSortCursor(query.cursor, sort) : undefined;
  if (!(await profileExists(ctx.db, profileId))) throw profileNotFound();
  const { sortKey, direction } = profileSortOrders[sort];
  const viewerId = ctx.user?.id;
  const result = await ctx.db.execute<ItemRow>(
    profileItemsSql({
      userId: profileId,
      tab: query.tab,
      sortKey,
      direction,
      q: query.q,
      after,
      limit: limit + 1,
      viewerId,
    }),
  );
  const rows = result.rows.slice(0, limit);
  const last = rows.at(-1);
  let nextCursor: string | null = null;
  if (result.rows.length > limit && last) {
    const position = { createdAt: last.created_at_text, id: last.id, kind: sort };
    nextCursor =
      sortKey === "date"
        ? encodeCursor(position)
        : encodeCursor({ ...position, key: finiteOrNull(last.sort_key) });
  }
  return { items: await toItemDtos(ctx.db, rows, viewerId), nextCursor };
}

/** A row's sort value for its cursor: the ±∞ that places rows without a price becomes null. */
function finiteOrNull(value: number | null): number | null {
  const number = value === null ? null : Number(value);
  return number !== null && Number.isFinite(number) ? number : null;
}
