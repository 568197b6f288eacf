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
 * The following scope instead walks the viewer's follows and takes at most `limit` keys per
 * followed person from the partial index `(user_id, created_at desc, id desc) where not
 * is_hidden` (a LATERAL probe each, read index-only), keeps the newest `limit` of those keys
 * and only then reads those rows from the table: filtering the global index by author would
 * read the whole table for someone who follows few or quiet people, and reading every probed
 * row from the table made the page cost a hundred times its size. Its cost grows with the
 * number of people followed, not with the data.
 *
 * Both scopes leave out, before their LIMIT, the items of people in a block with the viewer,
 * muted by them, or pending deletion: a few primary-key probes per row of the global walk, and
 * per followed person (not per item) in the following scope.
 */
export function feedPageSql(params: FeedPageParams): SQL {
  const { limit, after, followedBy, viewerId, at = new Date() } = params;
  const authorShown = (author: SQL) =>
    sql`${visibleAuthorSql(viewerId, author)} and ${notMutedSql(viewerId, author)}`;
  const newest = (kind: ItemKind, alias: "r" | "p" | "d") => {
    const table = itemTables[kind].items;
    const newestOf = (tableAlias: string, author?: SQL) => {
      const a = sql.raw(tableAlias);
      const running = kind === "deal" ? sql` and ${dealListedSql(tableAlias, at)}` : sql``;
      const shown = author
        ? sql`not ${a}.is_hidden${running} and ${authorShown(author)}`
        : sql`not ${a}.is_hidden${running}`;
      const visible = after
        ? sql`${shown} and (${a}.created_at, ${a}.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
        : shown;
      return sql`${visible} order by ${a}.created_at desc, ${a}.id desc limit ${limit}`;
    };
    const a = sql.raw(alias);
    if (!followedBy) {
      return sql`(select ${itemColumns(kind, alias, at)} from ${table} ${a}
                    where ${newestOf(alias, sql`${a}.user_id`)})`;
    }
    return sql`(select ${itemColumns(kind, alias, at)}
        from (select k.id
                from follows f
                cross join lateral (
                  select k.created_at, k.id from ${table} k
                   where k.user_id = f.following_id and ${newestOf("k")}) k
               where f.follower_id = ${followedBy} and ${authorShown(sql`f.following_id`)}
               order by k.created_at desc, k.id desc limit ${limit}) newest
        join ${table} ${a} on ${a}.id = newest.id)`;
  };
  const page = sql`${newest("review", "r")} union all ${newest("post", "p")}
    union all ${newest("deal", "d")}`;
  return itemRowsSql(page, { viewerId, limit });
}
