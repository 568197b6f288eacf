import { and, desc, eq, ilike } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { unaccented } from "#server/db/columns.ts";
import { type NewReview, type Review, reviews } from "#server/db/schema/reviews.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";

export async function insertReview(db: Executor, values: NewReview): Promise<Review> {
  const [row] = await db.insert(reviews).values(values).returning();
  if (!row) throw new Error("review was not inserted");
  return row;
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

/**
 * Visible reviews of a type whose title contains every word of a slug, newest first: the
 * candidates for /view/{type}/{slug-title}; the service keeps the exact slug matches. Slug
 * words have no accents, so they are matched against the title without its accents, which is
 * also what the title's trigram index holds: the words find the candidates through it rather
 * than by reading every review of the type. Only reviews by people `viewerId` may see are
 * candidates, so an older match by someone else is found instead.
 */
export function selectReviewsByTitleWords(
  db: Executor,
  reviewType: "dish" | "restaurant",
  words: string[],
  limit: number,
  viewerId: string | undefined,
) {
  return db
    .select({ id: reviews.id, title: reviews.title })
    .from(reviews)
    .where(
      and(
        eq(reviews.reviewType, reviewType),
        eq(reviews.isHidden, false),
        visibleAuthorSql(viewerId, reviews.userId),
        ...words.map((word) => ilike(unaccented(reviews.title), `%${word}%`)),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}
