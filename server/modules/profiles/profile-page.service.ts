import type { z } from "zod";
import type {
  ProfileItemsPage,
  ProfilePageDto,
  profileItemsQuery,
  SessionUser,
} from "#domain/profile.ts";
import type { Database } from "#server/db/client.ts";
import { itemTabTarget } from "#server/modules/items/item-list.queries.ts";
import { planItemList, readItemList } from "#server/modules/items/item-list.ts";
import { profileNotFound, visibleProfileExists } from "#server/modules/shared/people.ts";
import { type ProfilePageRow, profileItemsSql, selectProfilePage } from "./profiles.queries.ts";

// The public side of profiles: a profile page's header and its tabs, for visitors and
// signed-in viewers alike.

type ProfileItemsQueryValues = z.output<typeof profileItemsQuery>;

/** What the public profile reads need: `user` is the signed-in viewer, or null for visitors. */
export interface ProfileViewContext {
  db: Database;
  user: SessionUser | null;
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
  // An account being deleted, or a person who blocked the viewer, reads as an unknown handle:
  // the page never tells which.
  if (!row || row.pendingDeletion || row.blocksViewer) throw profileNotFound();
  const isOwn = row.id === viewerId;
  if (row.blockedByViewer) return blockedProfilePage(row);
  const followedByMe = row.followedByViewer === true;
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
      isPrivate: row.isPrivate,
    },
    counts: {
      reviews: Number(row.dishReviews) + Number(row.restaurantReviews),
      dishReviews: Number(row.dishReviews),
      restaurantReviews: Number(row.restaurantReviews),
      posts: Number(row.posts),
      deals: Number(row.deals),
      followers: Number(row.followers),
      following: Number(row.following),
    },
    followedByMe: viewerId && !isOwn ? followedByMe : null,
    isOwn,
    viewerRelation:
      viewerId && !isOwn ? { blockedByMe: false, mutedByMe: row.mutedByViewer === true } : null,
    statsPublic: row.statsPublic,
    // The same rule as visibleAuthorSql's content reach, the block and leaving cases being out.
    contentVisible: !row.isPrivate || isOwn || followedByMe,
    requestedByMe: viewerId && !isOwn ? row.requestedByViewer === true : null,
  };
}

/**
 * The page of someone the viewer blocked: their name only, so the viewer can recognise them and
 * unblock; no bio, place, photo or counts.
 */
function blockedProfilePage(row: ProfilePageRow): ProfilePageDto {
  return {
    profile: {
      id: row.id,
      username: row.username,
      slug: row.slug,
      fullName: row.fullName,
      firstName: row.firstName,
      lastName: row.lastName,
      bio: null,
      avatarUrl: null,
      location: null,
      isPrivate: row.isPrivate,
    },
    counts: {
      reviews: 0,
      dishReviews: 0,
      restaurantReviews: 0,
      posts: 0,
      deals: 0,
      followers: 0,
      following: 0,
    },
    followedByMe: false,
    isOwn: false,
    viewerRelation: { blockedByMe: true, mutedByMe: row.mutedByViewer === true },
    statsPublic: false,
    contentVisible: false,
    requestedByMe: false,
  };
}

/**
 * One tab of a profile (posts, dish reviews, restaurant reviews or deals), keyset paged; hidden
 * items appear to their author only.
 */
export async function getProfileItems(
  ctx: ProfileViewContext,
  profileId: string,
  query: ProfileItemsQueryValues,
): Promise<ProfileItemsPage> {
  const plan = planItemList(itemTabTarget(query.tab).kind, query);
  const viewerId = ctx.user?.id;
  // The other side of a block, or an account being deleted, is as unknown as a wrong id.
  if (!(await visibleProfileExists(ctx.db, profileId, viewerId, "content")))
    throw profileNotFound();
  const statement = profileItemsSql({
    ...plan.window,
    userId: profileId,
    tab: query.tab,
    viewerId,
  });
  return readItemList(ctx.db, plan, statement, viewerId);
}
