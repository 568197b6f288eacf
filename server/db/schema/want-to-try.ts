import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { wantToTryKinds } from "../../../domain/want-to-try.ts";
import { createdAt, newestFirst, uuidPrimaryKey } from "../columns.ts";
import { user } from "./auth.ts";
import { restaurants } from "./restaurants.ts";
import { reviews } from "./reviews.ts";

/**
 * A person's saved restaurants and dishes (domain/want-to-try.ts). A dish is a name at a
 * restaurant, matched by its dish key (dishKey(): no accents, case or repeated spaces), so any
 * later review of it counts however it is spelled. tried_at is set when the owner first reviews
 * what they saved; null means still to try.
 */
export const wantToTry = pgTable(
  "want_to_try",
  {
    id: uuidPrimaryKey(),
    // The auth user rather than the profile: a signed-in session is all saving needs.
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: wantToTryKinds }).notNull(),
    restaurantId: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    /** The dish's name as it was saved; null for a restaurant. */
    dishName: text("dish_name"),
    dishKey: text("dish_key"),
    /** The dish review it was saved from, for its photo; the entry outlives it. */
    sourceReviewId: uuid("source_review_id").references(() => reviews.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    triedAt: timestamp("tried_at", { withTimezone: true }),
    triedReviewId: uuid("tried_review_id").references(() => reviews.id, { onDelete: "set null" }),
  },
  (t) => [
    check("want_to_try_kind_valid", sql`${t.kind} in ('restaurant', 'dish')`),
    check("want_to_try_dish_has_key", sql`(${t.kind} = 'dish') = (${t.dishKey} is not null)`),
    check("want_to_try_dish_has_name", sql`(${t.dishName} is null) = (${t.dishKey} is null)`),
    check(
      "want_to_try_tried_review_when_tried",
      sql`${t.triedReviewId} is null or ${t.triedAt} is not null`,
    ),
    // Saving twice finds the same row. The kind is part of the key so that a dish whose key is
    // empty (a name of accents alone) is still not the restaurant itself.
    uniqueIndex("want_to_try_entry_unique").on(
      t.userId,
      t.restaurantId,
      t.kind,
      sql`coalesce(${t.dishKey}, '')`,
    ),
    // The two halves of the list, keyset on (created_at, id) and (tried_at, id), and their
    // counts from index-only scans.
    index("want_to_try_want_idx")
      .on(t.userId, ...newestFirst(t))
      .where(sql`${t.triedAt} is null`),
    index("want_to_try_tried_idx")
      .on(t.userId, ...newestFirst({ createdAt: t.triedAt, id: t.id }))
      .where(sql`${t.triedAt} is not null`),
    // Deleting a restaurant or a review finds the entries that point at it without a scan.
    index("want_to_try_restaurant_idx").on(t.restaurantId),
    index("want_to_try_source_review_idx")
      .on(t.sourceReviewId)
      .where(sql`${t.sourceReviewId} is not null`),
    index("want_to_try_tried_review_idx")
      .on(t.triedReviewId)
      .where(sql`${t.triedReviewId} is not null`),
  ],
);
