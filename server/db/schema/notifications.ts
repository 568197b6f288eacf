import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { notificationTypes } from "../../../domain/notifications.ts";
import { createdAt, newestFirst, uuidPrimaryKey } from "../columns.ts";
import { posts } from "./posts.ts";
import { profiles } from "./profiles.ts";
import { reviews } from "./reviews.ts";

export const notifications = pgTable(
  "notifications",
  {
    id: uuidPrimaryKey(),
    type: text("type", { enum: notificationTypes }).notNull(),
    // The recipient.
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    actorId: text("actor_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // At most one target; new_follower has none. A notification dies with its target.
    reviewId: uuid("review_id").references(() => reviews.id, { onDelete: "cascade" }),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "cascade" }),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "notifications_type_valid",
      sql`${t.type} in ('new_follower', 'new_comment', 'new_like')`,
    ),
    check("notifications_single_target", sql`num_nonnulls(${t.reviewId}, ${t.postId}) <= 1`),
    index("notifications_user_created_idx").on(t.userId, ...newestFirst(t)),
    // Unread badge and "mark all read" touch only the unread rows.
    index("notifications_user_unread_idx").on(t.userId).where(sql`not ${t.isRead}`),
    // The three below let cascading deletes find rows without a table scan.
    index("notifications_actor_id_idx").on(t.actorId),
    index("notifications_review_id_idx").on(t.reviewId).where(sql`${t.reviewId} is not null`),
    index("notifications_post_id_idx").on(t.postId).where(sql`${t.postId} is not null`),
  ],
);

export type NewNotification = typeof notifications.$inferInsert;
