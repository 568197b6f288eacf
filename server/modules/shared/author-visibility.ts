import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// Who may see whom. Every read that shows a person or what they wrote (items, comments,
// profiles, people lists, notifications, lists, maps, search) filters its rows with
// visibleAuthorSql inside the statement, before any LIMIT, so pages stay full. Each clause is a
// primary-key or index probe, cheap per row.

type PersonId = SQL | AnyPgColumn;

/**
 * What of a person a read shows: "person" is their name, photo and counts and what they do on
 * other people's things (likes, comments, follows, notifications); "content" is what they write
 * and keep themselves (reviews, posts, lists, saves, stats, map, Year in Food).
 */
export type VisibilityReach = "person" | "content";

/**
 * True when the person `authorId` may be shown to `viewerId`: their account is not waiting to be
 * deleted, and neither of the two has blocked the other. For their content, also: the account is
 * not private, or the viewer is its owner or an approved follower (a follow row; a request
 * waiting is not one). Visitors (no viewer) see every account that is not being deleted, and
 * the content of those that are not private.
 */
export function visibleAuthorSql(
  viewerId: string | undefined,
  authorId: PersonId,
  reach: VisibilityReach = "content",
): SQL {
  const active = sql`not exists (select 1 from account_deletions ad where ad.user_id = ${authorId})`;
  const personShown = viewerId
    ? sql`(${active} and not exists (
      select 1 from user_blocks ub
       where (ub.blocker_id = ${viewerId} and ub.blocked_id = ${authorId})
          or (ub.blocker_id = ${authorId} and ub.blocked_id = ${viewerId})))`
    : active;
  if (reach === "person") return personShown;
  // Two probes per row (the profile by primary key, then the follow by its unique pair) in a
  // function of migration 0018 that the planner prices and counts as it should (see there why
  // not subqueries, and why `<> 1`).
  const privacyAllows = sql`tasted_privacy_wall(${authorId}, ${viewerId ?? null}::text) <> 1`;
  return sql`(${personShown} and ${privacyAllows})`;
}

/** True unless `viewerId` muted `authorId`: for the viewer's feed and notifications only. */
export function notMutedSql(viewerId: string | undefined, authorId: PersonId): SQL {
  if (!viewerId) return sql`true`;
  return sql`not exists (
      select 1 from user_mutes um where um.muter_id = ${viewerId} and um.muted_id = ${authorId})`;
}

/**
 * The ids of the people `viewerId` may not see (visibleAuthorSql false): accounts waiting to be
 * deleted and, for a signed-in viewer, the other side of each of their blocks. A few rows, read
 * from their own tables; counts that rows of such people went into subtract them through this,
 * so a count a person sees matches the list they can open.
 */
export function unseenPeopleSql(viewerId: string | undefined): SQL {
  const leaving = sql`select ad.user_id as id from account_deletions ad`;
  if (!viewerId) return leaving;
  return sql`${leaving}
    union
    select ub.blocked_id from user_blocks ub where ub.blocker_id = ${viewerId}
    union
    select ub.blocker_id from user_blocks ub where ub.blocked_id = ${viewerId}`;
}

/**
 * A person's follower (or following) counter as `viewerId` may see it: the counter column less
 * the follows of (or to) people the viewer may not see, each a probe of the follows' unique
 * (follower, following) index from the few unseen people.
 */
export function shownFollowCountSql(
  viewerId: string | undefined,
  personId: PersonId,
  counter: SQL,
  side: "followers" | "following",
): SQL {
  const match =
    side === "followers"
      ? sql`f.follower_id = u.id and f.following_id = ${personId}`
      : sql`f.follower_id = ${personId} and f.following_id = u.id`;
  return sql`(${counter} - (select count(*)::int from (${unseenPeopleSql(viewerId)}) u
                             join follows f on ${match}))`;
}
