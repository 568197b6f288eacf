import { and, eq, type SQL, sql } from "drizzle-orm";
import type { FollowListKind } from "#domain/follows.ts";
import { TEMPORARY_USERNAME_PREFIX } from "#domain/profile-rules.ts";
import type { Executor } from "#server/db/client.ts";
import { followRequests, follows } from "#server/db/schema/social.ts";
import type { AuthorColumns } from "#server/modules/items/items.mapper.ts";
import { notMutedSql, visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import { CREATED_AT_TEXT, type Cursor } from "#server/modules/shared/keyset.ts";
import { lockProfilesInOrder } from "#server/modules/shared/people.ts";
import type { PersonTies } from "#server/modules/shared/person-ties.ts";

/** Inserts the follow unless it exists; true when a row was actually added. */
export async function insertFollow(
  db: Executor,
  followerId: string,
  followingId: string,
): Promise<boolean> {
  const rows = await db
    .insert(follows)
    .values({ followerId, followingId })
    .onConflictDoNothing()
    .returning({ id: follows.id });
  return rows.length > 0;
}

/** Deletes the follow if present; true when a row was actually removed. */
export async function deleteFollow(
  db: Executor,
  followerId: string,
  followingId: string,
): Promise<boolean> {
  const rows = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
    .returning({ id: follows.id });
  return rows.length > 0;
}

/**
 * Moves the followed person's follower_count and the follower's following_count by `delta`, in
 * the transaction that inserted or deleted the follow row. Both profiles are locked first
 * (lockProfilesInOrder), so two people following each other at the same moment, or a block
 * between them, never deadlock. greatest() is a guard, never the rule. Returns the new follower
 * count.
 */
export async function bumpFollowCounters(
  db: Executor,
  followerId: string,
  followingId: string,
  delta: 1 | -1,
): Promise<number> {
  await lockProfilesInOrder(db, [followerId, followingId], "no key update");
  await db.execute(sql`
    update profiles set following_count = greatest(following_count + ${delta}, 0)
     where id = ${followerId}`);
  const result = await db.execute<{ follower_count: number }>(sql`
    update profiles set follower_count = greatest(follower_count + ${delta}, 0)
     where id = ${followingId}
    returning follower_count`);
  return Number(result.rows[0]?.follower_count ?? 0);
}

export interface FollowListRow extends AuthorColumns, Record<string, unknown> {
  /** The follow row's id and time: the list's keyset position. */
  follow_id: string;
  created_at_text: string;
  bio: string | null;
  followed_by_viewer: boolean;
}

/**
 * One page of a person's followers (or of whom they follow), newest follow first, keyset on the
 * follow row's (created_at, id) through follows_following_created_idx (or
 * follows_follower_created_idx), with whether `viewerId` follows each person listed. People
 * `viewerId` may not see are left out before the LIMIT.
 */
export function followListSql(params: {
  profileId: string;
  kind: FollowListKind;
  after?: Cursor | undefined;
  limit: number;
  viewerId?: string | undefined;
}): SQL {
  const { profileId, kind, after, viewerId } = params;
  // followers: rows pointing at the person, listing who follows; following: the other way round.
  const [own, listed] =
    kind === "followers"
      ? [sql`f.following_id`, sql`f.follower_id`]
      : [sql`f.follower_id`, sql`f.following_id`];
  const position = after
    ? sql`and (f.created_at, f.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const followedByViewer = viewerId
    ? sql`exists (select 1 from follows v where v.follower_id = ${viewerId} and v.following_id = a.id)`
    : sql`false`;
  return sql`
    select f.id as follow_id,
           to_char(f.created_at at time zone 'UTC', ${sql.raw(CREATED_AT_TEXT)}) as created_at_text,
           a.id as user_id, a.username as author_username, a.full_name as author_full_name,
           a.slug as author_slug, a.avatar_url as author_avatar_url, a.bio,
           ${followedByViewer} as followed_by_viewer
      from follows f
      join profiles a on a.id = ${listed}
     where ${own} = ${profileId} ${position} and ${visibleAuthorSql(viewerId, listed, "person")}
     order by f.created_at desc, f.id desc
     limit ${params.limit}`;
}

/** Deletes the follows between the two, both ways, each with its counters as unfollowing moves them. */
async function deleteFollowsBetween(db: Executor, a: string, b: string): Promise<void> {
  for (const [followerId, followingId] of [
    [a, b],
    [b, a],
  ] as const) {
    if (await deleteFollow(db, followerId, followingId)) {
      await bumpFollowCounters(db, followerId, followingId, -1);
    }
  }
}

/**
 * Takes a leaving account's follows off the counters of everyone it followed or was followed
 * by, as unfollowing each would. Before the account's rows are deleted.
 */
async function releaseFollowCounts(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`
    update profiles p set follower_count = p.follower_count - 1
      from follows f where f.follower_id = ${userId} and p.id = f.following_id`);
  await db.execute(sql`
    update profiles p set following_count = p.following_count - 1
      from follows f where f.following_id = ${userId} and p.id = f.follower_id`);
}

/** Follows as contact a block ends and an erased account releases. */
export const followTies: PersonTies = {
  deleteBetween: deleteFollowsBetween,
  releaseCountsOf: releaseFollowCounts,
};

// ---------------------------------------------------------------------------------------------
// Follow requests: a private account's would-be followers, waiting for its owner.

/** Whether the person's account is private (false for an unknown id). */
export async function isPrivateProfile(db: Executor, id: string): Promise<boolean> {
  const result = await db.execute<{ is_private: boolean }>(
    sql`select is_private from profiles where id = ${id}`,
  );
  return result.rows[0]?.is_private === true;
}

/** Whether `followerId` follows `followingId`. */
export async function followExists(
  db: Executor,
  followerId: string,
  followingId: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from follows where follower_id = ${followerId} and following_id = ${followingId}`);
  return result.rows.length > 0;
}

/** Records the request unless it exists; true when a row was actually added. */
export async function insertFollowRequest(
  db: Executor,
  requesterId: string,
  targetId: string,
): Promise<boolean> {
  const rows = await db
    .insert(followRequests)
    .values({ requesterId, targetId })
    .onConflictDoNothing()
    .returning({ requesterId: followRequests.requesterId });
  return rows.length > 0;
}

/** Deletes the request if present; true when a row was actually removed. */
export async function deleteFollowRequest(
  db: Executor,
  requesterId: string,
  targetId: string,
): Promise<boolean> {
  const rows = await db
    .delete(followRequests)
    .where(and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, targetId)))
    .returning({ requesterId: followRequests.requesterId });
  return rows.length > 0;
}

/** Takes every request waiting for `targetId` off the table, oldest first; their requesters. */
export async function takeFollowRequestsTo(db: Executor, targetId: string): Promise<string[]> {
  const result = await db.execute<{ requester_id: string }>(sql`
    with taken as (
      delete from follow_requests where target_id = ${targetId}
      returning requester_id, created_at)
    select requester_id from taken order by created_at, requester_id`);
  return result.rows.map((row) => row.requester_id);
}

export interface FollowRequestRow extends AuthorColumns, Record<string, unknown> {
  requested_at_text: string;
  is_read: boolean;
}

/**
 * One page of the requests waiting for `targetId`, newest first, keyset on the request's
 * (created_at, requester) through follow_requests_target_created_idx: read from the requests
 * themselves, so an old one never drops behind newer notifications. Requesters the owner would
 * not be shown in notifications (leaving, muted) are left out before the LIMIT, as there;
 * whether it is read is its notice's (notifications_follow_request_idx).
 */
export function followRequestPageSql(params: {
  targetId: string;
  after?: Cursor | undefined;
  limit: number;
}): SQL {
  const { targetId, after } = params;
  const position = after
    ? sql`and (fr.created_at, fr.requester_id) < (${after.createdAt}::timestamptz, ${after.id})`
    : sql``;
  return sql`
    select to_char(fr.created_at at time zone 'UTC', ${sql.raw(CREATED_AT_TEXT)}) as requested_at_text,
           a.id as user_id, a.username as author_username, a.full_name as author_full_name,
           a.slug as author_slug, a.avatar_url as author_avatar_url,
           not exists (select 1 from notifications n
                        where n.user_id = ${targetId} and n.actor_id = fr.requester_id
                          and n.type = 'follow_request' and not n.is_read) as is_read
      from follow_requests fr
      join profiles a on a.id = fr.requester_id
     where fr.target_id = ${targetId} ${position}
       and ${visibleAuthorSql(targetId, sql`fr.requester_id`, "person")}
       and ${notMutedSql(targetId, sql`fr.requester_id`)}
     order by fr.created_at desc, fr.requester_id desc
     limit ${params.limit}`;
}

export async function updatePrivacy(db: Executor, id: string, isPrivate: boolean): Promise<void> {
  await db.execute(sql`update profiles set is_private = ${isPrivate} where id = ${id}`);
}

/** Follow requests as contact a block ends (an erased account's go with it by cascade). */
export const followRequestTies: PersonTies = {
  async deleteBetween(db, a, b) {
    await db.execute(sql`
      delete from follow_requests
       where (requester_id = ${a} and target_id = ${b}) or (requester_id = ${b} and target_id = ${a})`);
  },
};

/** The newest follows of the caller read for suggestions, and of each of them. */
const SUGGESTION_FOLLOWS_READ = 200;
const SUGGESTION_THEIR_FOLLOWS_READ = 50;
/** The newest visible reviews whose authors count as active. */
const SUGGESTION_RECENT_REVIEWS = 500;

/**
 * People to suggest to `viewerId` (GET /api/people/suggested), at most `limit`, in tiers: those
 * followed by the people they follow (most such follows first), then the authors of recent
 * reviews who live in the city of the viewer's profile, then the other recent authors, the most
 * liked first. Every read is bounded (the viewer's newest follows, each one's newest follows,
 * the newest reviews through reviews_feed_idx); never the viewer, someone they follow or asked
 * to, an account still being set up or anyone visibleAuthorSql hides from them. Private
 * accounts come only through the people the viewer follows: their reviews are not public.
 */
export function suggestedPeopleSql(viewerId: string, limit: number): SQL {
  return sql`
    with mine as materialized (
      select f.following_id as id from follows f
       where f.follower_id = ${viewerId}
       order by f.created_at desc, f.id desc
       limit ${SUGGESTION_FOLLOWS_READ}),
    theirs as (
      select t.following_id as id, count(*)::int as score, 2 as tier
        from mine m
        cross join lateral (
          select f.following_id from follows f
           where f.follower_id = m.id
           order by f.created_at desc, f.id desc
           limit ${SUGGESTION_THEIR_FOLLOWS_READ}) t
       group by t.following_id),
    recent as (
      select r.user_id, r.like_count from reviews r
       where not r.is_hidden
       order by r.created_at desc, r.id desc
       limit ${SUGGESTION_RECENT_REVIEWS}),
    active as (
      select r.user_id as id, (sum(r.like_count) + count(*))::int as score,
             case when lower(trim(p.location)) = (
                    select lower(trim(me.location)) from profiles me where me.id = ${viewerId})
                  then 1 else 0 end as tier
        from recent r
        join profiles p on p.id = r.user_id and not p.is_private
       group by r.user_id, p.location),
    candidates as (
      select id, max(tier) as tier, max(score) as score
        from (select * from theirs union all select * from active) c
       group by id)
    select p.id as user_id, p.username as author_username, p.full_name as author_full_name,
           p.slug as author_slug, p.avatar_url as author_avatar_url
      from candidates c
      join profiles p on p.id = c.id
     where p.id <> ${viewerId}
       and not starts_with(p.username, ${TEMPORARY_USERNAME_PREFIX})
       and not exists (select 1 from follows f
                        where f.follower_id = ${viewerId} and f.following_id = p.id)
       and not exists (select 1 from follow_requests fr
                        where fr.requester_id = ${viewerId} and fr.target_id = p.id)
       and ${visibleAuthorSql(viewerId, sql`p.id`, "person")}
     order by c.tier desc, c.score desc, p.username
     limit ${limit}`;
}
