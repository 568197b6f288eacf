import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// Who may see whom. Every read that shows a person or what they wrote (items, comments,
// profiles, people lists, notifications, lists, maps, search) filters its rows with
// visibleAuthorSql inside the statement, before any LIMIT, so pages stay full. Each clause is an
// index probe per row or a hash of a few ids read once per statement: cheap per row.

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
  /** A person's id, or a column of people (each row's own viewer); undefined for visitors. */
  viewerId: string | SQL | undefined,
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
  // Asked as a number `<> 1`: the planner then expects nearly every row to pass, as they do,
  // where it guesses half for a NOT IN and reads whole indexes to feed joins it believes
  // will shrink the rows.
  const privacyAllows = sql`(${authorId} in (${walledAuthorsSql(viewerId)}))::int <> 1`;
  return sql`(${personShown} and ${privacyAllows})`;
}

/**
 * The private accounts whose content `viewerId` may not see: every private account for a
 * visitor; for a signed-in viewer, those that are not their own and that they do not follow.
 * It does not depend on the row, so PostgreSQL reads it once per statement from the partial
 * index of private profiles and checks each row against a hash of it (an IN inside an
 * expression is never pulled up into a join). Almost every author is public: a probe of the
 * author's profile per row cost more than the rest of the filter on a statement reading
 * many rows, as searches, Nearby and stats do. (A viewer given as a column, as mention
 * suggestions check who may see an item, makes it a per-row subquery over those few rows.)
 */
function walledAuthorsSql(viewerId: string | SQL | undefined): SQL {
  // Aliases no statement around it uses (its `p` is often the author's row).
  const walled = sql`select walled.id from profiles walled where walled.is_private`;
  if (!viewerId) return walled;
  return sql`${walled} and walled.id <> ${viewerId} and not exists (
      select 1 from follows wf where wf.follower_id = ${viewerId} and wf.following_id = walled.id)`;
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
