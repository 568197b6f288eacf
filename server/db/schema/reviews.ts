import { sql } from "drizzle-orm";
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import {
  counter,
  createdAt,
  imageChecks,
  imageColumns,
  isHidden,
  newestFirst,
  searchVector,
  unaccented,
  updatedAt,
  uuidPrimaryKey,
} from "../columns.ts";
import { profiles } from "./profiles.ts";
import { restaurants } from "./restaurants.ts";

export const reviews = pgTable(
  "reviews",
  {
    id: uuidPrimaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // RESTRICT: every review is about a restaurant, and deleting a restaurant must not silently
    // delete people's reviews nor leave them pointing nowhere; merge or reassign them first.
    restaurantId: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "restrict" }),
    reviewType: text("review_type", { enum: ["dish", "restaurant"] }).notNull(),
    title: text("title").notNull(),
    description: text("description"),
    rating: integer("rating").notNull(),
    // Dish: the amount paid, or null. Restaurant: the price tier shown as repeated dollar signs.
    cost: numeric("cost", { precision: 10, scale: 2, mode: "number" }),
    // "Date visited": the person's own calendar date of the meal (a date, no time zone). Reviews
    // from before it existed took their posting date's (UTC); one posted without it, today's.
    visitedOn: date("visited_on", { mode: "string" })
      .notNull()
      .default(sql`(now() at time zone 'UTC')::date`),
    // Dish rankings (ADR 0030): the category a dish review is ranked in, and its place there
    // (ascending is best first; equal positions are ties). Both null, or both set on a dish.
    category: text("category"),
    rankPosition: doublePrecision("rank_position"),
    isHidden: isHidden(),
    likeCount: counter("like_count"),
    commentCount: counter("comment_count"),
    searchVector: searchVector("title", "description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("reviews_review_type_valid", sql`${t.reviewType} in ('dish', 'restaurant')`),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_cost_non_negative", sql`${t.cost} >= 0`),
    check("reviews_like_count_non_negative", sql`${t.likeCount} >= 0`),
    check("reviews_comment_count_non_negative", sql`${t.commentCount} >= 0`),
    check(
      "reviews_category_ranked",
      sql`(${t.category} is null) = (${t.rankPosition} is null)
          and (${t.category} is null or (${t.reviewType} = 'dish' and length(${t.category}) <= 40))`,
    ),
    // Feed: newest first, keyset on (created_at, id), hidden rows never listed. It ends with
    // the author, so a heavy follower's Following feed walks it index-only (feed.queries.ts).
    index("reviews_feed_idx")
      .on(...newestFirst(t), t.userId)
      .where(sql`not ${t.isHidden}`),
    index("reviews_user_created_idx").on(t.userId, ...newestFirst(t)),
    // The Following feed: each followed person's visible reviews newest first, read index-only
    // for (created_at, id), so only the page's own rows are fetched from the table.
    index("reviews_author_feed_idx")
      .on(t.userId, ...newestFirst(t))
      .where(sql`not ${t.isHidden}`),
    // A profile's dish and restaurant tabs and their counts: one person's visible reviews of one
    // type, newest or oldest first (read backwards), keyset on (created_at, id).
    index("reviews_profile_idx")
      .on(t.userId, t.reviewType, ...newestFirst(t))
      .where(sql`not ${t.isHidden}`),
    // The same tabs by rating: keyset on (rating, created_at, id), read forwards or backwards.
    index("reviews_profile_rating_idx")
      .on(t.userId, t.reviewType, t.rating, t.createdAt, t.id)
      .where(sql`not ${t.isHidden}`),
    // One person's reviews by date visited, newest first, keyset on (visited_on, created_at, id):
    // the own Diary (hidden ones included) and the ranges Stats and Year in Food count.
    index("reviews_user_visited_idx").on(
      t.userId,
      t.visitedOn.desc().nullsFirst(),
      ...newestFirst(t),
    ),
    // A person's category best first, and the counts each dish's score needs (ADR 0030).
    index("reviews_user_category_rank_idx")
      .on(t.userId, t.category, t.rankPosition)
      .where(sql`${t.category} is not null`),
    index("reviews_restaurant_created_idx").on(t.restaurantId, ...newestFirst(t)),
    // A restaurant page's dish and restaurant tabs and their counts: one restaurant's visible
    // reviews of one type, by date or by rating, keyset on (…, created_at, id).
    index("reviews_restaurant_tab_idx")
      .on(t.restaurantId, t.reviewType, ...newestFirst(t))
      .where(sql`not ${t.isHidden}`),
    // The rating order's keyset, with cost last so the page's averages (rating and cost by
    // type) come from an index-only scan: a much-reviewed restaurant's thousands of rows are
    // then never read from the table.
    index("reviews_restaurant_rating_idx")
      .on(t.restaurantId, t.reviewType, t.rating, t.createdAt, t.id, t.cost)
      .where(sql`not ${t.isHidden}`),
    index("reviews_search_vector_idx").using("gin", t.searchVector),
    // Explore's typo-tolerant match on dish and restaurant names, accents ignored.
    index("reviews_title_trgm_idx").using("gin", sql`${unaccented(t.title)} gin_trgm_ops`),
  ],
);

export const reviewImages = pgTable(
  "review_images",
  {
    id: uuidPrimaryKey(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    ...imageColumns(),
  },
  (t) => [
    ...imageChecks("review_images", t),
    index("review_images_review_order_idx").on(t.reviewId, t.displayOrder),
    // Which item a requested photo belongs to, so the media route can ask who may see it.
    index("review_images_image_url_idx").on(t.imageUrl),
  ],
);

export type Review = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;
export type NewReviewImage = typeof reviewImages.$inferInsert;
