import type { ReviewDto } from "#domain/content.ts";
import {
  type CreateReviewValues,
  type ReviewUpdateValues,
  reviewMessages,
  slugifyTitle,
} from "#domain/review.ts";
import type { SessionUser } from "#server/auth/session.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import type { Storage } from "#server/media/storage.ts";
import { provisionAccount } from "#server/modules/profiles/profiles.service.ts";
import { findOrCreateRestaurant, isUuid } from "#server/modules/restaurants/restaurants.service.ts";
import { applyImageEdits } from "#server/modules/uploads/image-edits.ts";
import {
  claimUploads,
  deleteImageFiles,
  type Logger,
} from "#server/modules/uploads/uploads.service.ts";
import { toReviewDto } from "./reviews.mapper.ts";
import {
  deleteReviewImagesByIds,
  deleteReviewRow,
  findReviewForUpdate,
  insertReview,
  insertReviewImages,
  selectReviewDetail,
  selectReviewImages,
  selectReviewsByTitleWords,
  updateReviewImage,
  updateReviewRow,
} from "./reviews.queries.ts";

export interface ContentContext {
  db: Database;
  /** The signed-in caller, or null for visitors (reads only). */
  user: SessionUser | null;
  storage: Storage;
  adminEmails: readonly string[];
  log: Logger;
}

function signedIn(ctx: ContentContext): SessionUser {
  if (!ctx.user) throw ApiError.unauthorized();
  return ctx.user;
}

/** Makes sure the author has a profile row (reviews reference profiles). */
export async function ensureAuthor(ctx: ContentContext): Promise<SessionUser> {
  const user = signedIn(ctx);
  await provisionAccount(
    ctx.db,
    { id: user.id, email: user.email ?? "", emailVerified: user.emailVerified },
    ctx.adminEmails,
  );
  return user;
}

export async function getReview(ctx: ContentContext, id: string): Promise<ReviewDto> {
  if (!isUuid(id)) throw ApiError.notFound(reviewMessages.reviewNotFound);
  const viewerId = ctx.user?.id ?? null;
  const row = await selectReviewDetail(ctx.db, id, viewerId);
  if (!row) throw ApiError.notFound(reviewMessages.reviewNotFound);
  const images = await selectReviewImages(ctx.db, id);
  return toReviewDto(row.review, row.author, row.restaurant, images, {
    viewerId,
    likedByMe: row.likedByMe === true,
  });
}

const SLUG_CANDIDATES = 50;

/**
 * /view/{type}/{slug-title} on mobile links (spec 2): the newest visible review of that type
 * whose slugified title is exactly `slug`.
 */
export async function getReviewBySlug(
  ctx: ContentContext,
  reviewType: "dish" | "restaurant",
  slug: string,
): Promise<ReviewDto> {
  const wanted = slugifyTitle(slug);
  const words = wanted.split("-").filter((word) => word.length > 0);
  if (words.length === 0) throw ApiError.notFound(reviewMessages.reviewNotFound);
  const candidates = await selectReviewsByTitleWords(ctx.db, reviewType, words, SLUG_CANDIDATES);
  const match = candidates.find((candidate) => slugifyTitle(candidate.title) === wanted);
  if (!match) throw ApiError.notFound(reviewMessages.reviewNotFound);
  return getReview(ctx, match.id);
}

/**
 * Creates a review with its restaurant (found or created) and its photos in ONE transaction:
 * any failure (a photo that is not the caller's pending upload, a constraint) leaves no
 * review, no new restaurant and no image rows, and the uploads stay claimable.
 */
export async function createReview(
  ctx: ContentContext,
  input: CreateReviewValues,
): Promise<ReviewDto> {
  const user = await ensureAuthor(ctx);
  const reviewId = await ctx.db.transaction(async (tx) => {
    const restaurant = await findOrCreateRestaurant(tx, input.restaurant);
    const review = await insertReview(tx, {
      userId: user.id,
      restaurantId: restaurant.id,
      reviewType: input.reviewType,
      title: input.reviewType === "dish" ? input.title : input.restaurant.name,
      description: input.description,
      rating: input.rating,
      // Restaurant reviews keep the price range as their cost (spec 3: dollar signs).
      cost: input.reviewType === "dish" ? input.cost : input.priceRange,
    });
    const claimed = await claimUploads(
      tx,
      user.id,
      input.images.map((image) => ({ uploadId: image.uploadId, alt: image.alt })),
    );
    await insertReviewImages(
      tx,
      claimed.map((image, index) => ({ ...image, reviewId: review.id, displayOrder: index })),
    );
    return review.id;
  });
  return getReview(ctx, reviewId);
}

async function ownReviewForUpdate(ctx: ContentContext, tx: Executor, id: string) {
  const user = signedIn(ctx);
  if (!isUuid(id)) throw ApiError.notFound(reviewMessages.reviewNotFound);
  const review = await findReviewForUpdate(tx, id);
  if (!review) throw ApiError.notFound(reviewMessages.reviewNotFound);
  if (review.userId !== user.id) throw ApiError.forbidden("You can only change your own reviews");
  return { user, review };
}

/** Owner only. The restaurant never changes; `images` replaces the photo list. */
export async function updateReview(
  ctx: ContentContext,
  id: string,
  input: ReviewUpdateValues,
): Promise<ReviewDto> {
  const removedUrls = await ctx.db.transaction(async (tx) => {
    const { user, review } = await ownReviewForUpdate(ctx, tx, id);
    const changes: Parameters<typeof updateReviewRow>[2] = {};
    if (input.title !== undefined && review.reviewType === "dish") changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    if (input.rating !== undefined) changes.rating = input.rating;
    if (review.reviewType === "dish" && input.cost !== undefined) changes.cost = input.cost;
    if (review.reviewType === "restaurant" && input.priceRange !== undefined) {
      changes.cost = input.priceRange;
    }
    await updateReviewRow(tx, review.id, changes);
    if (input.images === undefined) return [];
    const existing = await selectReviewImages(tx, review.id);
    const { removedUrls } = await applyImageEdits(tx, user.id, existing, input.images, {
      deleteByIds: deleteReviewImagesByIds,
      update: updateReviewImage,
      insert: (t, images) =>
        insertReviewImages(
          t,
          images.map((image) => ({ ...image, reviewId: review.id })),
        ),
    });
    return removedUrls;
  });
  await deleteImageFiles(ctx.storage, ctx.log, removedUrls);
  return getReview(ctx, id);
}

/** Owner only. Image rows go with the review; their files are deleted after commit. */
export async function deleteReview(ctx: ContentContext, id: string): Promise<void> {
  const imageUrls = await ctx.db.transaction(async (tx) => {
    const { review } = await ownReviewForUpdate(ctx, tx, id);
    const images = await selectReviewImages(tx, review.id);
    await deleteReviewImagesByIds(
      tx,
      images.map((image) => image.id),
    );
    await deleteReviewRow(tx, review.id);
    return images.map((image) => image.imageUrl);
  });
  await deleteImageFiles(ctx.storage, ctx.log, imageUrls);
}
