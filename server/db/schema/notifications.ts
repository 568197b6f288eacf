import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { notificationTypes } from "../../../domain/notifications.ts";
import { createdAt, newestFirst, uuidPrimaryKey } from "../columns.ts";
import { deals } from "./deals.ts";
import { posts } from "./posts.ts";
import { profiles } from "./profiles.ts";
import { reviews } from "./reviews.ts";
import { comments, dealComments, postComments } from "./social.ts";

export const notifications = pgTable(
  "notifications",
  {
    id: uuidPrimaryKey(),
    type: text("type", { enum: notificationTypes }).notNull(),
    // The recipient. For content_hidden the actor is the moderator, kept for the record and
    // never shown.
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    actorId: text("actor_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // At most one target; new_follower and follow_request have none, new_deal its deal. A notification dies with its target.
    reviewId: uuid("review_id").references(() => reviews.id, { onDelete: "cascade" }),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "cascade" }),
    dealId: uuid("deal_id").references(() => deals.id, { onDelete: "cascade" }),
    // content_hidden about a comment: the comment; new_reply: the reply; new_mention: the
    // comment that mentions the recipient. Beside the item it is
    // on (review_id, post_id or deal_id), which is what the notification opens.
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    postCommentId: uuid("post_comment_id").references(() => postComments.id, {
      onDelete: "cascade",
    }),
    dealCommentId: uuid("deal_comment_id").references(() => dealComments.id, {
      onDelete: "cascade",
    }),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "notifications_type_valid",
      sql`${t.type} in ('new_follower', 'new_comment', 'new_like', 'new_reply', 'new_mention', 'new_deal', 'content_hidden', 'follow_request', 'deal_gone')`,
    ),
    check(
      "notifications_comment_on_its_item",
      sql`(${t.commentId} is null or ${t.reviewId} is not null)
        and (${t.postCommentId} is null or ${t.postId} is not null)
        and (${t.dealCommentId} is null or ${t.dealId} is not null)`,
    ),
    check(
      "notifications_single_target",
      sql`num_nonnulls(${t.reviewId}, ${t.postId}, ${t.dealId}) <= 1`,
    ),
    index("notifications_user_created_idx").on(t.userId, ...newestFirst(t)),
    // Unread badge and "mark all read" touch only the unread rows.
    index("notifications_user_unread_idx").on(t.userId).where(sql`not ${t.isRead}`),
    // A follow request's notice, found by its pair: whether the owner has read it (the
    // requests list) and its removal when the request is answered or withdrawn.
    index("notifications_follow_request_idx")
      .on(t.userId, t.actorId)
      .where(sql`${t.type} = 'follow_request'`),
    // The seven below let cascading deletes find rows without a table scan.
    index("notifications_actor_id_idx").on(t.actorId),
    index("notifications_review_id_idx").on(t.reviewId).where(sql`${t.reviewId} is not null`),
    index("notifications_post_id_idx").on(t.postId).where(sql`${t.postId} is not null`),
    index("notifications_deal_id_idx").on(t.dealId).where(sql`${t.dealId} is not null`),
    index("notifications_comment_id_idx").on(t.commentId).where(sql`${t.commentId} is not null`),
    index("notifications_post_comment_id_idx")
      .on(t.postCommentId)
      .where(sql`${t.postCommentId} is not null`),
    index("notifications_deal_comment_id_idx")
      .on(t.dealCommentId)
      .where(sql`${t.dealCommentId} is not null`),
  ],
);

export type NewNotification = typeof notifications.$inferInsert;
