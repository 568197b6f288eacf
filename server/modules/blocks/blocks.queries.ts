import { type SQL, sql } from "drizzle-orm";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { Executor } from "#server/db/client.ts";
import { itemTables } from "#server/modules/items/item-tables.ts";
import type { AuthorColumns } from "#server/modules/items/items.mapper.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import { CREATED_AT_TEXT, type Cursor } from "#server/modules/shared/keyset.ts";

/** Block or mute: the table and its two person columns, constants never taken from input. */
const restrictionTables = {
  block: { table: "user_blocks", owner: "blocker_id", person: "blocked_id" },
  mute: { table: "user_mutes", owner: "muter_id", person: "muted_id" },
} as const;
export type Restriction = keyof typeof restrictionTables;

const names = (kind: Restriction) => {
  const t = restrictionTables[kind];
  return { table: sql.raw(t.table), owner: sql.raw(t.owner), person: sql.raw(t.person) };
};

/** Adds the block or mute unless it exists; true when a row was actually added. */
export async function insertRestriction(
  db: Executor,
  kind: Restriction,
  ownerId: string,
  personId: string,
): Promise<boolean> {
  const { table, owner, person } = names(kind);
  const result = await db.execute(sql`
    insert into ${table} (${owner}, ${person}) values (${ownerId}, ${personId})
    on conflict do nothing returning ${owner}`);
  return result.rows.length > 0;
}

/** Removes the block or mute if present (nothing it removed comes back). */
export async function deleteRestriction(
  db: Executor,
  kind: Restriction,
  ownerId: string,
  personId: string,
): Promise<void> {
  const { table, owner, person } = names(kind);
  await db.execute(
    sql`delete from ${table} where ${owner} = ${ownerId} and ${person} = ${personId}`,
  );
}

/** `writer` is one of the pair and `itemAuthor` the other, either way round. */
function betweenPair(a: string, b: string, writer: SQL, itemAuthor: SQL): SQL {
  return sql`((${writer} = ${a} and ${itemAuthor} = ${b}) or (${writer} = ${b} and ${itemAuthor} = ${a}))`;
}

/**
 * Deletes each one's likes on the other's items of `kind`, and each one's comments on them,
 * moving every touched item's like_count by the likes removed and comment_count by the visible
 * comments removed (a hidden comment was never counted), in one statement, so the counters
 * equal the rows as the likes and comments modules keep them.
 */
export async function deleteInteractionsBetween(
  db: Executor,
  kind: ItemKind,
  a: string,
  b: string,
): Promise<void> {
  const t = itemTables[kind];
  await db.execute(sql`
    with gone_likes as (
      delete from ${t.likes} using ${t.items}
       where ${t.items.id} = ${t.likeItemId}
         and ${betweenPair(a, b, sql`${t.likes.userId}`, sql`${t.items.userId}`)}
      returning ${t.likeItemId} as item_id),
    gone_comments as (
      delete from ${t.comments} using ${t.items}
       where ${t.items.id} = ${t.commentItemId}
         and ${betweenPair(a, b, sql`${t.comments.userId}`, sql`${t.items.userId}`)}
      returning ${t.commentItemId} as item_id, ${t.comments.isHidden} as is_hidden),
    moves as (
      select item_id, sum(likes)::int as likes, sum(comments)::int as comments from (
        select item_id, 1 as likes, 0 as comments from gone_likes
        union all
        select item_id, 0, case when is_hidden then 0 else 1 end from gone_comments) each_row
       group by item_id)
    update ${t.items}
       set ${sql.identifier(t.items.likeCount.name)} = greatest(${t.items.likeCount} - moves.likes, 0),
           ${sql.identifier(t.items.commentCount.name)} =
             greatest(${t.items.commentCount} - moves.comments, 0)
      from moves
     where ${t.items.id} = moves.item_id`);
}

/** Deletes the notifications either of the two got because of the other. */
export async function deleteNotificationsBetween(db: Executor, a: string, b: string) {
  await db.execute(sql`
    delete from notifications n where ${betweenPair(a, b, sql`n.actor_id`, sql`n.user_id`)}`);
}

/**
 * Deletes each one's follows of the other's lists and moves every touched list's follower_count
 * by the follows removed, as the lists module keeps it.
 */
export async function deleteListFollowsBetween(db: Executor, a: string, b: string) {
  await db.execute(sql`
    with gone as (
      delete from list_follows lf using lists l
       where l.id = lf.list_id and ${betweenPair(a, b, sql`lf.user_id`, sql`l.owner_id`)}
      returning lf.list_id)
    update lists l set follower_count = greatest(l.follower_count - g.count, 0)
      from (select list_id, count(*)::int as count from gone group by list_id) g
     where l.id = g.list_id`);
}

export interface RestrictedAccountRow extends AuthorColumns, Record<string, unknown> {
  created_at_text: string;
}

/**
 * One page of the people `ownerId` blocked (or muted), newest first, keyset on (created_at,
 * person id) through the owner's (owner, created_at desc) index. Accounts waiting to be deleted
 * are left out, as everywhere else.
 */
export function restrictedAccountsSql(params: {
  kind: Restriction;
  ownerId: string;
  after?: Cursor | undefined;
  limit: number;
}): SQL {
  const { table, owner, person } = names(params.kind);
  const { after } = params;
  const position = after
    ? sql`and (r.created_at, r.${person}) < (${after.createdAt}::timestamptz, ${after.id})`
    : sql``;
  return sql`
    select to_char(r.created_at at time zone 'UTC', ${sql.raw(CREATED_AT_TEXT)}) as created_at_text,
           a.id as user_id, a.username as author_username, a.full_name as author_full_name,
           a.slug as author_slug, a.avatar_url as author_avatar_url
      from ${table} r
      join profiles a on a.id = r.${person}
     where r.${owner} = ${params.ownerId} and ${visibleAuthorSql(undefined, sql`a.id`)} ${position}
     order by r.created_at desc, r.${person} desc
     limit ${params.limit}`;
}
