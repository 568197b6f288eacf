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
