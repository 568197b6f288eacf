import { and, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { unaccented } from "#server/db/columns.ts";
import { type NewReview, type Review, reviews } from "#server/db/schema/reviews.ts";
import { itemColumns, itemRowsSql } from "#server/modules/items/items.queries.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import type { KeyedCursor } from "#server/modules/shared/keyset.ts";

export async function insertReview(db: Executor, values: NewReview): Promise<Review> {
  const [row] = await db.insert(reviews).values(values).returning();
  if (!row) throw new Error("review was not inserted");
  return row;
}

export async function updateReviewRow(
  db: Executor,
  id: string,
  changes: Partial<Pick<NewReview, "title" | "description" | "rating" | "cost" | "visitedOn">>,
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

/** A date visited as a number for keyed cursors and sort keys: days since 1970-01-01. */
const visitedDay = (column: SQL) => sql`(${column} - date '1970-01-01')`;

/**
 * One page of a person's own Diary: all their reviews (their hidden ones too, marked as such) by
 * date visited, newest first, then by posting time; keyset on (visited_on, created_at, id) down
 * reviews_user_visited_idx, the cursor's key being the day number of the last date visited.
 */
export function diaryPageSql(userId: string, after: KeyedCursor | undefined, limit: number): SQL {
  const keyset = after
    ? sql`and (r.visited_on, r.created_at, r.id) < (date '1970-01-01' + ${after.key}::int,
          ${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const page = sql`
    select ${itemColumns("review", "r")}, ${visitedDay(sql`r.visited_on`)}::float8 as sort_key
      from reviews r
     where r.user_id = ${userId} ${keyset}
     order by r.visited_on desc, r.created_at desc, r.id desc
     limit ${limit}`;
  return itemRowsSql(page, { viewerId: userId, limit, order: { direction: "desc", keyed: true } });
}
