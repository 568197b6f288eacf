import { and, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { restaurants } from "#server/db/schema/restaurants.ts";
import {
  type NewReview,
  type NewReviewImage,
  type Review,
  type ReviewImage,
  reviewImages,
  reviews,
} from "#server/db/schema/reviews.ts";
import { likes } from "#server/db/schema/social.ts";
import { authorColumns, restaurantRefColumns } from "./content.columns.ts";

export async function insertReview(db: Executor, values: NewReview): Promise<Review> {
  const [row] = await db.insert(reviews).values(values).returning();
  if (!row) throw new Error("review was not inserted");
  return row;
}

export async function insertReviewImages(db: Executor, rows: NewReviewImage[]): Promise<void> {
  if (rows.length > 0) await db.insert(reviewImages).values(rows);
}

export async function findReview(db: Executor, id: string): Promise<Review | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
  return row;
}

/** The row locked for an edit or delete, so two edits of one review do not interleave. */
export async function findReviewForUpdate(db: Executor, id: string): Promise<Review | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1).for("update");
  return row;
}

export async function selectReviewImages(db: Executor, reviewId: string): Promise<ReviewImage[]> {
  return db
    .select()
    .from(reviewImages)
    .where(eq(reviewImages.reviewId, reviewId))
    .orderBy(reviewImages.displayOrder, reviewImages.id);
}

export async function updateReviewRow(
  db: Executor,
  id: string,
  changes: Partial<Pick<NewReview, "title" | "description" | "rating" | "cost">>,
): Promise<void> {
  // Always touches updated_at, even when only the photos changed.
  await db
    .update(reviews)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(reviews.id, id));
}

export async function deleteReviewImagesByIds(db: Executor, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(reviewImages).where(inArray(reviewImages.id, ids));
}

export async function updateReviewImage(
  db: Executor,
  id: string,
  changes: { displayOrder: number; altText: string | null },
): Promise<void> {
  await db.update(reviewImages).set(changes).where(eq(reviewImages.id, id));
}

export async function deleteReviewRow(db: Executor, id: string): Promise<void> {
  await db.delete(reviews).where(eq(reviews.id, id));
}

/** A visible review with its author and restaurant, and whether `viewerId` likes it. */
export async function selectReviewDetail(db: Executor, id: string, viewerId: string | null) {
  const likedByMe = viewerId
    ? sql<boolean>`exists (select 1 from ${likes} where ${likes.reviewId} = ${reviews.id} and ${likes.userId} = ${viewerId})`
    : sql<boolean>`false`;
  const [row] = await db
    .select({
      review: reviews,
      author: authorColumns,
      restaurant: restaurantRefColumns,
      likedByMe,
    })
    .from(reviews)
    .innerJoin(profiles, eq(profiles.id, reviews.userId))
    .innerJoin(restaurants, eq(restaurants.id, reviews.restaurantId))
    .where(and(eq(reviews.id, id), eq(reviews.isHidden, false)))
    .limit(1);
  return row;
}

/**
 * Visible reviews of a type whose title contains every word of a slug, newest first: the
 * candidates for /view/{type}/{slug-title}; the service keeps the exact slug matches.
 */
export async function selectReviewsByTitleWords(
  db: Executor,
  reviewType: "dish" | "restaurant",
  words: string[],
  limit: number,
): Promise<Array<{ id: string; title: string }>> {
  return db
    .select({ id: reviews.id, title: reviews.title })
    .from(reviews)
    .where(
      and(
        eq(reviews.reviewType, reviewType),
        eq(reviews.isHidden, false),
        ...words.map((word) => ilike(reviews.title, `%${word}%`)),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}
