import { type SQL, sql } from "drizzle-orm";
import type { AddListEntryInput, ListVisibility } from "#domain/lists.ts";
import { LIST_LIMITS } from "#domain/lists-rules.ts";
import { PLACE_RATING_REVIEW_TYPE } from "#domain/restaurant.ts";
import type { Executor } from "#server/db/client.ts";
import { type ItemRow, itemColumns, itemRowsSql } from "#server/modules/items/items.queries.ts";
import { restaurantPhotoSql } from "#server/modules/restaurants/restaurants.queries.ts";
import { unseenPeopleSql, visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import { betweenPeopleSql } from "#server/modules/shared/people.ts";
import type { PersonTies } from "#server/modules/shared/person-ties.ts";

// Every read of a list goes through listVisibleToSql, so who sees what is decided in one place.

/**
 * Whether `viewerId` (null for a visitor) may see the list `l`, holding the share key `key`
 * (null when they came without one): its owner; for a `followers` list, people who follow the
 * owner; for a `link` list, whoever holds its current key and whoever followed it. A `private`
 * list is its owner's alone. The key is compared here, so it never leaves the database for
 * anyone but the owner. Nobody sees the lists of someone in a block with them, nor anyone's
 * while their account waits to be deleted, key or not.
 */
export function listVisibleToSql(viewerId: string | null, key: string | null): SQL {
  const byKey = key ? sql`l.share_key = ${key}` : sql`false`;
  // The owner as a person: each way in below (owner, approved follower, link) already says who
  // may read, so a private owner's link list stays open to holders of its link.
  const ownerShown = visibleAuthorSql(viewerId ?? undefined, sql`l.owner_id`, "person");
  if (!viewerId) return sql`(l.visibility = 'link' and ${byKey} and ${ownerShown})`;
  return sql`(${ownerShown} and (
    l.owner_id = ${viewerId}
    or (l.visibility = 'followers'
        and exists (select 1 from follows f
                     where f.follower_id = ${viewerId} and f.following_id = l.owner_id))
    or (l.visibility = 'link'
        and (${byKey}
             or exists (select 1 from list_follows lf
                         where lf.list_id = l.id and lf.user_id = ${viewerId})))))`;
}

/**
 * The follower count of list `l` as `viewerId` may see it: the people who follow it and may
 * still see it. A followers list counts the list's follows by people who still follow its owner
 * (an unfollow leaves the list follow be, and with it the access), read from the list's follows;
 * a link list keeps every follower's access, so its counter less the people the viewer may not
 * see; a private list is its owner's alone.
 */
function shownListFollowerCountSql(viewerId: string | null): SQL {
  const unseen = unseenPeopleSql(viewerId ?? undefined);
  return sql`(case l.visibility
    when 'followers' then (
      select count(*)::int from list_follows lf
       where lf.list_id = l.id
         and exists (select 1 from follows f
                      where f.follower_id = lf.user_id and f.following_id = l.owner_id)
         and lf.user_id not in (${unseen}))
    when 'link' then l.follower_count - (
      select count(*)::int from (${unseen}) u
        join list_follows lf on lf.list_id = l.id and lf.user_id = u.id)
    else 0 end)`;
}

/**
 * Whether the entry `e` shows to `viewerId`: a restaurant, or a review nobody hid by someone
 * they may see; the list owner's own reviews go wherever the list does (a private owner's link
 * list shows them to its link holders).
 */
function entryShown(viewerId: string | null): SQL {
  return sql`(e.review_id is null or exists (
    select 1 from reviews hr where hr.id = e.review_id and not hr.is_hidden
       and (hr.user_id = (select ol.owner_id from lists ol where ol.id = e.list_id)
            or ${visibleAuthorSql(viewerId ?? undefined, sql`hr.user_id`)})))`;
}

/**
 * The entry `e`'s photo: a review's first photo, or the newest visible review photo at a
 * restaurant (restaurantPhotoSql) by someone `viewerId` may see.
 */
function entryPhoto(viewerId: string | null): SQL {
  return sql`case when e.review_id is null
    then ${restaurantPhotoSql(sql.raw("e.restaurant_id"), viewerId)}
    else (select ri.image_url from review_images ri where ri.review_id = e.review_id
           order by ri.display_order, ri.id limit 1)
    end`;
}

export interface ListSummaryRow extends Record<string, unknown> {
  id: string;
  name: string;
  description: string | null;
  visibility: ListVisibility;
  share_key: string;
  follower_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  /** The owner, as the author columns items use (authorFields). */
  user_id: string;
  author_username: string;
  author_full_name: string | null;
  author_slug: string | null;
  author_avatar_url: string | null;
  entry_count: number;
  cover_photo_url: string | null;
  followed_by_me: boolean;
}

/**
 * The summaries of the lists `from` (a FROM clause naming the list `l`) selects under `where`,
 * in `orderBy`, at most `limit`, with what `viewerId` sees of each: its owner, how many entries
 * show, the first shown entry's photo that has one (entries walked in order on
 * list_entries_list_position_idx until one has), and whether the viewer follows it. One
 * statement for any number of lists.
 */
function listSummariesSql(params: {
  viewerId: string | null;
  from?: SQL;
  where: SQL;
  orderBy: SQL;
  limit: number;
}): SQL {
  const { viewerId, from = sql`lists l`, where, orderBy, limit } = params;
  const followedByMe = viewerId
    ? sql`exists (select 1 from list_follows mf where mf.list_id = l.id and mf.user_id = ${viewerId})`
    : sql`false`;
  return sql`
    select l.id, l.name, l.description, l.visibility, l.share_key,
           ${shownListFollowerCountSql(viewerId)} as follower_count,
           l.created_at, l.updated_at,
           a.id as user_id, a.username as author_username, a.full_name as author_full_name,
           a.slug as author_slug, a.avatar_url as author_avatar_url,
           (select count(*)::int from list_entries e
             where e.list_id = l.id and ${entryShown(viewerId)}) as entry_count,
           (select photo.url
              from list_entries e
              cross join lateral (select ${entryPhoto(viewerId)} as url) photo
             where e.list_id = l.id and ${entryShown(viewerId)} and photo.url is not null
             order by e.position
             limit 1) as cover_photo_url,
           ${followedByMe} as followed_by_me
      from ${from}
      join profiles a on a.id = l.owner_id
     where ${where}
     order by ${orderBy}
     limit ${limit}`;
}

/** Runs one of the summary statements below. */
export async function selectListSummaries(db: Executor, statement: SQL): Promise<ListSummaryRow[]> {
  return (await db.execute<ListSummaryRow>(statement)).rows;
}

/** The list `listId` if `viewerId` holding `key` may see it. */
export function visibleListSql(listId: string, viewerId: string | null, key: string | null): SQL {
  return listSummariesSql({
    viewerId,
    where: sql`l.id = ${listId} and ${listVisibleToSql(viewerId, key)}`,
    orderBy: sql`l.id`,
    limit: 1,
  });
}

/**
 * The owner's lists `viewerId` may see without a key (a link list only once they follow it),
 * most recently updated first, on lists_owner_updated_idx.
 */
export function profileListsSql(ownerId: string, viewerId: string | null): SQL {
  return listSummariesSql({
    viewerId,
    where: sql`l.owner_id = ${ownerId} and ${listVisibleToSql(viewerId, null)}`,
    orderBy: sql`l.updated_at desc, l.id desc`,
    limit: LIST_LIMITS.listsMax,
  });
}

/**
 * The lists `viewerId` follows and may still see, most recently followed first, on
 * list_follows_user_created_idx.
 */
export function followedListsSql(viewerId: string, limit: number): SQL {
  return listSummariesSql({
    viewerId,
    from: sql`list_follows fl join lists l on l.id = fl.list_id`,
    where: sql`fl.user_id = ${viewerId} and ${listVisibleToSql(viewerId, null)}`,
    orderBy: sql`fl.created_at desc, l.id desc`,
    limit,
  });
}

export interface MyListRow extends Record<string, unknown> {
  id: string;
  name: string;
  visibility: ListVisibility;
  entry_count: number;
  entry_id_for_target: string | null;
}

/** A new entry: a restaurant (reviewId null), or a review with its restaurant. */
export type NewEntry = { restaurantId: string; reviewId: string | null };

/**
 * The entry of `target` in the list `l`, as the two unique indexes of list_entries find it:
 * a restaurant's own entry (not a review's there), or the review's.
 */
function entryOfTargetSql(target: AddListEntryInput): SQL {
  return "reviewId" in target
    ? sql`e.list_id = l.id and e.review_id = ${target.reviewId}`
    : sql`e.list_id = l.id and e.restaurant_id = ${target.restaurantId} and e.review_id is null`;
}

/**
 * The owner's lists for the Add to list picker, most recently updated first, each with the
 * entry holding `target` (null without one).
 */
export function myListsSql(ownerId: string, target: AddListEntryInput | null): SQL {
  const entryId = target
    ? sql`(select e.id from list_entries e where ${entryOfTargetSql(target)})`
    : sql`null::uuid`;
  return sql`
    select l.id, l.name, l.visibility,
           (select count(*)::int from list_entries e
             where e.list_id = l.id and ${entryShown(ownerId)}) as entry_count,
           ${entryId} as entry_id_for_target
      from lists l
     where l.owner_id = ${ownerId}
     order by l.updated_at desc, l.id desc
     limit ${LIST_LIMITS.listsMax}`;
}

export async function selectMyLists(
  db: Executor,
  ...args: Parameters<typeof myListsSql>
): Promise<MyListRow[]> {
  return (await db.execute<MyListRow>(myListsSql(...args))).rows;
}

/** An entry row: the item kernel's review columns (null for a restaurant) and the entry's own. */
export interface EntryRow extends ItemRow {
  entry_id: string;
  entry_review_id: string | null;
  entry_added_at: Date | string;
  place_id: string;
  place_name: string;
  place_address: string | null;
  place_slug: string | null;
  place_price_level: number | null;
  place_latitude: number | null;
  place_longitude: number | null;
  /** The mean rating of the place's restaurant reviews, for placeRating(). */
  place_rating: number | null;
  photo_url: string | null;
}

/**
 * The shown entries of the list `listId` (or the one entry `entryId`), in order, in one
 * statement: review entries as the item kernel reads reviews (author, restaurant, whether
 * `viewerId` likes it), every entry with its restaurant, where it is, the place's rating
 * (domain/restaurant.ts placeRating: its visible restaurant reviews, from
 * reviews_restaurant_rating_idx, which holds the rating) and its photo. A list holds at most
 * LIST_LIMITS.entriesMax, so the whole list is one bounded read.
 */
export function entriesSql(listId: string, viewerId: string | null, entryId?: string): SQL {
  const one = entryId ? sql`and e.id = ${entryId}` : sql``;
  const reviews = itemRowsSql(
    sql`select ${itemColumns("review", "r")} from reviews r
         where r.id in (select review_id from shown where review_id is not null)`,
    { viewerId: viewerId ?? undefined },
  );
  return sql`
    with shown as (
      select e.id, e.position, e.restaurant_id, e.review_id, e.added_at,
             ${entryPhoto(viewerId)} as photo_url
        from list_entries e
       where e.list_id = ${listId} ${one} and ${entryShown(viewerId)}
       order by e.position
       limit ${LIST_LIMITS.entriesMax}),
    items as (${reviews})
    select i.*, s.id as entry_id, s.review_id as entry_review_id, s.added_at as entry_added_at,
           rs.id as place_id, rs.name as place_name, rs.address as place_address,
           rs.slug as place_slug, rs.price_level as place_price_level,
           rs.latitude as place_latitude, rs.longitude as place_longitude,
           (select avg(rr.rating)::float8 from reviews rr
             where rr.restaurant_id = s.restaurant_id
               and rr.review_type = ${PLACE_RATING_REVIEW_TYPE} and not rr.is_hidden
               and ${visibleAuthorSql(viewerId ?? undefined, sql`rr.user_id`)}) as place_rating,
           s.photo_url
      from shown s
      left join items i on i.id = s.review_id
      join restaurants rs on rs.id = s.restaurant_id
     order by s.position, s.id`;
}

export async function selectEntries(
  db: Executor,
  ...args: Parameters<typeof entriesSql>
): Promise<EntryRow[]> {
  return (await db.execute<EntryRow>(entriesSql(...args))).rows;
}

// ---------------------------------------------------------------------------------------------
// Writes

export async function countOwnedLists(db: Executor, ownerId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from lists where owner_id = ${ownerId}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

export async function insertList(
  db: Executor,
  values: {
    ownerId: string;
    name: string;
    description: string | null;
    visibility: ListVisibility;
    shareKey: string;
  },
): Promise<string> {
  const result = await db.execute<{ id: string }>(sql`
    insert into lists (owner_id, name, description, visibility, share_key)
    values (${values.ownerId}, ${values.name}, ${values.description}, ${values.visibility},
            ${values.shareKey})
    returning id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error("insert into lists returned no id");
  return id;
}

export interface LockedList extends Record<string, unknown> {
  owner_id: string;
  visibility: ListVisibility;
  follower_count: number;
}

/**
 * The list `listId` if `access` (a condition on the list `l`) allows it, row-locked until the
 * transaction ends, so that its entries' count and positions, its key and its follows (and
 * their count) change one writer at a time.
 */
export async function lockList(
  db: Executor,
  listId: string,
  access: SQL,
): Promise<LockedList | undefined> {
  const result = await db.execute<LockedList>(sql`
    select l.owner_id, l.visibility, l.follower_count from lists l
     where l.id = ${listId} and ${access}
       for update of l`);
  return result.rows[0];
}

/** Applies the given changes and marks the list updated. */
export async function updateListRow(
  db: Executor,
  listId: string,
  changes: { name?: string; description?: string | null; visibility?: ListVisibility },
): Promise<void> {
  const sets = [sql`updated_at = now()`];
  if (changes.name !== undefined) sets.push(sql`name = ${changes.name}`);
  if (changes.description !== undefined) sets.push(sql`description = ${changes.description}`);
  if (changes.visibility !== undefined) sets.push(sql`visibility = ${changes.visibility}`);
  await db.execute(sql`update lists set ${sql.join(sets, sql`, `)} where id = ${listId}`);
}

export async function touchList(db: Executor, listId: string): Promise<void> {
  await updateListRow(db, listId, {});
}

export async function deleteListRow(db: Executor, listId: string): Promise<void> {
  await db.execute(sql`delete from lists where id = ${listId}`);
}

/**
 * Replaces the list's share key. For a link list its follows go too (they were made with the
 * old link, which is now dead), and its follower count with them.
 */
export async function replaceShareKey(
  db: Executor,
  listId: string,
  shareKey: string,
  dropFollows: boolean,
): Promise<void> {
  if (dropFollows) await db.execute(sql`delete from list_follows where list_id = ${listId}`);
  await db.execute(sql`
    update lists set share_key = ${shareKey}
                     ${dropFollows ? sql`, follower_count = 0` : sql``}
     where id = ${listId}`);
}

/** The entry of `target` already in the list, if any. */
export async function findEntryId(
  db: Executor,
  listId: string,
  target: AddListEntryInput,
): Promise<string | undefined> {
  const result = await db.execute<{ id: string }>(sql`
    select e.id from list_entries e join lists l on l.id = e.list_id
     where l.id = ${listId} and ${entryOfTargetSql(target)}`);
  return result.rows[0]?.id;
}

export async function countEntries(db: Executor, listId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from list_entries where list_id = ${listId}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** Appends `target` after the list's last entry. */
export async function appendEntry(db: Executor, listId: string, target: NewEntry): Promise<string> {
  const result = await db.execute<{ id: string }>(sql`
    insert into list_entries (list_id, position, restaurant_id, review_id)
    select ${listId}, coalesce(max(position), -1) + 1, ${target.restaurantId}, ${target.reviewId}
      from list_entries where list_id = ${listId}
    returning id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error("insert into list_entries returned no id");
  return id;
}

export async function deleteEntryRow(
  db: Executor,
  listId: string,
  entryId: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    delete from list_entries where id = ${entryId} and list_id = ${listId} returning id`);
  return result.rows.length > 0;
}

/** Every entry of the list, shown to its owner `ownerId` or not, in order. */
export async function selectEntryIds(
  db: Executor,
  listId: string,
  ownerId: string,
): Promise<{ id: string; shown: boolean }[]> {
  const result = await db.execute<{ id: string; shown: boolean }>(sql`
    select e.id, ${entryShown(ownerId)} as shown from list_entries e
     where e.list_id = ${listId} order by e.position, e.id`);
  return result.rows;
}

/** Gives each entry its index in `entryIds` as its position. */
export async function setPositions(
  db: Executor,
  listId: string,
  entryIds: readonly string[],
): Promise<void> {
  if (entryIds.length === 0) return;
  const rows = entryIds.map((id, index) => sql`(${id}::uuid, ${index}::int)`);
  await db.execute(sql`
    update list_entries e set position = o.position
      from (values ${sql.join(rows, sql`, `)}) as o(id, position)
     where e.id = o.id and e.list_id = ${listId}`);
}

/** A restaurant that exists, or a review that is not hidden, as an entry's target. */
export async function findRestaurantTarget(
  db: Executor,
  restaurantId: string,
): Promise<NewEntry | undefined> {
  const result = await db.execute<{ id: string }>(
    sql`select id from restaurants where id = ${restaurantId}`,
  );
  const row = result.rows[0];
  return row && { restaurantId: row.id, reviewId: null };
}

/** A review `viewerId` may add to a list: visible, by someone they may see. */
export async function findReviewTarget(
  db: Executor,
  reviewId: string,
  viewerId: string,
): Promise<NewEntry | undefined> {
  const result = await db.execute<{ id: string; restaurant_id: string }>(sql`
    select r.id, r.restaurant_id from reviews r
     where r.id = ${reviewId} and not r.is_hidden
       and ${visibleAuthorSql(viewerId, sql`r.user_id`)}`);
  const row = result.rows[0];
  return row && { restaurantId: row.restaurant_id, reviewId: row.id };
}

/** Follows the list; true when a row was added, and then the follower count moves with it. */
export async function insertFollow(db: Executor, listId: string, userId: string) {
  const result = await db.execute(sql`
    insert into list_follows (list_id, user_id) values (${listId}, ${userId})
    on conflict do nothing returning list_id`);
  return result.rows.length > 0;
}

export async function deleteFollow(db: Executor, listId: string, userId: string) {
  const result = await db.execute(sql`
    delete from list_follows where list_id = ${listId} and user_id = ${userId}
    returning list_id`);
  return result.rows.length > 0;
}

/** Adds `delta` to the list's follower count (in the transaction that changed a follow). */
export async function bumpFollowerCount(
  db: Executor,
  listId: string,
  delta: 1 | -1,
): Promise<number> {
  const result = await db.execute<{ follower_count: number }>(sql`
    update lists set follower_count = greatest(follower_count + ${delta}, 0)
     where id = ${listId} returning follower_count`);
  return Number(result.rows[0]?.follower_count ?? 0);
}

/** Whether `viewerId` holding `key` may see the list. */
export async function isListVisible(
  db: Executor,
  listId: string,
  viewerId: string | null,
  key: string | null,
): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from lists l where l.id = ${listId} and ${listVisibleToSql(viewerId, key)}`);
  return result.rows.length > 0;
}

/**
 * Deletes each one's follows of the other's lists and moves every touched list's follower_count
 * by the follows removed.
 */
async function deleteListFollowsBetween(db: Executor, a: string, b: string): Promise<void> {
  await db.execute(sql`
    with gone as (
      delete from list_follows lf using lists l
       where l.id = lf.list_id and ${betweenPeopleSql(a, b, sql`lf.user_id`, sql`l.owner_id`)}
      returning lf.list_id)
    update lists l set follower_count = greatest(l.follower_count - g.count, 0)
      from (select list_id, count(*)::int as count from gone group by list_id) g
     where l.id = g.list_id`);
}

/**
 * Takes a leaving account's list follows off the follower counts of others' lists (its own
 * lists go with it). Before the account's rows are deleted.
 */
async function releaseListFollowCounts(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`
    update lists l set follower_count = l.follower_count - 1
      from list_follows f where f.user_id = ${userId} and l.id = f.list_id
       and l.owner_id <> ${userId}`);
}

/** List follows as contact a block ends and an erased account releases. */
export const listFollowTies: PersonTies = {
  deleteBetween: deleteListFollowsBetween,
  releaseCountsOf: releaseListFollowCounts,
};
