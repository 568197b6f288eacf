import { type SQL, sql } from "drizzle-orm";
import { type ItemKind, itemKinds } from "#domain/item-kinds.ts";
import type { Executor } from "#server/db/client.ts";
import {
  commentMentions,
  dealCommentMentions,
  postCommentMentions,
} from "#server/db/schema/social.ts";
import { bumpItemCounter, lowerItemCounterSql } from "#server/modules/items/item-counters.ts";
import type { Mentionable } from "#server/modules/items/item-mentions.ts";
import { itemTables } from "#server/modules/items/item-tables.ts";
import type { AuthorColumns } from "#server/modules/items/items.mapper.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import { CREATED_AT_TEXT, type Cursor } from "#server/modules/shared/keyset.ts";
import { betweenPeopleSql } from "#server/modules/shared/people.ts";
import type { PersonTies } from "#server/modules/shared/person-ties.ts";

/**
 * comments (review_id), post_comments (post_id) and deal_comments (deal_id) have the same shape: the kind's table and
 * the column naming its item (constants from item-tables.ts, never user input).
 */
function tables(kind: ItemKind): { table: SQL; item: SQL } {
  const { comments, commentItemId } = itemTables[kind];
  return { table: sql`${comments}`, item: sql`${sql.identifier(commentItemId.name)}` };
}

export interface CommentRow extends Record<string, unknown> {
  id: string;
  item_id: string;
  user_id: string;
  content: string;
  parent_id: string | null;
  /** The addressee's names, when there is one the viewer may see. */
  reply_to_username: string | null;
  reply_to_full_name: string | null;
  reply_to_slug: string | null;
  created_at_text: string;
  author_username: string;
  author_full_name: string | null;
  author_slug: string | null;
  author_avatar_url: string | null;
}

/** The row's columns, from `c` joined with its author `a` and its addressee `rt`. */
const columns = (c: SQL) => sql`
  ${c}.id, ${c}.item_id, ${c}.user_id, ${c}.content, ${c}.parent_id,
  to_char(${c}.created_at at time zone 'UTC', ${sql.raw(CREATED_AT_TEXT)}) as created_at_text,
  a.username as author_username, a.full_name as author_full_name,
  a.slug as author_slug, a.avatar_url as author_avatar_url,
  rt.username as reply_to_username, rt.full_name as reply_to_full_name,
  rt.slug as reply_to_slug`;

/** The author and, when `viewerId` may see them, the addressee of comment `c`. */
const people = (viewerId: string | undefined) => sql`
  join profiles a on a.id = c.user_id
  left join profiles rt on rt.id = c.reply_to_user_id
   and ${visibleAuthorSql(viewerId, sql`rt.id`, "person")}`;

const commentColumns = (item: SQL) =>
  sql`id, ${item} as item_id, user_id, content, parent_id, reply_to_user_id, created_at`;

/**
 * Comment `c` of `table` counts in its item's comment_count: it is not hidden, nor is the
 * top-level comment it replies to (a hidden comment's thread is not listed, so it is not
 * counted either). Everyone's count; who is left out for one viewer is items.queries.ts's.
 */
const countedSql = (table: SQL, c: SQL) =>
  sql`not ${c}.is_hidden and not exists (
        select 1 from ${table} hp where hp.id = ${c}.parent_id and hp.is_hidden)`;

/** Comment `c` (or the alias given) is shown: not hidden, by someone `viewerId` may see. */
const shown = (viewerId: string | undefined, c: SQL = sql.raw("c")) =>
  sql`not ${c}.is_hidden and ${visibleAuthorSql(viewerId, sql`${c}.user_id`, "person")}`;

/**
 * Visible top-level comments of one item whose authors `viewerId` may see, newest first,
 * keyset-paged through the (item, created_at desc, id desc) index, each with how many of its
 * replies the viewer is shown (counted through the (parent, created_at) index).
 */
export function commentsSql(
  kind: ItemKind,
  itemId: string,
  limit: number,
  after: Cursor | undefined,
  viewerId: string | undefined,
): SQL {
  const { table, item } = tables(kind);
  const bound = after
    ? sql`and (c.created_at, c.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  return sql`
    select ${columns(sql.raw("c"))},
           (select count(*)::int from ${table} r
             where r.parent_id = c.id and ${shown(viewerId, sql.raw("r"))}) as reply_count
      from (select ${commentColumns(item)}
              from ${table} c
             where ${item} = ${itemId} and c.parent_id is null and ${shown(viewerId)} ${bound}
             order by created_at desc, id desc
             limit ${limit}) c
      ${people(viewerId)}
     order by c.created_at desc, c.id desc`;
}

/**
 * Replies `viewerId` is shown under each of the top-level comments `parentIds`, oldest first:
 * at most `perThread` of each, after `after` (the replies endpoint pages one thread so).
 */
export function repliesSql(
  kind: ItemKind,
  parentIds: readonly string[],
  perThread: number,
  after: Cursor | undefined,
  viewerId: string | undefined,
): SQL {
  const { table, item } = tables(kind);
  const bound = after
    ? sql`and (c.created_at, c.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const ids = sql.join(
    parentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`
    select ${columns(sql.raw("c"))}
      from unnest(array[${ids}]) as thread(id)
      cross join lateral (
        select ${commentColumns(item)}
          from ${table} c
         where c.parent_id = thread.id and ${shown(viewerId)} ${bound}
         order by created_at, id
         limit ${perThread}) c
      ${people(viewerId)}
     order by c.parent_id, c.created_at, c.id`;
}

export async function selectReplies(
  db: Executor,
  kind: ItemKind,
  parentIds: readonly string[],
  perThread: number,
  after: Cursor | undefined,
  viewerId: string | undefined,
): Promise<CommentRow[]> {
  if (parentIds.length === 0) return [];
  return (await db.execute<CommentRow>(repliesSql(kind, parentIds, perThread, after, viewerId)))
    .rows;
}

export async function selectComments(
  db: Executor,
  kind: ItemKind,
  itemId: string,
  limit: number,
  after: Cursor | undefined,
  viewerId: string | undefined,
): Promise<(CommentRow & { reply_count: number })[]> {
  return (
    await db.execute<CommentRow & { reply_count: number }>(
      commentsSql(kind, itemId, limit, after, viewerId),
    )
  ).rows;
}

/** Inserts a comment (or a reply in thread `parentId`) and returns it with its author. */
export async function insertComment(
  db: Executor,
  kind: ItemKind,
  values: {
    itemId: string;
    userId: string;
    content: string;
    parentId: string | null;
    replyToUserId: string | null;
  },
): Promise<CommentRow | undefined> {
  const { table, item } = tables(kind);
  const result = await db.execute<CommentRow>(sql`
    with c as (
      insert into ${table} (${item}, user_id, content, parent_id, reply_to_user_id)
      values (${values.itemId}, ${values.userId}, ${values.content}, ${values.parentId}::uuid,
              ${values.replyToUserId})
      returning ${commentColumns(item)})
    select ${columns(sql.raw("c"))} from c ${people(values.userId)}`);
  return result.rows[0];
}

export interface ThreadComment extends Record<string, unknown> {
  id: string;
  user_id: string;
  parent_id: string | null;
}

/**
 * A comment on item `itemId` that `viewerId` is shown and may answer, with its thread (its
 * parent_id), share-locked so that a delete of it or of its thread waits for the reply to
 * commit (and the reply then goes with it).
 */
export async function findCommentToAnswer(
  db: Executor,
  kind: ItemKind,
  itemId: string,
  commentId: string,
  viewerId: string,
): Promise<ThreadComment | undefined> {
  const { table, item } = tables(kind);
  const result = await db.execute<ThreadComment>(sql`
    select c.id, c.user_id, c.parent_id from ${table} c
     where c.id = ${commentId} and ${item} = ${itemId} and ${shown(viewerId)}
       and (c.parent_id is null or exists (
             select 1 from ${table} p where p.id = c.parent_id and not p.is_hidden))
     for share`);
  return result.rows[0];
}

/** A top-level comment `viewerId` is shown, on an item they may see (the replies endpoint). */
export async function findVisibleThread(
  db: Executor,
  kind: ItemKind,
  commentId: string,
  viewerId: string | undefined,
): Promise<{ item_id: string } | undefined> {
  const { table, item } = tables(kind);
  const result = await db.execute<{ item_id: string }>(sql`
    select ${item} as item_id from ${table} c
     where c.id = ${commentId} and c.parent_id is null and ${shown(viewerId)}`);
  return result.rows[0];
}

export interface LockedComment extends Record<string, unknown> {
  id: string;
  item_id: string;
  user_id: string;
  is_hidden: boolean;
  /** A reply under a hidden top-level comment: not counted, whether hidden or not. */
  parent_hidden: boolean;
  /** Its visible replies, which deleting it deletes too (0 for a reply). */
  visible_replies: number;
}

/** The comment, row-locked until the transaction ends (delete and hide serialise on it). */
export async function lockComment(
  db: Executor,
  kind: ItemKind,
  commentId: string,
): Promise<LockedComment | undefined> {
  const { table, item } = tables(kind);
  const result = await db.execute<LockedComment>(sql`
    select c.id, ${item} as item_id, c.user_id, c.is_hidden,
           coalesce((select p.is_hidden from ${table} p where p.id = c.parent_id), false)
             as parent_hidden,
           (select count(*)::int from ${table} r
             where r.parent_id = c.id and not r.is_hidden) as visible_replies
      from ${table} c
     where c.id = ${commentId} for update of c`);
  return result.rows[0];
}

export async function deleteCommentRow(db: Executor, kind: ItemKind, commentId: string) {
  await db.execute(sql`delete from ${tables(kind).table} where id = ${commentId}`);
}

export async function updateCommentHidden(
  db: Executor,
  kind: ItemKind,
  commentId: string,
  hidden: boolean,
) {
  await db.execute(
    sql`update ${tables(kind).table} set is_hidden = ${hidden} where id = ${commentId}`,
  );
}

/**
 * Adds `delta` to the item's comment_count and returns the new value. The count is of the
 * comments countedSql admits: hiding one moves it like deleting it (with its thread), unhiding
 * like adding it.
 */
export function bumpCommentCount(db: Executor, kind: ItemKind, itemId: string, delta: number) {
  return bumpItemCounter(db, kind, itemId, "commentCount", delta);
}

/**
 * Deletes each one's comments on the other's reviews and posts, moving every touched item's
 * comment_count by the counted comments removed (countedSql: a hidden comment and its thread
 * never were), with the replies of a deleted top-level comment, which go with it by cascade;
 * one statement per kind. (Every CTE reads the rows as they were before the delete, hence
 * `not in gone`.)
 */
async function deleteCommentsBetween(db: Executor, a: string, b: string): Promise<void> {
  for (const kind of itemKinds) {
    const { items, comments, commentItemId } = itemTables[kind];
    await db.execute(sql`
      with gone as (
        delete from ${comments} using ${items}
         where ${items.id} = ${commentItemId}
           and ${betweenPeopleSql(a, b, sql`${comments.userId}`, sql`${items.userId}`)}
        returning ${comments.id} as id, ${commentItemId} as item_id,
                  ${comments.isHidden} as is_hidden,
                  ${countedSql(sql`${comments}`, sql`${comments}`)} as counted),
      cascaded as (
        select ${commentItemId} as item_id,
               not ${comments.isHidden} and not gone.is_hidden as counted
          from ${comments}
          join gone on gone.id = ${comments.parentId}
         where ${comments.id} not in (select id from gone))
      ${lowerItemCounterSql(
        kind,
        "commentCount",
        sql`select item_id, count(*) filter (where counted)::int as count
              from (select item_id, counted from gone
                    union all select item_id, counted from cascaded) removed
             group by item_id`,
      )}`);
  }
}

/**
 * Takes a leaving account's counted comments off everyone else's comment counts, as deleting
 * each would, with the replies under its top-level comments, which go with them (its own
 * items go with it). Before the account's rows are deleted.
 */
async function releaseCommentCounts(db: Executor, userId: string): Promise<void> {
  for (const kind of itemKinds) {
    const { comments, commentItemId } = itemTables[kind];
    await db.execute(
      lowerItemCounterSql(
        kind,
        "commentCount",
        sql`select ${commentItemId} as item_id, count(*)::int as count
              from ${comments}
             where ${countedSql(sql`${comments}`, sql`${comments}`)}
               and (${comments.userId} = ${userId} or ${comments.parentId} in (
                     select t.id from ${comments} t
                      where t.user_id = ${userId} and t.parent_id is null))
             group by 1`,
      ),
    );
  }
}

/** Comments as contact a block ends and an erased account releases. */
export const commentTies: PersonTies = {
  deleteBetween: deleteCommentsBetween,
  releaseCountsOf: releaseCommentCounts,
};

/** Each kind's mention rows (docs/decisions/0032). */
const mentionTables = {
  review: commentMentions,
  post: postCommentMentions,
  deal: dealCommentMentions,
} as const satisfies Record<ItemKind, unknown>;

export async function insertMentions(
  db: Executor,
  kind: ItemKind,
  commentId: string,
  people: readonly Mentionable[],
): Promise<void> {
  if (people.length === 0) return;
  await db
    .insert(mentionTables[kind])
    .values(people.map((person) => ({ commentId, userId: person.id, handle: person.username })));
}

export interface MentionRow extends AuthorColumns, Record<string, unknown> {
  comment_id: string;
  handle: string;
}

/** The mentions in comments `commentIds` of people `viewerId` may see. */
export async function selectMentions(
  db: Executor,
  kind: ItemKind,
  commentIds: readonly string[],
  viewerId: string | undefined,
): Promise<MentionRow[]> {
  if (commentIds.length === 0) return [];
  const table = mentionTables[kind];
  const result = await db.execute<MentionRow>(sql`
    select m.${sql.identifier(table.commentId.name)} as comment_id, m.handle,
           p.id as user_id, p.username as author_username, p.full_name as author_full_name,
           p.slug as author_slug, p.avatar_url as author_avatar_url
      from ${table} m
      join profiles p on p.id = m.user_id
     where m.${sql.identifier(table.commentId.name)} in (${sql.join(
       commentIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
       and ${visibleAuthorSql(viewerId, sql`p.id`, "person")}`);
  return result.rows;
}
