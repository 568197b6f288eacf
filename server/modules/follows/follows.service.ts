import {
  type FollowListEntryDto,
  type FollowListKind,
  type FollowListPage,
  type FollowRequestPage,
  type FollowState,
  type PrivacyDto,
  SUGGESTED_PEOPLE_LIMIT,
  type SuggestedPeople,
} from "#domain/follows.ts";
import { followMessages } from "#domain/follows-rules.ts";
import type { PageQuery } from "#domain/paging.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { type AuthorColumns, authorFields } from "#server/modules/items/items.mapper.ts";
import {
  forgetFollowRequest,
  notifyFollowRequest,
  notifyNewFollower,
} from "#server/modules/notifications/follower-notification.ts";
import { ensureCallerProfile, findProfile } from "#server/modules/shared/accounts.ts";
import {
  decodeCursor,
  decodePersonCursor,
  keysetPage,
  pageLimit,
} from "#server/modules/shared/keyset.ts";
import {
  lockProfilesInOrder,
  profileNotFound,
  visibleProfileExists,
} from "#server/modules/shared/people.ts";
import type { PushNotifier } from "#server/modules/shared/push.ts";
import type { EventBus } from "#server/realtime/event-bus.ts";
import {
  bumpFollowCounters,
  deleteFollow,
  deleteFollowRequest,
  type FollowListRow,
  type FollowRequestRow,
  followExists,
  followListSql,
  followRequestPageSql,
  insertFollow,
  insertFollowRequest,
  isPrivateProfile,
  suggestedPeopleSql,
  takeFollowRequestsTo,
  updatePrivacy,
} from "./follows.queries.ts";

export interface FollowContext {
  db: Database;
  /** The signed-in caller; null for visitors (lists only). */
  user: SessionUser | null;
  adminEmails: readonly string[];
  events: EventBus;
  push: PushNotifier;
}

interface FollowPair {
  followerId: string;
  followingId: string;
}

/** What a committed follow change tells after commit. */
interface FollowOutcome {
  changed: boolean;
  notificationId: string | undefined;
  followerCount: number;
}

/**
 * Adds the follow in `tx` if it is not there, and then moves both counters and notifies the
 * followed person: an ordinary follow, whether asked for directly or by accepting a request.
 * Refused as an unknown person when, with both profiles locked, the two are in a block or the
 * followed account waits to be deleted (asked after the lock, as a block does first, so a block
 * committed meanwhile is seen).
 */
async function commitFollow(tx: Executor, pair: FollowPair): Promise<FollowOutcome> {
  const changed = await insertFollow(tx, pair.followerId, pair.followingId);
  if (!changed) {
    const followed = await findProfile(tx, pair.followingId);
    return { changed, notificationId: undefined, followerCount: followed?.followerCount ?? 0 };
  }
  const followerCount = await bumpFollowCounters(tx, pair.followerId, pair.followingId, 1);
  if (!(await visibleProfileExists(tx, pair.followingId, pair.followerId, "person"))) {
    throw profileNotFound();
  }
  const notificationId = await notifyNewFollower(tx, pair);
  return { changed, notificationId, followerCount };
}

/** After commit: both people's open pages hear of the change, the followed person of the notice. */
async function announceFollow(
  ctx: Pick<FollowContext, "events" | "push">,
  pair: FollowPair,
  outcome: FollowOutcome,
): Promise<void> {
  if (outcome.changed) {
    const event = { type: "follow", ...pair } as const;
    await ctx.events.publish(pair.followerId, event);
    await ctx.events.publish(pair.followingId, event);
  }
  if (outcome.notificationId) {
    await ctx.events.publish(pair.followingId, { type: "notification" });
    ctx.push.notify(pair.followingId, outcome.notificationId);
  }
}

/**
 * Follows (following = true) or unfollows a person. Idempotent: the follow row's unique key
 * decides whether anything changed (`on conflict do nothing returning` / `delete returning`),
 * and only an actual change moves both counters and, for a follow, notifies the followed
 * person, all in one transaction; so the counters equal the rows whatever the interleaving.
 * Following a private account that the caller does not follow yet asks its owner instead (a
 * follow request and its notice); unfollowing also withdraws a request.
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
  const request = { requesterId: user.id, targetId: profileId };
  const result = await ctx.db.transaction(async (tx) => {
    const followed = await findProfile(tx, profileId);
    if (!followed) throw profileNotFound();
    const unchanged = { changed: false, notificationId: undefined, requestNotice: undefined };
    if (!following) {
      if (await deleteFollowRequest(tx, request.requesterId, request.targetId)) {
        await forgetFollowRequest(tx, request);
      }
      if (!(await deleteFollow(tx, pair.followerId, pair.followingId))) {
        return { ...unchanged, followerCount: followed.followerCount, requested: false };
      }
      const followerCount = await bumpFollowCounters(tx, pair.followerId, pair.followingId, -1);
      return { ...unchanged, changed: true, followerCount, requested: false };
    }
    const asks =
      (await isPrivateProfile(tx, profileId)) &&
      !(await followExists(tx, pair.followerId, pair.followingId));
    if (asks) {
      // The same lock and check as a follow: no request across a block or to a leaving account.
      await lockProfilesInOrder(tx, [user.id, profileId], "share");
      if (!(await visibleProfileExists(tx, profileId, user.id, "person"))) throw profileNotFound();
      const inserted = await insertFollowRequest(tx, request.requesterId, request.targetId);
      const requestNotice = inserted ? await notifyFollowRequest(tx, request) : undefined;
      return {
        ...unchanged,
        requestNotice,
        followerCount: followed.followerCount,
        requested: true,
      };
    }
    return { ...(await commitFollow(tx, pair)), requestNotice: undefined, requested: false };
  });
  await announceFollow(ctx, pair, result);
  if (result.requestNotice) {
    // Heard of as a follow is: live, and pushed unless the owner switched new followers off.
    await ctx.events.publish(profileId, { type: "notification" });
    ctx.push.notify(profileId, result.requestNotice);
  }
  return {
    following: following && !result.requested,
    requested: result.requested,
    followerCount: result.followerCount,
  };
}

/**
 * The owner of a private account answers `requesterId`'s request: accepting makes the ordinary
 * follow (counters, notice, realtime), declining only ends the request. Either way the request's
 * notice goes. 404 when no such request waits.
 */
export async function answerFollowRequest(
  ctx: FollowContext,
  requesterId: string,
  accept: boolean,
): Promise<FollowState> {
  const user = ctx.user;
  if (!user) throw ApiError.unauthorized(followMessages.signIn);
  const request = { requesterId, targetId: user.id };
  const pair = { followerId: requesterId, followingId: user.id };
  const outcome = await ctx.db.transaction(async (tx) => {
    if (!(await deleteFollowRequest(tx, requesterId, user.id))) {
      throw ApiError.notFound(followMessages.requestNotFound);
    }
    await forgetFollowRequest(tx, request);
    if (!accept) {
      const me = await findProfile(tx, user.id);
      return { changed: false, notificationId: undefined, followerCount: me?.followerCount ?? 0 };
    }
    // A requester who since left, or is in a block with the owner, is no longer there to follow.
    if (!(await visibleProfileExists(tx, requesterId, user.id, "person"))) {
      throw ApiError.notFound(followMessages.requestNotFound);
    }
    return commitFollow(tx, pair);
  });
  await ctx.events.publish(user.id, { type: "notification" });
  await announceFollow(ctx, pair, outcome);
  return { following: accept, requested: false, followerCount: outcome.followerCount };
}

/**
 * Switches the caller's Private Profile on or off. Switching on keeps the followers already
 * there; switching off accepts every request waiting, each an ordinary follow.
 */
export async function setPrivacy(ctx: FollowContext, isPrivate: boolean): Promise<PrivacyDto> {
  const user = ctx.user;
  if (!user) throw ApiError.unauthorized();
  await ensureCallerProfile(ctx.db, user, ctx.adminEmails);
  const accepted = await ctx.db.transaction(async (tx) => {
    await updatePrivacy(tx, user.id, isPrivate);
    if (isPrivate) return [];
    const done: { pair: FollowPair; outcome: FollowOutcome }[] = [];
    for (const requesterId of await takeFollowRequestsTo(tx, user.id)) {
      const pair = { followerId: requesterId, followingId: user.id };
      await forgetFollowRequest(tx, { requesterId, targetId: user.id });
      // A requester who left or is in a block meanwhile is skipped, not followed.
      if (!(await visibleProfileExists(tx, requesterId, user.id, "person"))) continue;
      done.push({ pair, outcome: await commitFollow(tx, pair) });
    }
    return done;
  });
  for (const { pair, outcome } of accepted) await announceFollow(ctx, pair, outcome);
  if (accepted.length > 0) await ctx.events.publish(user.id, { type: "notification" });
  return { private: isPrivate };
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
  if (!(await visibleProfileExists(ctx.db, profileId, viewerId, "person"))) throw profileNotFound();
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

/** The kind of a follow requests page's cursor. */
const REQUESTS_CURSOR = "requests";

/** The requests waiting for the caller's answer, newest first, keyset paged. */
export async function listFollowRequests(
  ctx: FollowContext,
  query: PageQuery,
): Promise<FollowRequestPage> {
  const user = ctx.user;
  if (!user) throw ApiError.unauthorized(followMessages.signIn);
  const limit = pageLimit(query);
  const after = query.cursor ? decodePersonCursor(query.cursor, [REQUESTS_CURSOR]) : undefined;
  const result = await ctx.db.execute<FollowRequestRow>(
    followRequestPageSql({ targetId: user.id, after, limit: limit + 1 }),
  );
  const page = keysetPage(result.rows, limit, (last) => ({
    createdAt: last.requested_at_text,
    id: last.user_id,
    kind: REQUESTS_CURSOR,
  }));
  return {
    items: page.rows.map((row) => ({
      ...authorFields(row).author,
      requestedAt: new Date(row.requested_at_text).toISOString(),
      isRead: row.is_read,
    })),
    nextCursor: page.nextCursor,
  };
}

/** People the caller may want to follow (a new account's empty feed offers them). */
export async function suggestPeople(ctx: FollowContext): Promise<SuggestedPeople> {
  const user = ctx.user;
  if (!user) throw ApiError.unauthorized(followMessages.signIn);
  const result = await ctx.db.execute<AuthorColumns & Record<string, unknown>>(
    suggestedPeopleSql(user.id, SUGGESTED_PEOPLE_LIMIT),
  );
  return { items: result.rows.map((row) => authorFields(row).author) };
}
