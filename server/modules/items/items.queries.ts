import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DealVote } from "#domain/deal-votes.ts";
import { type ItemKind, itemKinds } from "#domain/item-kinds.ts";
import type { Executor } from "#server/db/client.ts";
import { dealEnd } from "#server/db/schema/deals.ts";
import { itemSubmissions } from "#server/db/schema/uploads.ts";
import { unseenPeopleSql, visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import { CREATED_AT_TEXT } from "#server/modules/shared/keyset.ts";
import { lockProfilesInOrder } from "#server/modules/shared/people.ts";
import { itemTables } from "./item-tables.ts";

// The reads and writes every item-facing module shares. Kind-generic statements take their
// table names from item-tables.ts (constants, never user input).

export interface VisibleItem {
  id: string;
  /** The author, who gets the notifications. */
  userId: string;
  likeCount: number;
  commentCount: number;
}

/**
 * A review or post that is not hidden and whose author `viewerId` may see, or undefined
 * (missing, hidden, blocked and pending deletion look the same: 404), so nobody likes or
 * comments on the items of someone in a block with them.
 */
export async function findVisibleItem(
  db: Executor,
  kind: ItemKind,
  id: string,
  viewerId: string | undefined,
): Promise<VisibleItem | undefined> {
  const table = itemTables[kind].items;
  const [row] = await db
    .select({
      id: table.id,
      userId: table.userId,
      likeCount: table.likeCount,
      commentCount: table.commentCount,
    })
    .from(table)
    .where(
      and(eq(table.id, id), sql`not ${table.isHidden}`, visibleAuthorSql(viewerId, table.userId)),
    )
    .limit(1);
  return row;
}

/**
 * findVisibleItem for a like or a comment, inside its transaction. Once the item is found, the
 * actor's and the author's profile rows are share-locked (lockProfilesInOrder, as a new block
 * locks them for update) and the item is looked up again. So a block between the two
 * either commits first, and the second look misses the item, or waits until this transaction
 * committed and then removes the like or comment it added.
 */
export async function findItemToInteractWith(
  tx: Executor,
  kind: ItemKind,
  id: string,
  actorId: string,
): Promise<VisibleItem | undefined> {
  const item = await findVisibleItem(tx, kind, id, actorId);
  if (!item) return undefined;
  await lockProfilesInOrder(tx, [actorId, item.userId], "share");
  return findVisibleItem(tx, kind, id, actorId);
}

/**
 * The item's author and type, row-locked until the transaction ends, so two edits or an edit
 * and a delete of one item never interleave. Hidden items are found too: their author may still
 * delete them.
 */
export async function lockItem(
  db: Executor,
  kind: ItemKind,
  id: string,
): Promise<{ id: string; userId: string; reviewType: "dish" | "restaurant" | null } | undefined> {
  const result = await db.execute<{
    id: string;
    user_id: string;
    review_type: "dish" | "restaurant" | null;
  }>(sql`
    select id, user_id, ${kind === "review" ? sql`review_type` : sql`null::text`} as review_type
      from ${itemTables[kind].items} where id = ${id} for update`);
  const row = result.rows[0];
  return row && { id: row.id, userId: row.user_id, reviewType: row.review_type };
}

/** Deletes the item; its photos, likes, comments and notifications go with it (cascade). */
export async function deleteItemRow(db: Executor, kind: ItemKind, id: string): Promise<void> {
  const table = itemTables[kind].items;
  await db.delete(table).where(eq(table.id, id));
}

/** The kind as a SQL string literal (kinds are constants, never input). */
function kindLiteral(kind: ItemKind): SQL {
  return sql.raw(`'${kind}'::text`);
}

// ---------------------------------------------------------------------------------------------
// Photos

/** A photo row of an item of `kind`. */
export interface ImageRow extends Record<string, unknown> {
  kind: ItemKind;
  itemId: string;
  id: string;
  imageUrl: string;
  displayOrder: number;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  altText: string | null;
}

/** The photos of the given items, in display order, in one statement. */
export function itemImagesSql(items: readonly { kind: ItemKind; id: string }[]): SQL {
  const branches = itemKinds.map((kind) => {
    const list = items.filter((item) => item.kind === kind).map((item) => sql`${item.id}::uuid`);
    // `in (null)` matches nothing and keeps the statement's shape when a kind is absent.
    const ids = list.length > 0 ? sql.join(list, sql`, `) : sql`null`;
    const { images, imageItemId } = itemTables[kind];
    return sql`
    select ${kindLiteral(kind)} as kind, ${imageItemId} as "itemId", ${images.id} as id,
           ${images.imageUrl} as "imageUrl", ${images.displayOrder} as "displayOrder",
           ${images.width} as width, ${images.height} as height,
           ${images.placeholder} as placeholder, ${images.altText} as "altText"
      from ${images} where ${imageItemId} in (${ids})`;
  });
  return sql`${sql.join(branches, sql` union all `)} order by "itemId", "displayOrder", id`;
}

export async function selectItemImages(
  db: Executor,
  items: readonly { kind: ItemKind; id: string }[],
): Promise<ImageRow[]> {
  if (items.length === 0) return [];
  return (await db.execute<ImageRow>(itemImagesSql(items))).rows;
}

/** A stored photo file as a new image row needs it. */
export interface NewImage {
  imageUrl: string;
  width: number;
  height: number;
  placeholder: string;
  altText: string | null;
  displayOrder: number;
}

export async function insertItemImages(
  db: Executor,
  kind: ItemKind,
  itemId: string,
  images: readonly NewImage[],
): Promise<void> {
  if (images.length === 0) return;
  const { images: table, imageItemId } = itemTables[kind];
  const rows = images.map(
    (image) => sql`(${itemId}, ${image.imageUrl}, ${image.displayOrder}, ${image.width},
      ${image.height}, ${image.placeholder}, ${image.altText})`,
  );
  await db.execute(sql`
    insert into ${table} (${sql.identifier(imageItemId.name)}, image_url, display_order, width,
                          height, placeholder, alt_text)
    values ${sql.join(rows, sql`, `)}`);
}

export async function deleteItemImages(
  db: Executor,
  kind: ItemKind,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const table = itemTables[kind].images;
  await db.delete(table).where(inArray(table.id, [...ids]));
}

export async function updateItemImage(
  db: Executor,
  kind: ItemKind,
  id: string,
  changes: { displayOrder: number; altText: string | null },
): Promise<void> {
  const table = itemTables[kind].images;
  await db.update(table).set(changes).where(eq(table.id, id));
}

// ---------------------------------------------------------------------------------------------
// Item rows: one shape for every list and detail of reviews and posts

/**
 * One review or post with its author and restaurant, as every read of items returns it: the
 * feed, the detail view, and any later list. Built by {@link selectItemRows} around a `page`
 * of {@link itemColumns}.
 */
export interface ItemRow extends Record<string, unknown> {
  kind: ItemKind;
  id: string;
  /** Microsecond text form of created_at, for keyset cursors (see cursor.ts). */
  created_at_text: string;
  user_id: string;
  review_type: "dish" | "restaurant" | null;
  title: string;
  /** A review's description or a post's content. */
  body: string | null;
  rating: number | null;
  cost: number | null;
  /** A review's date visited as `YYYY-MM-DD`; null for posts. */
  visited_on: string | null;
  /** A ranked dish's category (ADR 0030), with the visible dishes of it and those better. */
  category: string | null;
  rank_total: number | null;
  rank_better: number | null;
  like_count: number;
  comment_count: number;
  updated_at: Date | string;
  is_hidden: boolean;
  /** The page's sort value when it is ordered by one (see {@link ItemOrder}), else null. */
  sort_key: number | null;
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
  /** Deals only: when it runs and where it stands at the statement's moment, and its votes. */
  deal_when: DealWhenColumn | null;
  /** Deals only: the viewer's "Still on" / "Gone"; null otherwise. */
  my_vote: DealVote | null;
}

/** A deal's schedule columns and where it stands at `at`, as one value (null for other kinds). */
export interface DealWhenColumn {
  timeZone: string;
  endsAt: string | null;
  weekDays: number | null;
  startsMinute: number | null;
  endsMinute: number | null;
  lastDay: string | null;
  isOnNow: boolean;
  hasEnded: boolean;
  stillOnCount: number;
  goneCount: number;
  reportedGone: boolean;
}

/**
 * The deal `alias` has not passed its end at `at` (weekly deals without a last day never end),
 * written as the listing indexes hold it (dealEnd) so they check it without reading the row.
 */
function dealNotEndedSql(alias: string, at: Date): SQL {
  return sql`(${dealEnd(sql.raw(`${alias}.ends_at`))} > ${at.toISOString()}::timestamptz)`;
}

/**
 * The deal `alias` belongs in listings (feeds, a restaurant's Deals tab) at `at`: not past its
 * end, and not "Reported gone" (issue 30). Its own page and its author's profile still show it.
 * The listings' partial indexes hold only deals that are not reported gone, so this keeps
 * their plans on them.
 */
export function dealListedSql(alias: string, at: Date): SQL {
  return sql`(not ${sql.raw(alias)}.is_reported_gone and ${dealNotEndedSql(alias, at)})`;
}

/**
 * The deals under `alias` that listings of deals at `at` show `viewerId`: not hidden, not past
 * their end, not reported gone, by an author they may see. A restaurant's Deals tab, Nearby's
 * deals and Explore's Deals tab list exactly these (weekly deals between their windows
 * included); the listing indexes' condition is its first two parts.
 */
export function activeDealSql(alias: string, viewerId: string | undefined, at: Date): SQL {
  const d = sql.raw(alias);
  return sql`(not ${d}.is_hidden and ${dealListedSql(alias, at)}
              and ${visibleAuthorSql(viewerId, sql`${d}.user_id`)})`;
}

/**
 * Whether the deal `alias` runs at `at` (docs/decisions/0029): before its end, and for a weekly
 * deal inside a window of its zone's wall clock. A window that ends before it starts runs past
 * midnight, so early in a day it is the previous day's window that counts.
 */
function dealOnNowSql(alias: string, at: Date): SQL {
  const d = sql.raw(alias);
  const local = sql`(${at.toISOString()}::timestamptz at time zone ${d}.time_zone)`;
  const minute = sql`(extract(hour from ${local})::int * 60 + extract(minute from ${local})::int)`;
  const dow = sql`extract(isodow from ${local})::int`;
  const dayBit = (index: SQL) => sql`(${d}.week_days::int & (1 << ${index})) <> 0`;
  const today = dayBit(sql`(${dow} - 1)`);
  // Monday's previous day is Sunday (bit 6).
  const yesterday = dayBit(sql`((${dow} + 5) % 7)`);
  return sql`(${dealNotEndedSql(alias, at)} and (
      ${d}.week_days is null
      or (${d}.starts_minute < ${d}.ends_minute
          and ${today} and ${minute} >= ${d}.starts_minute and ${minute} < ${d}.ends_minute)
      or (${d}.starts_minute > ${d}.ends_minute
          and ((${today} and ${minute} >= ${d}.starts_minute)
               or (${yesterday} and ${minute} < ${d}.ends_minute)))))`;
}

/**
 * The columns a `page` subquery selects from the `kind`'s table under `alias`, the same for
 * every kind so pages of reviews, posts and deals can be UNIONed. A deal's schedule and where
 * it stands at `at` (the request's moment) travel as one `deal_when` value.
 */
export function itemColumns(kind: ItemKind, alias: string, at: Date = new Date()): SQL {
  const a = sql.raw(alias);
  if (kind === "review") {
    return sql`'review'::text as kind, ${a}.id, ${a}.created_at, ${a}.user_id, ${a}.restaurant_id,
          ${a}.review_type, ${a}.title, ${a}.description as body, ${a}.rating,
          ${a}.cost::float8 as cost, to_char(${a}.visited_on, 'YYYY-MM-DD') as visited_on,
          ${a}.category, ${a}.rank_position, ${a}.like_count, ${a}.comment_count, ${a}.updated_at,
          ${a}.is_hidden, null::jsonb as deal_when`;
  }
  const dealWhen =
    kind === "deal"
      ? sql`jsonb_build_object('timeZone', ${a}.time_zone, 'endsAt', ${a}.ends_at,
              'weekDays', ${a}.week_days, 'startsMinute', ${a}.starts_minute,
              'endsMinute', ${a}.ends_minute, 'lastDay', ${a}.last_day::text,
              'isOnNow', ${dealOnNowSql(alias, at)},
              'hasEnded', not ${dealNotEndedSql(alias, at)},
              'stillOnCount', ${a}.still_on_count, 'goneCount', ${a}.gone_count,
              'reportedGone', ${a}.is_reported_gone)`
      : sql`null::jsonb`;
  return sql`${kindLiteral(kind)} as kind, ${a}.id, ${a}.created_at, ${a}.user_id, ${a}.restaurant_id,
          null::text as review_type, ${a}.title, ${a}.${sql.raw(kind === "deal" ? "details" : "content")} as body,
          null::int as rating, null::float8 as cost, null::text as visited_on,
          null::text as category, null::float8 as rank_position, ${a}.like_count,
          ${a}.comment_count, ${a}.updated_at, ${a}.is_hidden, ${dealWhen} as deal_when`;
}

/**
 * How a page of items is ordered: by (created_at, id), or by the page's `sort_key` column and
 * then (created_at, id), all in one direction so a keyset row comparison bounds it.
 */
interface ItemOrder {
  direction: "asc" | "desc";
  /** Whether the page selects a numeric `sort_key` (never null) that comes first. */
  keyed: boolean;
}

const NEWEST_FIRST: ItemOrder = { direction: "desc", keyed: false };

export interface ItemRowsOptions {
  viewerId?: string | undefined;
  limit?: number | undefined;
  /** Newest first unless given. */
  order?: ItemOrder | undefined;
}

/**
 * The statement that completes a `page` of {@link itemColumns} rows (a subquery that already
 * filtered and bounded them) with author, restaurant and whether `viewerId` likes each, in the
 * page's order, at most `limit`. One statement whatever the page's size.
 *
 * The comment count (of visible comments in threads whose top-level comment is visible, as
 * comments.queries.ts keeps it) leaves out what the comment list does not show the viewer: the
 * comments of accounts waiting to be deleted and, for a signed-in viewer, of people in a block
 * with them, and the other people's replies under those people's top-level comments (their
 * threads are not listed). The people come first (the few account_deletions rows and the
 * viewer's user_blocks rows, read once for the statement) and each one's comments on the item
 * are one probe of the (user, item) index and their threads one of the (parent) index, so with
 * nobody to leave out nothing is paid per item.
 */
export function itemRowsSql(page: SQL, options: ItemRowsOptions = {}): SQL {
  const { viewerId, limit, order = NEWEST_FIRST } = options;
  // One branch per kind, each a probe of that kind's (user, item) key or index.
  const perKind = (branch: (kind: ItemKind) => SQL) =>
    sql`case ${sql.join(
      itemKinds.map((kind) => sql`when page.kind = ${kindLiteral(kind)} then ${branch(kind)}`),
      sql` `,
    )} end`;
  const likedByMe = viewerId
    ? perKind((kind) => {
        const { likes, likeItemId } = itemTables[kind];
        return sql`exists (select 1 from ${likes} where ${likeItemId} = page.id and ${likes.userId} = ${viewerId})`;
      })
    : sql`false`;
  const myVote = viewerId
    ? sql`case when page.kind = 'deal' then (
        select v.vote from deal_votes v where v.deal_id = page.id and v.user_id = ${viewerId}) end`
    : sql`null::text`;
  // Per unseen person, the counted comments they wrote and the replies by others under their
  // top-level ones: scalar probes, so the (user, item) and (parent) indexes answer each.
  const unseenComments = (
    t: (typeof itemTables)[ItemKind]["comments"],
    itemId: ReturnType<typeof sql.identifier>,
  ) =>
    sql`(select count(*) from ${t} c
          where c.user_id = u.id and c.${itemId} = page.id and not c.is_hidden
            and not exists (select 1 from ${t} hp where hp.id = c.parent_id and hp.is_hidden))
      + (select count(*) from ${t} c
           join ${t} r on r.parent_id = c.id
          where c.user_id = u.id and c.${itemId} = page.id and c.parent_id is null
            and not c.is_hidden and not r.is_hidden
            and r.user_id not in (select id from unseen))`;
  const commentCount = sql`page.comment_count - coalesce((
        select sum(${perKind((kind) => {
          const { comments, commentItemId } = itemTables[kind];
          return unseenComments(comments, sql.identifier(commentItemId.name));
        })})
          from unseen u), 0)::int`;
  const unseen = sql`, unseen as materialized (${unseenPeopleSql(viewerId)})`;
  // A ranked dish's score (ADR 0030) needs its category's visible dishes and how many of them
  // rank above it: two probes of reviews_user_category_rank_idx, only for ranked dishes.
  const ranked = (condition: SQL) => sql`case when page.category is null then null else (
        select count(*)::int from reviews rk
         where rk.user_id = page.user_id and rk.category = page.category and not rk.is_hidden
           ${condition}) end`;
  const direction = sql.raw(order.direction);
  const orderBy = order.keyed
    ? sql`page.sort_key ${direction}, page.created_at ${direction}, page.id ${direction}`
    : sql`page.created_at ${direction}, page.id ${direction}`;
  return sql`
    with page as (${page})${unseen}
    select page.kind, page.id,
           to_char(page.created_at at time zone 'UTC', ${sql.raw(CREATED_AT_TEXT)}) as created_at_text,
           page.user_id, page.review_type, page.title, page.body, page.rating, page.cost,
           page.visited_on, page.category, ${ranked(sql``)} as rank_total,
           ${ranked(sql`and rk.rank_position < page.rank_position`)} as rank_better,
           page.like_count, ${commentCount} as comment_count, page.updated_at, page.is_hidden,
           page.deal_when,
           ${order.keyed ? sql`page.sort_key` : sql`null::float8`} as sort_key,
           ${likedByMe} as liked_by_me, ${myVote} as my_vote,
           a.username as author_username, a.full_name as author_full_name,
           a.slug as author_slug, a.avatar_url as author_avatar_url,
           rs.id as restaurant_id, rs.name as restaurant_name, rs.slug as restaurant_slug,
           rs.address as restaurant_address, rs.price_level as restaurant_price_level
      from page
      join profiles a on a.id = page.user_id
      left join restaurants rs on rs.id = page.restaurant_id
     order by ${orderBy}
     ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
}

export async function selectItemRows(
  db: Executor,
  page: SQL,
  options: ItemRowsOptions = {},
): Promise<ItemRow[]> {
  return (await db.execute<ItemRow>(itemRowsSql(page, options))).rows;
}

/**
 * A page holding the one item `id` of `kind` as `viewerId` may see it: visible, or hidden by a
 * moderator and either theirs (an author still sees their hidden item, marked as such) or
 * viewed by a moderator or admin (who open it from a report or the Activity Log); and never
 * when its author is in a block with the viewer or pending deletion (for everyone, staff too).
 */
export function viewableItemPage(
  kind: ItemKind,
  id: string,
  viewerId: string | undefined,
  at: Date = new Date(),
): SQL {
  const hiddenFilter = viewerId
    ? sql`(not i.is_hidden or i.user_id = ${viewerId} or exists (
             select 1 from user_roles ur
              where ur.user_id = ${viewerId} and ur.role in ('admin', 'moderator')))`
    : sql`not i.is_hidden`;
  return sql`select ${itemColumns(kind, "i", at)} from ${itemTables[kind].items} i
              where i.id = ${id} and ${hiddenFilter}
                and ${visibleAuthorSql(viewerId, sql`i.user_id`)}`;
}

/** Who may see a stored photo: everyone, or only some signed-in people (the owner among them). */
export interface PhotoAudience {
  /** Visitors may see it: an item not hidden, by an account that is public and staying. */
  everyone: boolean;
  /** `viewerId` may see it: as everyone may, or as its author, a moderator or an approved follower. */
  viewer: boolean;
}

/**
 * The audience of the photo stored at `imageUrl` (a large variant's address, as image rows keep
 * it) among the items holding it, or undefined when no item does. An item's photo is seen by
 * whoever may see the item, its author and moderators (who review hidden items) included.
 */
export async function findItemPhotoAudience(
  db: Executor,
  imageUrl: string,
  viewerId: string | undefined,
): Promise<PhotoAudience | undefined> {
  const holders = sql.join(
    Object.values(itemTables).map(
      ({ items, images, imageItemId }) => sql`
        select ${items.userId} as user_id, ${items.isHidden} as is_hidden
          from ${images} join ${items} on ${items.id} = ${imageItemId}
         where ${images.imageUrl} = ${imageUrl}`,
    ),
    sql` union all `,
  );
  const viewerSees = viewerId
    ? sql`h.user_id = ${viewerId}
          or exists (select 1 from user_roles ur
                      where ur.user_id = ${viewerId} and ur.role in ('moderator', 'admin'))
          or (not h.is_hidden and ${visibleAuthorSql(viewerId, sql`h.user_id`)})`
    : sql`false`;
  const result = await db.execute<{ holders: number; everyone: boolean; viewer: boolean }>(sql`
    select count(*)::int as holders,
           coalesce(bool_or(not h.is_hidden and ${visibleAuthorSql(undefined, sql`h.user_id`)}), false) as everyone,
           coalesce(bool_or(${viewerSees}), false) as viewer
      from (${holders}) h`);
  const [row] = result.rows;
  if (!row || row.holders === 0) return undefined;
  return { everyone: row.everyone, viewer: row.everyone || row.viewer };
}

/**
 * Claims `key` for a new item of `userId`'s: undefined when the key is theirs now (go on and
 * make the item), else the item an earlier submission with it made. A submission under way
 * with the same key is waited for (its row is uncommitted), so two at once make one item.
 */
export async function claimSubmissionKey(
  tx: Executor,
  userId: string,
  key: string,
  kind: ItemKind,
): Promise<{ itemKind: ItemKind; itemId: string } | undefined> {
  const claimed = await tx
    .insert(itemSubmissions)
    .values({ userId, key, itemKind: kind })
    .onConflictDoNothing()
    .returning({ key: itemSubmissions.key });
  if (claimed.length > 0) return undefined;
  const [earlier] = await tx
    .select({ itemKind: itemSubmissions.itemKind, itemId: itemSubmissions.itemId })
    .from(itemSubmissions)
    .where(and(eq(itemSubmissions.userId, userId), eq(itemSubmissions.key, key)));
  if (!earlier?.itemId) throw new Error(`submission key ${key} has no item`);
  return { itemKind: earlier.itemKind, itemId: earlier.itemId };
}

/** Records the item a claimed submission key made, in the same transaction. */
export async function recordSubmission(
  tx: Executor,
  userId: string,
  key: string,
  itemId: string,
): Promise<void> {
  await tx
    .update(itemSubmissions)
    .set({ itemId })
    .where(and(eq(itemSubmissions.userId, userId), eq(itemSubmissions.key, key)));
}
