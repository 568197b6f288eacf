import type { z } from "zod";
import { imageUrls } from "#domain/photos.ts";
import type { SessionUser } from "#domain/profile.ts";
import type {
  WantToTryEntryDto,
  WantToTryKeysDto,
  WantToTryPageDto,
  WantToTrySaveStateDto,
  WantToTryVisibilityDto,
  wantToTryListQuery,
} from "#domain/want-to-try.ts";
import { dishKey, WANT_TO_TRY_MAX, wantToTryMessages } from "#domain/want-to-try-rules.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { viewableItemPage } from "#server/modules/items/items.queries.ts";
import { itemNotFound } from "#server/modules/items/items.service.ts";
import { existingRestaurantId } from "#server/modules/restaurants/restaurants.service.ts";
import { ensureCallerProfile } from "#server/modules/shared/accounts.ts";
import { decodeCursor, keysetPage, pageLimit } from "#server/modules/shared/keyset.ts";
import { lockQuotaOwner } from "#server/modules/shared/quota-lock.ts";
import {
  deleteEntryById,
  deleteWantedEntry,
  type EntryRow,
  markEntriesTried,
  type NewEntry,
  selectCounts,
  selectEntryPage,
  selectVisibility,
  selectWantedKeys,
  updateVisibility,
  upsertEntry,
} from "./want-to-try.queries.ts";

/** Every route is the signed-in person's own list: nobody else's is ever read or changed. */
export interface WantToTryContext {
  db: Database;
  user: SessionUser;
  adminEmails: readonly string[];
}

function toEntryDto(row: EntryRow): WantToTryEntryDto {
  return {
    id: row.id,
    kind: row.kind,
    restaurant: {
      id: row.restaurant_id,
      name: row.restaurant_name,
      address: row.restaurant_address,
      slug: row.restaurant_slug,
      priceLevel: row.restaurant_price_level === null ? null : Number(row.restaurant_price_level),
    },
    dishName: row.dish_name,
    // The small variant: the list shows photos at card size.
    photoUrl: row.photo_url === null ? null : imageUrls(row.photo_url).url480,
    savedAt: new Date(row.created_at).toISOString(),
    triedAt: row.tried_at === null ? null : new Date(row.tried_at).toISOString(),
    triedReviewId: row.tried_review_id,
  };
}

/** One half of the caller's list, newest saved (or tried) first, keyset paged, with both counts. */
export async function listWantToTry(
  ctx: WantToTryContext,
  query: z.output<typeof wantToTryListQuery>,
): Promise<WantToTryPageDto> {
  const limit = pageLimit(query);
  // The cursor names its half, so one from the other half is a 400 rather than a wrong page.
  const after = query.cursor ? decodeCursor(query.cursor, [query.status]) : undefined;
  const userId = ctx.user.id;
  const rows = await selectEntryPage(ctx.db, {
    userId,
    status: query.status,
    after,
    limit: limit + 1,
  });
  const page = keysetPage(rows, limit, (last) => ({
    createdAt: last.position_text,
    id: last.id,
    kind: query.status,
  }));
  return {
    items: page.rows.map(toEntryDto),
    nextCursor: page.nextCursor,
    counts: await selectCounts(ctx.db, userId),
    visibility: await selectVisibility(ctx.db, userId),
  };
}

/**
 * Who may count the caller's saves: only them, or also the people who follow them (as "Saved by
 * n people you follow"). The profile row is made first if sign-up never did.
 */
export async function setWantToTryVisibility(
  ctx: WantToTryContext,
  input: WantToTryVisibilityDto,
): Promise<WantToTryVisibilityDto> {
  await ensureCallerProfile(ctx.db, ctx.user, ctx.adminEmails);
  await updateVisibility(ctx.db, ctx.user.id, input.visibility);
  return { visibility: input.visibility };
}

/** What the caller still wants to try, as the keys cards compare their Save toggles with. */
export async function getWantToTryKeys(ctx: WantToTryContext): Promise<WantToTryKeysDto> {
  const rows = await selectWantedKeys(ctx.db, ctx.user.id);
  const keys: WantToTryKeysDto = { restaurantIds: [], dishes: [] };
  for (const row of rows) {
    if (row.kind === "restaurant") keys.restaurantIds.push(row.restaurant_id);
    // The stored key is dishKey(name), so this is savedDishKey(restaurantId, name).
    else keys.dishes.push(`${row.restaurant_id}:${row.dish_key ?? ""}`);
  }
  return keys;
}

/**
 * Saves (saved = true) or unsaves the entry `findTarget` names, in one transaction, and answers
 * with the list's new counts. Saving is idempotent and makes a tried entry wanted again; a new
 * entry past WANT_TO_TRY_MAX is refused with nothing written. Unsaving removes the untried entry
 * only: what the person tried stays in their Tried list.
 */
async function setEntry(
  ctx: WantToTryContext,
  saved: boolean,
  findTarget: (tx: Executor) => Promise<NewEntry>,
): Promise<WantToTrySaveStateDto> {
  const userId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const entry = await findTarget(tx);
    if (!saved) {
      await deleteWantedEntry(tx, userId, entry);
      return { saved, counts: await selectCounts(tx, userId) };
    }
    await lockQuotaOwner(tx, userId);
    const added = await upsertEntry(tx, userId, entry);
    const counts = await selectCounts(tx, userId);
    // Thrown inside the transaction, so the new row is rolled back.
    if (added && counts.want + counts.tried > WANT_TO_TRY_MAX) {
      throw ApiError.conflict(wantToTryMessages.full, "WANT_TO_TRY_FULL");
    }
    return { saved, counts };
  });
}

/** PUT/DELETE /api/restaurants/:id/want-to-try. */
export function setRestaurantSaved(
  ctx: WantToTryContext,
  restaurantId: string,
  saved: boolean,
): Promise<WantToTrySaveStateDto> {
  return setEntry(ctx, saved, async (tx) => ({
    kind: "restaurant",
    restaurantId: await existingRestaurantId(tx, restaurantId),
  }));
}

/**
 * PUT/DELETE /api/reviews/:id/want-to-try: the dish a dish review names, at its restaurant.
 * The review must be one the caller may see (the items kernel's rule: hidden ones only by
 * their author and the staff), else 404 as if it did not exist.
 */
export function setReviewDishSaved(
  ctx: WantToTryContext,
  reviewId: string,
  saved: boolean,
): Promise<WantToTrySaveStateDto> {
  return setEntry(ctx, saved, async (tx) => {
    const result = await tx.execute<{
      id: string;
      restaurant_id: string;
      review_type: "dish" | "restaurant";
      title: string;
    }>(viewableItemPage("review", reviewId, ctx.user.id));
    const review = result.rows[0];
    if (!review) throw itemNotFound("review");
    if (review.review_type !== "dish") throw ApiError.badRequest(wantToTryMessages.dishReviewOnly);
    return {
      kind: "dish",
      restaurantId: review.restaurant_id,
      dishKey: dishKey(review.title),
      dishName: review.title,
      sourceReviewId: review.id,
    };
  });
}

/** DELETE /api/want-to-try/:entryId: one of the caller's entries; anyone else's is a 404. */
export async function removeEntry(
  ctx: WantToTryContext,
  entryId: string,
): Promise<WantToTrySaveStateDto> {
  const userId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    if (!(await deleteEntryById(tx, userId, entryId))) {
      throw ApiError.notFound(wantToTryMessages.entryNotFound);
    }
    return { saved: false, counts: await selectCounts(tx, userId) };
  });
}

/**
 * Moves what a new review answers to Tried, in the review's own transaction: any review of a
 * saved restaurant, and a dish review of a saved dish there (matched by dish key, so accents,
 * case and spacing do not matter). Only its author's entries move. Returns how many moved.
 */
export async function markAnsweredEntriesTried(
  tx: Executor,
  review: {
    id: string;
    userId: string;
    restaurantId: string;
    reviewType: "dish" | "restaurant";
    title: string;
  },
): Promise<number> {
  return markEntriesTried(tx, {
    id: review.id,
    userId: review.userId,
    restaurantId: review.restaurantId,
    dishKey: review.reviewType === "dish" ? dishKey(review.title) : null,
  });
}
