import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// Who may see whom. Every read that shows a person or what they wrote (items, comments,
// profiles, people lists, notifications, lists, maps, search) filters its rows with
// visibleAuthorSql inside the statement, before any LIMIT, so pages stay full. Each clause is a
// primary-key or index probe, cheap per row.

type PersonId = SQL | AnyPgColumn;

/**
 * True when the person `authorId` may be shown to `viewerId`: their account is not waiting to be
 * deleted, and neither of the two has blocked the other. Visitors (no viewer) see every account
 * that is not being deleted.
 */
export function visibleAuthorSql(viewerId: string | undefined, authorId: PersonId): SQL {
  const active = sql`not exists (select 1 from account_deletions ad where ad.user_id = ${authorId})`;
  if (!viewerId) return active;
  return sql`(${active} and not exists (
      select 1 from user_blocks ub
       where (ub.blocker_id = ${viewerId} and ub.blocked_id = ${authorId})
          or (ub.blocker_id = ${authorId} and ub.blocked_id = ${viewerId})))`;
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
