import {
  type FollowListEntryDto,
  type FollowListKind,
  type FollowListPage,
  type FollowState,
  followMessages,
} from "#domain/follows.ts";
import type { PageQuery } from "#domain/paging.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { authorFields } from "#server/modules/items/items.mapper.ts";
import { notifyNewFollower } from "#server/modules/notifications/follower-notification.ts";
import { ensureCallerProfile, findProfile } from "#server/modules/shared/accounts.ts";
import { decodeCursor, keysetPage, pageLimit } from "#server/modules/shared/keyset.ts";
import { profileNotFound, visibleProfileExists } from "#server/modules/shared/people.ts";
import type { PushNotifier } from "#server/modules/shared/push.ts";
import type { EventBus } from "#server/realtime/event-bus.ts";
import {
  bumpFollowCounters,
  deleteFollow,
  type FollowListRow,
  followListSql,
  insertFollow,
} from "./follows.queries.ts";

export interface FollowContext {
  db: Database;
  /** The signed-in caller; null for visitors (lists only). */
  user: SessionUser | null;
  adminEmails: readonly string[];
  events: EventBus;
  push: PushNotifier;
}

/**
 * Follows (following = true) or unfollows a person. Idempotent: the follow row's unique key
 * decides whether anything changed (`on conflict do nothing returning` / `delete returning`),
 * and only an actual change moves both counters and, for a follow, notifies the followed
 * person, all in one transaction; so the counters equal the rows whatever the interleaving.
 * After commit both people's open pages hear of the change.
 */
export async function setFollow(
  ctx: FollowContext,
  profileId: string,
  following: boolean,
): Promise<FollowState> {
  const user = ctx.user;
  if (!user) throw ApiError.unauthorized(followMessages.signIn);
  if (profileId === user.id) throw ApiError.badRequest(followMessages.cannotFollowSelf);
  // The follower's profile row is what the follow points at (made here if sign-up never did).
  await ensureCallerProfile(ctx.db, user, ctx.adminEmails);
  const pair = { followerId: user.id, followingId: profileId };
  const outcome = await ctx.db.transaction(async (tx) => {
    const followed = await findProfile(tx, profileId);
    if (!followed) throw profileNotFound();
    const changed = following
      ? await insertFollow(tx, pair.followerId, pair.followingId)
      : await deleteFollow(tx, pair.followerId, pair.followingId);
    if (!changed) {
      return { changed, notificationId: undefined, followerCount: followed.followerCount };
    }
    const followerCount = await bumpFollowCounters(
      tx,
      pair.followerId,
      pair.followingId,
      following ? 1 : -1,
    );
    // Asked once the counters locked both profiles (as a block does first), so a block
    // committed meanwhile is seen: nobody follows across a block, either way round, nor an
    // account waiting to be deleted, and the refusal reads like an unknown person.
    if (following && !(await visibleProfileExists(tx, pair.followingId, pair.followerId))) {
      throw profileNotFound();
    }
    const notificationId = following ? await notifyNewFollower(tx, pair) : undefined;
    return { changed, notificationId, followerCount };
  });
  if (outcome.changed) {
    const event = { type: "follow", ...pair } as const;
    await ctx.events.publish(pair.followerId, event);
    await ctx.events.publish(pair.followingId, event);
  }
  if (outcome.notificationId) {
    await ctx.events.publish(pair.followingId, { type: "notification" });
    ctx.push.notify(pair.followingId, outcome.notificationId);
  }
  return { following, followerCount: outcome.followerCount };
}

function toFollowListEntry(row: FollowListRow, viewerId: string | undefined): FollowListEntryDto {
  const { author } = authorFields(row);
  return {
    ...author,
    bio: row.bio,
    followedByMe: viewerId && viewerId !== author.id ? row.followed_by_viewer === true : null,
  };
}

/** A person's followers or whom they follow, newest follow first, keyset paged. */
export async function listFollows(
  ctx: FollowContext,
  profileId: string,
  kind: FollowListKind,
  query: PageQuery,
): Promise<FollowListPage> {
  const limit = pageLimit(query);
  const after = query.cursor ? decodeCursor(query.cursor, [kind]) : undefined;
  const viewerId = ctx.user?.id;
  // The other side of a block, or someone pending deletion, is as unknown as a wrong id.
  if (!(await visibleProfileExists(ctx.db, profileId, viewerId))) throw profileNotFound();
  const result = await ctx.db.execute<FollowListRow>(
    followListSql({ profileId, kind, after, limit: limit + 1, viewerId }),
  );
  const page = keysetPage(result.rows, limit, (last) => ({
    createdAt: last.created_at_text,
    id: last.follow_id,
    kind,
  }));
  return {
    items: page.rows.map((row) => toFollowListEntry(row, viewerId)),
    nextCursor: page.nextCursor,
  };
}
