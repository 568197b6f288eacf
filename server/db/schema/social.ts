import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, isHidden, newestFirst, uuidPrimaryKey } from "../columns.ts";
import { deals } from "./deals.ts";
import { posts } from "./posts.ts";
import { profiles } from "./profiles.ts";
import { reviews } from "./reviews.ts";

const author = () =>
  text("user_id")
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" });

/**
 * A reply's thread: the top-level comment it is under (threads are one level deep, so a reply
 * to a reply names the same top-level comment). Deleting the top-level comment deletes its
 * thread.
 */
const thread = (parent: () => AnyPgColumn) =>
  uuid("parent_id").references(parent, { onDelete: "cascade" });

/**
 * Whom a reply answers: the author of the comment replied to (the top-level comment's, or a
 * reply's in the same thread). Null on top-level comments, and once that account is gone.
 */
const replyTo = () =>
  text("reply_to_user_id").references(() => profiles.id, { onDelete: "set null" });

/** One like per (user, review): the primary key makes a double like a 23505 conflict. */
export const likes = pgTable(
  "likes",
  {
    userId: author(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "likes_pkey", columns: [t.userId, t.reviewId] }),
    index("likes_review_id_idx").on(t.reviewId),
  ],
);

export const postLikes = pgTable(
  "post_likes",
  {
    userId: author(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "post_likes_pkey", columns: [t.userId, t.postId] }),
    index("post_likes_post_id_idx").on(t.postId),
  ],
);

export const dealLikes = pgTable(
  "deal_likes",
  {
    userId: author(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "deal_likes_pkey", columns: [t.userId, t.dealId] }),
    index("deal_likes_deal_id_idx").on(t.dealId),
  ],
);

export const comments = pgTable(
  "comments",
  {
    id: uuidPrimaryKey(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: author(),
    content: text("content").notNull(),
    parentId: thread((): AnyPgColumn => comments.id),
    replyToUserId: replyTo(),
    isHidden: isHidden(),
    createdAt: createdAt(),
  },
  (t) => [
    index("comments_review_created_idx").on(t.reviewId, ...newestFirst(t)),
    // A thread's replies in order, and the cascade from a deleted top-level comment.
    index("comments_parent_created_idx")
      .on(t.parentId, ...newestFirst(t))
      .where(sql`${t.parentId} is not null`),
    // A person's comments: found without a scan when their account goes, and, per item, the
    // comments of people a viewer blocked, which that viewer's comment count leaves out.
    index("comments_user_review_idx").on(t.userId, t.reviewId),
    // A leaving account's name comes off the replies addressed to it without a scan.
    index("comments_reply_to_user_id_idx")
      .on(t.replyToUserId)
      .where(sql`${t.replyToUserId} is not null`),
  ],
);

export const postComments = pgTable(
  "post_comments",
  {
    id: uuidPrimaryKey(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: author(),
    content: text("content").notNull(),
    parentId: thread((): AnyPgColumn => postComments.id),
    replyToUserId: replyTo(),
    isHidden: isHidden(),
    createdAt: createdAt(),
  },
  (t) => [
    index("post_comments_post_created_idx").on(t.postId, ...newestFirst(t)),
    index("post_comments_parent_created_idx")
      .on(t.parentId, ...newestFirst(t))
      .where(sql`${t.parentId} is not null`),
    index("post_comments_user_post_idx").on(t.userId, t.postId),
    index("post_comments_reply_to_user_id_idx")
      .on(t.replyToUserId)
      .where(sql`${t.replyToUserId} is not null`),
  ],
);

export const dealComments = pgTable(
  "deal_comments",
  {
    id: uuidPrimaryKey(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    userId: author(),
    content: text("content").notNull(),
    parentId: thread((): AnyPgColumn => dealComments.id),
    replyToUserId: replyTo(),
    isHidden: isHidden(),
    createdAt: createdAt(),
  },
  (t) => [
    index("deal_comments_deal_created_idx").on(t.dealId, ...newestFirst(t)),
    index("deal_comments_parent_created_idx")
      .on(t.parentId, ...newestFirst(t))
      .where(sql`${t.parentId} is not null`),
    index("deal_comments_user_deal_idx").on(t.userId, t.dealId),
    index("deal_comments_reply_to_user_id_idx")
      .on(t.replyToUserId)
      .where(sql`${t.replyToUserId} is not null`),
  ],
);

/**
 * Whom a comment's "@handle" named when it was written (docs/decisions/0032): the link follows
 * the person, not the handle, and goes with the comment or the account.
 */
const mentionColumns = () => ({
  userId: text("user_id")
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" }),
  /** As typed, lower case: the text's "@handle" the link is drawn on. */
  handle: text("handle").notNull(),
});

export const commentMentions = pgTable(
  "comment_mentions",
  {
    commentId: uuid("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    ...mentionColumns(),
  },
  (t) => [
    primaryKey({ name: "comment_mentions_pkey", columns: [t.commentId, t.userId] }),
    index("comment_mentions_user_id_idx").on(t.userId),
  ],
);

export const postCommentMentions = pgTable(
  "post_comment_mentions",
  {
    commentId: uuid("post_comment_id")
      .notNull()
      .references(() => postComments.id, { onDelete: "cascade" }),
    ...mentionColumns(),
  },
  (t) => [
    primaryKey({ name: "post_comment_mentions_pkey", columns: [t.commentId, t.userId] }),
    index("post_comment_mentions_user_id_idx").on(t.userId),
  ],
);

export const dealCommentMentions = pgTable(
  "deal_comment_mentions",
  {
    commentId: uuid("deal_comment_id")
      .notNull()
      .references(() => dealComments.id, { onDelete: "cascade" }),
    ...mentionColumns(),
  },
  (t) => [
    primaryKey({ name: "deal_comment_mentions_pkey", columns: [t.commentId, t.userId] }),
    index("deal_comment_mentions_user_id_idx").on(t.userId),
  ],
);

/**
 * Whom a review's or post's own text named (docs/decisions/0032): kept when an edit drops the
 * "@handle", so naming them again later neither notifies them twice nor loses the link.
 */
export const reviewMentions = pgTable(
  "review_mentions",
  {
    itemId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    ...mentionColumns(),
  },
  (t) => [
    primaryKey({ name: "review_mentions_pkey", columns: [t.itemId, t.userId] }),
    index("review_mentions_user_id_idx").on(t.userId),
  ],
);

export const postMentions = pgTable(
  "post_mentions",
  {
    itemId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    ...mentionColumns(),
  },
  (t) => [
    primaryKey({ name: "post_mentions_pkey", columns: [t.itemId, t.userId] }),
    index("post_mentions_user_id_idx").on(t.userId),
  ],
);

export const follows = pgTable(
  "follows",
  {
    id: uuidPrimaryKey(),
    followerId: text("follower_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    followingId: text("following_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    // Also serves "whom does X follow" lookups (leading follower_id).
    unique("follows_follower_following_unique").on(t.followerId, t.followingId),
    check("follows_not_self", sql`${t.followerId} <> ${t.followingId}`),
    index("follows_following_created_idx").on(t.followingId, ...newestFirst(t)),
    // "Following" lists: whom X follows, newest follow first, keyset on (created_at, id).
    index("follows_follower_created_idx").on(t.followerId, ...newestFirst(t)),
  ],
);

/**
 * A request to follow a private account, waiting for its owner: accepting turns it into a follow
 * row, declining or withdrawing deletes it. One per pair.
 */
export const followRequests = pgTable(
  "follow_requests",
  {
    requesterId: text("requester_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    targetId: text("target_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "follow_requests_pkey", columns: [t.requesterId, t.targetId] }),
    check("follow_requests_not_self", sql`${t.requesterId} <> ${t.targetId}`),
    // The owner's requests, newest first and keyset paged (GET /api/follow-requests);
    // switching to public takes every request to the target, and cascades find them too.
    index("follow_requests_target_created_idx").on(
      t.targetId,
      t.createdAt.desc().nullsFirst(),
      t.requesterId.desc().nullsFirst(),
    ),
  ],
);

export type Like = typeof likes.$inferSelect;
export type PostLike = typeof postLikes.$inferSelect;
export type Comment = typeof comments.$inferSelect;
export type NewComment = typeof comments.$inferInsert;
export type PostComment = typeof postComments.$inferSelect;
export type NewPostComment = typeof postComments.$inferInsert;
export type Follow = typeof follows.$inferSelect;
