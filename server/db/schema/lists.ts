import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { listVisibilities } from "../../../domain/lists-rules.ts";
import { counter, createdAt, updatedAt, uuidPrimaryKey } from "../columns.ts";
import { user } from "./auth.ts";
import { restaurants } from "./restaurants.ts";
import { reviews } from "./reviews.ts";

/**
 * Named lists (domain/lists.ts): a person's ordered picks of restaurants and reviews. Who may
 * see one is decided by listVisibleToSql() in the lists module, from the visibility, the share
 * key a link carries and list_follows. updated_at moves with every edit and entry change, so
 * "most recently updated first" is the owner's activity on the list.
 */
export const lists = pgTable(
  "lists",
  {
    id: uuidPrimaryKey(),
    // The auth user rather than the profile, like want_to_try: a session is all making one needs.
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    visibility: text("visibility", { enum: listVisibilities }).notNull(),
    /** The unguessable token of the list's link; replaced to kill the old link. */
    shareKey: text("share_key").notNull().unique("lists_share_key_unique"),
    followerCount: counter("follower_count"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("lists_visibility_valid", sql`${t.visibility} in ('private', 'followers', 'link')`),
    check("lists_follower_count_non_negative", sql`${t.followerCount} >= 0`),
    // An owner's lists, most recently updated first (profile Lists tab, the Add to list picker).
    index("lists_owner_updated_idx").on(
      t.ownerId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const listEntries = pgTable(
  "list_entries",
  {
    id: uuidPrimaryKey(),
    listId: uuid("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /**
     * The restaurant, or for a review entry the review's (a review's restaurant never changes),
     * so every entry reads its place and map pin the same way.
     */
    restaurantId: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    /** Null for a restaurant entry. */
    reviewId: uuid("review_id").references(() => reviews.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Adding twice finds the same entry: a restaurant once, a review once.
    uniqueIndex("list_entries_restaurant_unique")
      .on(t.listId, t.restaurantId)
      .where(sql`${t.reviewId} is null`),
    uniqueIndex("list_entries_review_unique").on(t.listId, t.reviewId),
    // The list's entries in order, read whole (at most LIST_LIMITS.entriesMax).
    index("list_entries_list_position_idx").on(t.listId, t.position),
    // Deleting a restaurant or a review finds its entries without a scan.
    index("list_entries_restaurant_idx").on(t.restaurantId),
    index("list_entries_review_idx").on(t.reviewId).where(sql`${t.reviewId} is not null`),
  ],
);

export const listFollows = pgTable(
  "list_follows",
  {
    listId: uuid("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "list_follows_pk", columns: [t.listId, t.userId] }),
    // The lists a person follows, most recently followed first.
    index("list_follows_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);
