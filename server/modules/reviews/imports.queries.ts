import { type SQL, sql } from "drizzle-orm";
import type { ImportFormat } from "#domain/imports.ts";
import type { Executor } from "#server/db/client.ts";
import type { ImportFileRow } from "./import-file.ts";

export interface ImportRecord extends Record<string, unknown> {
  id: string;
  format: ImportFormat;
  file_name: string;
  status: "preview" | "applied" | "undone";
  added_reviews: number;
  added_want: number;
  applied_at: string | null;
}

const RECORD_COLUMNS = sql`id, format, file_name, status, added_reviews, added_want,
  to_char(applied_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as applied_at`;

/** A new preview of the person's; any earlier preview of theirs (never applied) goes. */
export async function insertPreview(
  db: Executor,
  values: { userId: string; format: ImportFormat; fileName: string; rows: ImportFileRow[] },
): Promise<string> {
  await db.execute(
    sql`delete from imports where user_id = ${values.userId} and status = 'preview'`,
  );
  const result = await db.execute<{ id: string }>(sql`
    insert into imports (user_id, format, file_name, status, rows)
    values (${values.userId}, ${values.format}, ${values.fileName}, 'preview',
            ${JSON.stringify(values.rows)}::jsonb)
    returning id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error("import preview was not inserted");
  return id;
}

/**
 * Moves the person's import from `from` to `to` and answers what it held, or nothing when it
 * is not theirs or not in `from` (two concurrent calls: the second waits for the first's row
 * lock and then finds it moved). Applying drops the preview's rows, answered here.
 */
export async function claimImport(
  db: Executor,
  userId: string,
  id: string,
  from: "preview" | "applied",
): Promise<(ImportRecord & { claimed_rows: ImportFileRow[] | null }) | undefined> {
  const moved =
    from === "preview"
      ? sql`status = 'applied', applied_at = now(), rows = null`
      : sql`status = 'undone', undone_at = now()`;
  const result = await db.execute<ImportRecord & { claimed_rows: ImportFileRow[] | null }>(sql`
    with old as (select id, rows from imports
                  where id = ${id} and user_id = ${userId} and status = ${from} for update)
    update imports i set ${moved} from old where i.id = old.id
    returning i.id, i.format, i.file_name, i.status, i.added_reviews, i.added_want,
      to_char(i.applied_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as applied_at,
      old.rows as claimed_rows`);
  return result.rows[0];
}

/** The person's import by id (any status), or nothing when it is not theirs. */
export async function findImport(
  db: Executor,
  userId: string,
  id: string,
): Promise<ImportRecord | undefined> {
  const result = await db.execute<ImportRecord>(sql`
    select ${RECORD_COLUMNS} from imports where id = ${id} and user_id = ${userId}`);
  return result.rows[0];
}

/** The person's newest applied import still in place (not undone), if any. */
export async function findLatestApplied(
  db: Executor,
  userId: string,
): Promise<ImportRecord | undefined> {
  const result = await db.execute<ImportRecord>(sql`
    select ${RECORD_COLUMNS} from imports
     where user_id = ${userId} and status = 'applied'
     order by created_at desc limit 1`);
  return result.rows[0];
}

export interface ImportItem {
  reviewId?: string;
  wantToTryId?: string;
  restaurantId?: string;
}

/** Records what an import wrote, and its counts on the import's row. */
export async function recordImportItems(
  db: Executor,
  importId: string,
  items: readonly ImportItem[],
): Promise<void> {
  if (items.length > 0) {
    const given = JSON.stringify(items);
    await db.execute(sql`
      insert into import_items (import_id, review_id, want_to_try_id, restaurant_id)
      select ${importId}, v."reviewId", v."wantToTryId", v."restaurantId"
        from jsonb_to_recordset(${given}::jsonb)
               as v("reviewId" uuid, "wantToTryId" uuid, "restaurantId" uuid)`);
  }
  const reviews = items.filter((item) => item.reviewId).length;
  const want = items.filter((item) => item.wantToTryId).length;
  await db.execute(sql`
    update imports set added_reviews = ${reviews}, added_want = ${want} where id = ${importId}`);
}

/** The ids of one kind of row the import wrote, as a subquery. */
export function importedIds(
  importId: string,
  column: "review_id" | "want_to_try_id" | "restaurant_id",
): SQL {
  return sql`select ${sql.identifier(column)} from import_items
              where import_id = ${importId} and ${sql.identifier(column)} is not null`;
}

/** Deletes the reviews and entries the import wrote (only the person's own, by construction). */
export async function deleteImportedRows(
  db: Executor,
  userId: string,
  importId: string,
): Promise<void> {
  await db.execute(sql`
    delete from reviews
     where user_id = ${userId} and id in (${importedIds(importId, "review_id")})`);
  await db.execute(sql`
    delete from want_to_try
     where user_id = ${userId} and id in (${importedIds(importId, "want_to_try_id")})`);
}

export async function deleteImportItems(db: Executor, importId: string): Promise<void> {
  await db.execute(sql`delete from import_items where import_id = ${importId}`);
}
