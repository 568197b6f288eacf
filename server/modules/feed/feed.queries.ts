import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { CREATED_AT_TEXT, type Cursor } from "./cursor.ts";
import type { ItemKind } from "./items.queries.ts";

export interface FeedPageParams {
  /** Rows to fetch (a page plus one, to know whether another page follows). */
  limit: number;
  after?: Cursor | undefined;
  /** Signed-in viewer: fills likedByMe. */
  viewerId?: string | undefined;
  /** Only items by people this user follows. */
  followedBy?: string | undefined;
}

export interface FeedRow extends Record<string, unknown> {
  kind: ItemKind;
  id: string;
  /** Microsecond text form, see cursor.ts. */
  created_at_text: string;
  user_id: string;
  review_type: "dish" | "restaurant" | null;
  title: string;
  body: string | null;
  rating: number | null;
  cost: number | null;
  like_count: number;
  comment_count: number;
  updated_at: Date | string;
  liked_by_me: boolean;
  author_username: string;
  author_full_name: string | null;
  author_slug: string | null;
  author_avatar_url: string | null;
  restaurant_id: string | null;
  restaurant_name: string | null;
  restaurant_slug: string | null;
  restaurant_address: string | null;
  restaurant_price_level: number | null;
}

/**
 * One page of the feed in one statement. Each table contributes its own newest `limit` rows
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
  const limit = params.limit;
  const source = (table: "reviews" | "posts", alias: "r" | "p", columns: SQL) => {
    const a = sql.raw(alias);
    const parts: SQL[] = [sql`not ${a}.is_hidden`];
    if (params.after) {
      parts.push(
        sql`(${a}.created_at, ${a}.id) < (${params.after.createdAt}::timestamptz, ${params.after.id}::uuid)`,
      );
    }
    const where = sql.join(parts, sql` and `);
    const order = sql`order by ${a}.created_at desc, ${a}.id desc limit ${limit}`;
    if (!params.followedBy) {
      return sql`(select ${columns} from ${sql.raw(table)} ${a} where ${where} ${order})`;
    }
    return sql`(select ${columns}
        from follows f
        cross join lateral (
          select * from ${sql.raw(table)} ${a}
           where ${a}.user_id = f.following_id and ${where} ${order}) ${a}
       where f.follower_id = ${params.followedBy}
       ${order})`;
  };
  const reviewColumns = sql`'review'::text as kind, r.id, r.created_at, r.user_id,
      r.restaurant_id, r.review_type, r.title, r.description as body, r.rating,
      r.cost::float8 as cost, r.like_count, r.comment_count, r.updated_at`;
  const postColumns = sql`'post'::text, p.id, p.created_at, p.user_id, p.restaurant_id,
      null::text, p.title, p.content, null::int, null::float8,
      p.like_count, p.comment_count, p.updated_at`;
  const likedByMe = params.viewerId
    ? sql`case when page.kind = 'review'
          then exists (select 1 from likes l where l.review_id = page.id and l.user_id = ${params.viewerId})
          else exists (select 1 from post_likes pl where pl.post_id = page.id and pl.user_id = ${params.viewerId})
          end`
    : sql`false`;
  return sql`
    with page as (
      ${source("reviews", "r", reviewColumns)}
      union all
      ${source("posts", "p", postColumns)}
    )
    select page.kind, page.id,
           to_char(page.created_at at time zone 'UTC', ${sql.raw(CREATED_AT_TEXT)}) as created_at_text,
           page.user_id, page.review_type, page.title, page.body, page.rating, page.cost,
           page.like_count, page.comment_count, page.updated_at,
           ${likedByMe} as liked_by_me,
           a.username as author_username, a.full_name as author_full_name,
           a.slug as author_slug, a.avatar_url as author_avatar_url,
           rs.id as restaurant_id, rs.name as restaurant_name, rs.slug as restaurant_slug,
           rs.address as restaurant_address, rs.price_level as restaurant_price_level
      from page
      join profiles a on a.id = page.user_id
      left join restaurants rs on rs.id = page.restaurant_id
     order by page.created_at desc, page.id desc
     limit ${limit}`;
}

export async function selectFeedPage(db: Executor, params: FeedPageParams): Promise<FeedRow[]> {
  const result = await db.execute<FeedRow>(feedPageSql(params));
  return result.rows;
}

export interface ImageRow extends Record<string, unknown> {
  kind: ItemKind;
  item_id: string;
  id: string;
  image_url: string;
  display_order: number;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  alt_text: string | null;
}

/** The images of a page's items, in display order, in one statement. */
export async function selectImages(
  db: Executor,
  items: readonly { kind: ItemKind; id: string }[],
): Promise<ImageRow[]> {
  const ids = (kind: ItemKind) => {
    const list = items.filter((item) => item.kind === kind).map((item) => sql`${item.id}::uuid`);
    // `in (null)` matches nothing and keeps the statement's shape when a kind is absent.
    return list.length > 0 ? sql.join(list, sql`, `) : sql`null`;
  };
  if (items.length === 0) return [];
  const result = await db.execute<ImageRow>(sql`
    select 'review'::text as kind, ri.review_id as item_id, ri.id, ri.image_url, ri.display_order,
           ri.width, ri.height, ri.placeholder, ri.alt_text
      from review_images ri where ri.review_id in (${ids("review")})
    union all
    select 'post'::text, pi.post_id, pi.id, pi.image_url, pi.display_order,
           pi.width, pi.height, pi.placeholder, pi.alt_text
      from post_images pi where pi.post_id in (${ids("post")})
    order by item_id, display_order, id`);
  return result.rows;
}
