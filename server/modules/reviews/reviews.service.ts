import type { ReviewDto, ReviewType } from "#domain/items.ts";
import type { PageQuery } from "#domain/paging.ts";
import type { CreateReviewValues, DiaryPage, ReviewUpdateValues } from "#domain/review.ts";
import { slugifyTitle } from "#domain/slugs.ts";
import { ApiError } from "#server/http/errors.ts";
import type { ItemRow } from "#server/modules/items/items.queries.ts";
import {
  createItem,
  getItem,
  type ItemContext,
  itemNotFound,
  toItemDtos,
  updateItem,
} from "#server/modules/items/items.service.ts";
import {
  checkRestaurant,
  findOrCreateRestaurant,
} from "#server/modules/restaurants/restaurants.service.ts";
import { decodeKeyedCursor, keysetPage, pageLimit } from "#server/modules/shared/keyset.ts";
import { markAnsweredEntriesTried } from "#server/modules/want-to-try/want-to-try.service.ts";
import { setDishCategory } from "./rankings.service.ts";
import {
  diaryPageSql,
  insertReview,
  selectReviewsByTitleWords,
  updateReviewRow,
} from "./reviews.queries.ts";

const SLUG_CANDIDATES = 50;

/**
 * /view/{type}/{slug-title} links (phones share them): the newest visible review of that type
 * whose slugified title is exactly `slug`.
 */
export async function getReviewBySlug(
  ctx: ItemContext,
  reviewType: ReviewType,
  slug: string,
): Promise<ReviewDto> {
  const wanted = slugifyTitle(slug);
  const words = wanted.split("-").filter((word) => word.length > 0);
  if (words.length === 0) throw itemNotFound("review");
  const candidates = await selectReviewsByTitleWords(
    ctx.db,
    reviewType,
    words,
    SLUG_CANDIDATES,
    ctx.user?.id,
  );
  const match = candidates.find((candidate) => slugifyTitle(candidate.title) === wanted);
  if (!match) throw itemNotFound("review");
  return getItem(ctx, "review", match.id);
}

/** A review with its restaurant (found or created) and its photos, all or nothing. */
export async function createReview(
  ctx: ItemContext,
  input: CreateReviewValues,
): Promise<ReviewDto> {
  const checked = await checkRestaurant(ctx.places, input.restaurant, ctx.log);
  let movedToTried = 0;
  const created = await createItem(ctx, "review", input.images, async (tx, author) => {
    const restaurant = await findOrCreateRestaurant(tx, checked, author.id);
    const review = await insertReview(tx, {
      userId: author.id,
      restaurantId: restaurant.id,
      reviewType: input.reviewType,
      title: input.reviewType === "dish" ? input.title : input.restaurant.name,
      description: input.description,
      rating: input.rating,
      // A restaurant review keeps its price range in cost (cards show that many dollar signs).
      cost: input.reviewType === "dish" ? input.cost : input.priceRange,
      // Left out, the column's default: today (UTC).
      visitedOn: input.visitedOn,
    });
    if (input.reviewType === "dish" && input.category !== null) {
      await setDishCategory(tx, review, input.category);
    }
    // In the review's transaction: the saved entries it answers are tried exactly when it exists.
    movedToTried = await markAnsweredEntriesTried(tx, review);
    return review.id;
  });
  // After the commit, so the author's other open pages re-read a list that has moved.
  if (movedToTried > 0) await ctx.events.publish(created.author.id, { type: "want-to-try" });
  return created;
}

/**
 * Owner only. The restaurant never changes, nor does a restaurant review's title (the
 * restaurant's name); a dish review's cost is the amount, a restaurant review's the price range.
 */
export async function updateReview(
  ctx: ItemContext,
  id: string,
  input: ReviewUpdateValues,
): Promise<ReviewDto> {
  return updateItem(ctx, "review", id, input.images, async (tx, review) => {
    const isDish = review.reviewType === "dish";
    const changes: Parameters<typeof updateReviewRow>[2] = {};
    if (input.title !== undefined && isDish) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    if (input.rating !== undefined) changes.rating = input.rating;
    if (input.visitedOn !== undefined) changes.visitedOn = input.visitedOn;
    if (isDish && input.cost !== undefined) changes.cost = input.cost;
    if (!isDish && input.priceRange !== undefined) changes.cost = input.priceRange;
    await updateReviewRow(tx, review.id, changes);
    if (isDish && input.category !== undefined) {
      await setDishCategory(tx, review, input.category);
    }
  });
}

const DIARY_CURSOR = "diary";

/** The signed-in person's Diary: their reviews by date visited, newest first. */
export async function getDiary(ctx: ItemContext, query: PageQuery): Promise<DiaryPage> {
  const user = ctx.user;
  if (!user) throw ApiError.unauthorized();
  const limit = pageLimit(query);
  const after = query.cursor ? decodeKeyedCursor(query.cursor, [DIARY_CURSOR]) : undefined;
  // The key is a whole day number; anything else was not made here.
  if (after && !Number.isInteger(after.key)) {
    throw ApiError.badRequest("Invalid cursor", "INVALID_CURSOR");
  }
  const result = await ctx.db.execute<ItemRow>(diaryPageSql(user.id, after, limit + 1));
  const page = keysetPage(result.rows, limit, (last) => ({
    createdAt: last.created_at_text,
    id: last.id,
    kind: DIARY_CURSOR,
    key: Number(last.sort_key),
  }));
  const items = await toItemDtos(ctx.db, page.rows, user.id);
  const reviews = items.filter((item): item is ReviewDto => item.itemType === "review");
  return { items: reviews, nextCursor: page.nextCursor };
}
