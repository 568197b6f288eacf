import {
  IMPORT_LIMITS,
  type ImportDto,
  type ImportPreviewDto,
  type ImportRowDto,
  importMessages,
  type LatestImportDto,
} from "#domain/imports.ts";
import { WANT_TO_TRY_MAX, wantToTryMessages } from "#domain/want-to-try-rules.ts";
import type { Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import type { ItemContext } from "#server/modules/items/items.service.ts";
import {
  deleteUnusedRestaurants,
  matchKnownRestaurants,
} from "#server/modules/restaurants/restaurants.queries.ts";
import { findOrCreateRestaurant } from "#server/modules/restaurants/restaurants.service.ts";
import { ensureCallerProfile } from "#server/modules/shared/accounts.ts";
import { lockQuotaOwner } from "#server/modules/shared/quota-lock.ts";
import {
  insertRestaurantEntryIfAbsent,
  selectCounts,
  untryEntries,
} from "#server/modules/want-to-try/want-to-try.queries.ts";
import { markAnsweredEntriesTried } from "#server/modules/want-to-try/want-to-try.service.ts";
import { type ImportFileRow, readImportFile } from "./import-file.ts";
import {
  claimImport,
  deleteImportedRows,
  deleteImportItems,
  findImport,
  findLatestApplied,
  type ImportItem,
  type ImportRecord,
  importedIds,
  insertPreview,
  recordImportItems,
} from "./imports.queries.ts";
import { insertReview } from "./reviews.queries.ts";

/**
 * Imports (docs/decisions/0031): a file becomes a preview, the preview is applied in one
 * transaction, and an applied import can be undone, which deletes exactly the rows it wrote.
 */

function signedIn(ctx: ItemContext) {
  if (!ctx.user) throw ApiError.unauthorized();
  return ctx.user;
}

function toImportDto(record: ImportRecord): ImportDto {
  return {
    id: record.id,
    format: record.format,
    fileName: record.file_name,
    status: record.status,
    added: { reviews: Number(record.added_reviews), want: Number(record.added_want) },
    appliedAt: record.applied_at === null ? null : new Date(record.applied_at).toISOString(),
  };
}

const placesOf = (rows: readonly ImportFileRow[]) =>
  rows.map((row, index) => ({
    index,
    name: row.name,
    address: row.address,
    placeId: row.placeId,
    lat: row.lat,
    lng: row.lng,
  }));

/** POST /api/imports: reads the file, keeps it as the caller's preview and shows what it holds. */
export async function previewImport(
  ctx: ItemContext,
  file: Buffer,
  fileName: string,
): Promise<ImportPreviewDto> {
  const user = signedIn(ctx);
  const read = readImportFile(file);
  // The device's name for it, only shown back to its owner: NUL and control characters
  // dropped, cut to a length a line shows.
  const given = fileName
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 200);
  const name = given || (read.format === "csv" ? "places.csv" : "Saved Places.json");
  const id = await insertPreview(ctx.db, {
    userId: user.id,
    format: read.format,
    fileName: name,
    rows: read.rows,
  });
  const known = await matchKnownRestaurants(ctx.db, user.id, placesOf(read.rows));
  const rows: ImportRowDto[] = read.rows.map((row, index) => {
    const match = known.get(index);
    const kind = row.rating === null ? "want" : "review";
    return {
      line: row.line,
      kind,
      name: row.name,
      address: row.address,
      rating: row.rating,
      visitedOn: row.visitedOn,
      notes: kind === "review" ? row.notes : null,
      existing: match ? { id: match.id, name: match.name } : null,
      alreadySaved: kind === "want" && match?.saved === true,
    };
  });
  const reviews = rows.filter((row) => row.kind === "review").length;
  return {
    id,
    format: read.format,
    fileName: name,
    counts: {
      places: rows.length,
      reviews,
      want: rows.length - reviews,
      existing: rows.filter((row) => row.existing).length,
    },
    rows: rows.slice(0, IMPORT_LIMITS.previewRows),
  };
}

/** 404 for someone else's or a missing import; 409 for one of theirs in the wrong state. */
async function refuseClaim(db: Executor, userId: string, id: string, message: string) {
  const found = await findImport(db, userId, id);
  if (!found) return ApiError.notFound(importMessages.notFound);
  return ApiError.conflict(message, "IMPORT_STATE");
}

/**
 * POST /api/imports/:id/apply: writes the preview's rows in one transaction: each row's
 * restaurant (the one already in Tasted, else a new one, as a review's is found or made), then
 * a restaurant review dated by the row's date for a row with a rating, else a Want to try
 * entry (none when the caller saved the place already). Every row written is recorded for the
 * undo. Past the Want to try limit nothing is written (409).
 */
export async function applyImport(ctx: ItemContext, id: string): Promise<ImportDto> {
  const user = signedIn(ctx);
  await ensureCallerProfile(ctx.db, user, ctx.adminEmails);
  const { record, wrote } = await ctx.db.transaction(async (tx) => {
    await lockQuotaOwner(tx, user.id);
    const claimed = await claimImport(tx, user.id, id, "preview");
    if (!claimed?.claimed_rows) throw await refuseClaim(tx, user.id, id, importMessages.notPreview);
    const rows = claimed.claimed_rows;
    const known = await matchKnownRestaurants(tx, user.id, placesOf(rows));
    const items: ImportItem[] = [];
    for (const [index, row] of rows.entries()) {
      const restaurant =
        known.get(index) ??
        (await findOrCreateRestaurant(
          tx,
          {
            verified: false,
            name: row.name,
            address: row.address,
            placeId: row.placeId,
            lat: row.lat,
            lng: row.lng,
            city: null,
            region: null,
            source: null,
            phone: null,
            website: null,
            priceLevel: null,
            googleRating: null,
          },
          user.id,
          (created) => items.push({ restaurantId: created.id }),
        ));
      if (row.rating === null) {
        const entryId = await insertRestaurantEntryIfAbsent(tx, user.id, restaurant.id);
        if (entryId) items.push({ wantToTryId: entryId });
        continue;
      }
      const review = await insertReview(tx, {
        userId: user.id,
        restaurantId: restaurant.id,
        reviewType: "restaurant",
        title: restaurant.name,
        description: row.notes,
        rating: row.rating,
        cost: null,
        // Left out, the column's default: today (UTC), as a review posted without one.
        visitedOn: row.visitedOn ?? undefined,
      });
      items.push({ reviewId: review.id });
      // As any review does: the caller's saved entry of the place moves to Tried.
      await markAnsweredEntriesTried(tx, review);
    }
    const counts = await selectCounts(tx, user.id);
    if (counts.want + counts.tried > WANT_TO_TRY_MAX) {
      throw ApiError.conflict(wantToTryMessages.full, "WANT_TO_TRY_FULL");
    }
    await recordImportItems(tx, claimed.id, items);
    const applied = await findImport(tx, user.id, claimed.id);
    if (!applied) throw new Error("applied import vanished");
    return { record: applied, wrote: items.length > 0 };
  });
  // After the commit, so the caller's open pages re-read the Want to try list.
  if (wrote) await ctx.events.publish(user.id, { type: "want-to-try" });
  return toImportDto(record);
}

/**
 * POST /api/imports/:id/undo: deletes what the import wrote, in one transaction: its reviews
 * (entries they had moved to Tried are wanted again), its Want to try entries, and the
 * restaurants it created that nobody has used since.
 */
export async function undoImport(ctx: ItemContext, id: string): Promise<ImportDto> {
  const user = signedIn(ctx);
  const record = await ctx.db.transaction(async (tx) => {
    await lockQuotaOwner(tx, user.id);
    const claimed = await claimImport(tx, user.id, id, "applied");
    if (!claimed) throw await refuseClaim(tx, user.id, id, importMessages.notApplied);
    await untryEntries(tx, user.id, importedIds(claimed.id, "review_id"));
    await deleteImportedRows(tx, user.id, claimed.id);
    await deleteUnusedRestaurants(tx, importedIds(claimed.id, "restaurant_id"));
    await deleteImportItems(tx, claimed.id);
    return claimed;
  });
  await ctx.events.publish(user.id, { type: "want-to-try" });
  return toImportDto(record);
}

/** GET /api/imports/latest. */
export async function latestImport(ctx: ItemContext): Promise<LatestImportDto> {
  const user = signedIn(ctx);
  const record = await findLatestApplied(ctx.db, user.id);
  return { import: record ? toImportDto(record) : null };
}
