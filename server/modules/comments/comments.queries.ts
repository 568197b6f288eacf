import { type SQL, sql } from "drizzle-orm";
import { type ItemKind, itemKinds } from "#domain/item-kinds.ts";
import type { Executor } from "#server/db/client.ts";
import { bumpItemCounter, lowerItemCounterSql } from "#server/modules/items/item-counters.ts";
import { itemTables } from "#server/modules/items/item-tables.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import { CREATED_AT_TEXT, type Cursor } from "#server/modules/shared/keyset.ts";
import { betweenPeopleSql } from "#server/modules/shared/people.ts";
import type { PersonTies } from "#server/modules/shared/person-ties.ts";

/**
 * comments (review_id) and post_comments (post_id) have the same shape: the kind's table and
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
  created_at_text: string;
  author_username: string;
  author_full_name: string | null;
  author_slug: string | null;
  author_avatar_url: string | null;
}

const columns = (c: SQL) => sql`
  ${c}.id, ${c}.item_id, ${c}.user_id, ${c}.content,
  to_char(${c}.created_at at time zone 'UTC', ${sql.raw(CREATED_AT_TEXT)}) as created_at_text,
  a.username as author_username, a.full_name as author_full_name,
  a.slug as author_slug, a.avatar_url as author_avatar_url`;

/**
 * Visible comments of one item whose authors `viewerId` may see, newest first, keyset-paged
 * through the (item, created_at desc, id desc) index.
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
    select ${columns(sql.raw("c"))}
      from (select id, ${item} as item_id, user_id, content, created_at
              from ${table} c
             where ${item} = ${itemId} and not is_hidden ${bound}
               and ${visibleAuthorSql(viewerId, sql`c.user_id`, "person")}
             order by created_at desc, id desc
             limit ${limit}) c
      join profiles a on a.id = c.user_id
     order by c.created_at desc, c.id desc`;
}

export async function selectComments(
  db: Executor,
  kind: ItemKind,
  itemId: string,
  limit: number,
  after: Cursor | undefined,
  viewerId: string | undefined,
): Promise<CommentRow[]> {
  return (await db.execute<CommentRow>(commentsSql(kind, itemId, limit, after, viewerId))).rows;
}

/** Inserts a comment and returns it with its author. */
export async function insertComment(
  db: Executor,
  kind: ItemKind,
  values: { itemId: string; userId: string; content: string },
): Promise<CommentRow | undefined> {
  const { table, item } = tables(kind);
  const result = await db.execute<CommentRow>(sql`
    with c as (
      insert into ${table} (${item}, user_id, content)
      values (${values.itemId}, ${values.userId}, ${values.content})
      returning id, ${item} as item_id, user_id, content, created_at)
    select ${columns(sql.raw("c"))} from c join profiles a on a.id = c.user_id`);
  return result.rows[0];
}

export interface LockedComment extends Record<string, unknown> {
  id: string;
  item_id: string;
  user_id: string;
  is_hidden: boolean;
}

/** The comment, row-locked until the transaction ends (delete and hide serialise on it). */
export async function lockComment(
  db: Executor,
  kind: ItemKind,
  commentId: string,
): Promise<LockedComment | undefined> {
  const { table, item } = tables(kind);
  const result = await db.execute<LockedComment>(sql`
    select id, ${item} as item_id, user_id, is_hidden from ${table}
     where id = ${commentId} for update`);
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
 * Adds `delta` to the item's comment_count and returns the new value. The count is of visible
 * comments: hiding one moves it like deleting it, unhiding like adding it.
 */
export function bumpCommentCount(db: Executor, kind: ItemKind, itemId: string, delta: 1 | -1) {
  return bumpItemCounter(db, kind, itemId, "commentCount", delta);
}

/**
 * Deletes each one's comments on the other's reviews and posts, moving every touched item's
 * comment_count by the visible comments removed (a hidden comment was never counted), one
 * statement per kind.
 */
async function deleteCommentsBetween(db: Executor, a: string, b: string): Promise<void> {
  for (const kind of itemKinds) {
    const { items, comments, commentItemId } = itemTables[kind];
    await db.execute(sql`
      with gone as (
        delete from ${comments} using ${items}
         where ${items.id} = ${commentItemId}
           and ${betweenPeopleSql(a, b, sql`${comments.userId}`, sql`${items.userId}`)}
        returning ${commentItemId} as item_id, ${comments.isHidden} as is_hidden)
      ${lowerItemCounterSql(
        kind,
        "commentCount",
        sql`select item_id, count(*) filter (where not is_hidden)::int as count
              from gone group by item_id`,
      )}`);
  }
}

/**
 * Takes a leaving account's visible comments off everyone else's comment counts, as deleting
 * each would (its own items go with it). Before the account's rows are deleted.
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
             where ${comments.userId} = ${userId} and not ${comments.isHidden}
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
