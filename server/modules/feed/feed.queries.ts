import { type SQL, sql } from "drizzle-orm";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { Cursor } from "#server/modules/items/cursor.ts";
import { itemTables } from "#server/modules/items/item-tables.ts";
import { itemColumns, itemRowsSql } from "#server/modules/items/items.queries.ts";

export interface FeedPageParams {
  /** Rows to fetch (a page plus one, to know whether another page follows). */
  limit: number;
  after?: Cursor | undefined;
  /** Signed-in viewer: fills likedByMe. */
  viewerId?: string | undefined;
  /** Only items by people this user follows. */
  followedBy?: string | undefined;
}

/**
 * One page of the feed in one statement. Each kind contributes its own newest `limit` rows
 * through its partial index `(created_at desc, id desc) where not is_hidden`, bounded by the
 * keyset row comparison, so a deep page reads as few rows as the first; the outer query merges
 * the two short lists and joins author, restaurant and the viewer's like.
 *
 * The following scope instead walks the viewer's follows and takes at most `limit` rows per
 * followed person from the (user_id, created_at desc, id desc) index (a LATERAL probe each):
 * filtering the global index by author would read the whole table for someone who follows
 * few or quiet people. Its cost grows with the number of people followed, not with the data.
 */
export function feedPageSql(params: FeedPageParams): SQL {
  const { limit, after, followedBy } = params;
  const newest = (kind: ItemKind, alias: "r" | "p") => {
    const a = sql.raw(alias);
    const table = itemTables[kind].items;
    const visible = after
      ? sql`not ${a}.is_hidden and (${a}.created_at, ${a}.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql`not ${a}.is_hidden`;
    const order = sql`order by ${a}.created_at desc, ${a}.id desc limit ${limit}`;
    if (!followedBy) {
      return sql`(select ${itemColumns(kind, alias)} from ${table} ${a} where ${visible} ${order})`;
    }
    return sql`(select ${itemColumns(kind, alias)}
        from follows f
        cross join lateral (
          select * from ${table} ${a}
           where ${a}.user_id = f.following_id and ${visible} ${order}) ${a}
       where f.follower_id = ${followedBy}
       ${order})`;
  };
  const page = sql`${newest("review", "r")} union all ${newest("post", "p")}`;
  return itemRowsSql(page, { viewerId: params.viewerId, limit });
}
