import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
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
     where r.${owner} = ${params.ownerId} and ${visibleAuthorSql(undefined, sql`a.id`, "person")} ${position}
     order by r.created_at desc, r.${person} desc
     limit ${params.limit}`;
}
