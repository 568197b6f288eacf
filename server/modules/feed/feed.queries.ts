import { type SQL, sql } from "drizzle-orm";
import type { ItemKind } from "#domain/item-kinds.ts";
import { itemTables } from "#server/modules/items/item-tables.ts";
import { dealListedSql, itemColumns, itemRowsSql } from "#server/modules/items/items.queries.ts";
import { notMutedSql, visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import type { Cursor } from "#server/modules/shared/keyset.ts";

export interface FeedPageParams {
  /** Rows to fetch (a page plus one, to know whether another page follows). */
  limit: number;
  after?: Cursor | undefined;
  /** Signed-in viewer: fills likedByMe. */
  viewerId?: string | undefined;
  /** Only items by people this user follows. */
  followedBy?: string | undefined;
  /** The request's moment: deals past their end at `at` are not in the feed (ADR 0029), nor
   * deals reported gone. */
  at?: Date | undefined;
}

/**
 * One page of the feed in one statement. Each kind contributes its own newest `limit` rows
 * through its partial index `(created_at desc, id desc) where not is_hidden`, bounded by the
 * keyset row comparison, so a deep page reads as few rows as the first; the outer query merges
 * the three short lists and joins author, restaurant and the viewer's like. Deals that have
 * ended at `at` are left out in the same walk (ADR 0034): an ended deal leaves the feed by
 * itself, at the cost of a skipped index entry. Deals reported gone are not in their indexes.
 *
 * The following scope has two ways to find its page's keys, and uses the one whose cost fits
 * the viewer (the choice and the walk's bound are runtime values, so one statement holds both):
 * - **Probing each followed person** (fewer than FOLLOWING_WALK_FROM follows): at most `limit`
 *   keys per followed person from the partial index `(user_id, created_at desc, id desc) where
 *   not is_hidden` (a LATERAL probe each, read index-only), the newest `limit` of those kept,
 *   and only then are those rows read from the table. Its cost grows with the number of people
 *   followed (about ten index pages each), not with the data.
 * - **Walking everyone's newest items** (FOLLOWING_WALK_FROM follows or more): the kind's
 *   feed index, which ends with the author so the walk is index-only, read newest first and
 *   kept where the author is followed, until `limit` are found. Someone who follows a thousand
 *   people finds a page within a few hundred entries; probing them cost 12,000 index pages.
 *   The walk stops after FOLLOWING_WALK_ROWS entries (followed people who seldom post), and
 *   the probes then answer instead: the newest `limit` within the walk are the newest overall
 *   only when the walk found all `limit` of them.
 *
 * Both scopes leave out, before their LIMIT, the items of people in a block with the viewer,
 * muted by them, or pending deletion: a few primary-key probes per row of the global walk, and
 * per followed person (not per item) in the following scope.
 */
/** Following this many people or more, the Following feed walks everyone's newest items. */
export const FOLLOWING_WALK_FROM = 500;

/** How many of everyone's newest items of one kind that walk reads at the most. */
const FOLLOWING_WALK_ROWS = 5_000;

export function feedPageSql(params: FeedPageParams): SQL {
  const { limit, after, followedBy, viewerId, at = new Date() } = params;
  const authorShown = (author: SQL) =>
    sql`${visibleAuthorSql(viewerId, author)} and ${notMutedSql(viewerId, author)}`;
  const newest = (kind: ItemKind, alias: "r" | "p" | "d") => {
    const table = itemTables[kind].items;
    const newestOf = (tableAlias: string, author?: SQL, rows = limit) => {
      const a = sql.raw(tableAlias);
      const running = kind === "deal" ? sql` and ${dealListedSql(tableAlias, at)}` : sql``;
      const shown = author
        ? sql`not ${a}.is_hidden${running} and ${authorShown(author)}`
        : sql`not ${a}.is_hidden${running}`;
      const visible = after
        ? sql`${shown} and (${a}.created_at, ${a}.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
        : shown;
      return sql`${visible} order by ${a}.created_at desc, ${a}.id desc limit ${rows}`;
    };
    const a = sql.raw(alias);
    if (!followedBy) {
      return sql`(select ${itemColumns(kind, alias, at)} from ${table} ${a}
                    where ${newestOf(alias, sql`${a}.user_id`)})`;
    }
    // The two ways of the doc comment above; each branch runs only when its one-time condition
    // holds, and `walked` is counted only for a viewer who follows many.
    const followsMany = sql`(select following_count from profiles where id = ${followedBy}) >= ${FOLLOWING_WALK_FROM}`;
    return sql`(select ${itemColumns(kind, alias, at)}
        from (with followed as (
                select f.following_id from follows f
                 where f.follower_id = ${followedBy} and ${authorShown(sql`f.following_id`)}),
              walked as (
                select k.created_at, k.id
                  from (select k.created_at, k.id, k.user_id from ${table} k
                         where ${newestOf("k", undefined, FOLLOWING_WALK_ROWS)}) k
                 where exists (select 1 from follows f
                                where f.follower_id = ${followedBy} and f.following_id = k.user_id)
                   and ${authorShown(sql`k.user_id`)}
                 order by k.created_at desc, k.id desc limit ${limit})
              select id from walked
               where ${followsMany} and (select count(*) from walked) = ${limit}
              union all
              select probed.id from (
                select k.created_at, k.id
                  from followed f
                  cross join lateral (
                    select k.created_at, k.id from ${table} k
                     where k.user_id = f.following_id and ${newestOf("k")}) k
                 order by k.created_at desc, k.id desc limit ${limit}) probed
               where not ${followsMany} or (select count(*) from walked) < ${limit}) newest
        join ${table} ${a} on ${a}.id = newest.id)`;
  };
  const page = sql`${newest("review", "r")} union all ${newest("post", "p")}
    union all ${newest("deal", "d")}`;
  return itemRowsSql(page, { viewerId, limit });
}
