// Relations for drizzle's relational queries (db.query.x.findMany({ with: ... })). They live in
// one file so the table files do not import each other in a cycle.
import { relations } from "drizzle-orm";
import { dealImages, deals } from "./deals.ts";
import { userReports } from "./moderation.ts";
import { notifications } from "./notifications.ts";
import { postImages, posts } from "./posts.ts";
import { profiles, userRoles } from "./profiles.ts";
import { restaurants } from "./restaurants.ts";
import { reviewImages, reviews } from "./reviews.ts";
import {
  comments,
  dealComments,
  dealLikes,
  follows,
  likes,
  postComments,
  postLikes,
} from "./social.ts";

export const profilesRelations = relations(profiles, ({ one, many }) => ({
  role: one(userRoles, { fields: [profiles.id], references: [userRoles.userId] }),
  reviews: many(reviews),
  posts: many(posts),
  followers: many(follows, { relationName: "following" }),
  following: many(follows, { relationName: "follower" }),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  profile: one(profiles, { fields: [userRoles.userId], references: [profiles.id] }),
}));

export const restaurantsRelations = relations(restaurants, ({ many }) => ({
  reviews: many(reviews),
  posts: many(posts),
  deals: many(deals),
}));

export const reviewsRelations = relations(reviews, ({ one, many }) => ({
  author: one(profiles, { fields: [reviews.userId], references: [profiles.id] }),
  restaurant: one(restaurants, { fields: [reviews.restaurantId], references: [restaurants.id] }),
  images: many(reviewImages),
  comments: many(comments),
  likes: many(likes),
}));

export const reviewImagesRelations = relations(reviewImages, ({ one }) => ({
  review: one(reviews, { fields: [reviewImages.reviewId], references: [reviews.id] }),
}));

export const postsRelations = relations(posts, ({ one, many }) => ({
  author: one(profiles, { fields: [posts.userId], references: [profiles.id] }),
  restaurant: one(restaurants, { fields: [posts.restaurantId], references: [restaurants.id] }),
  images: many(postImages),
  comments: many(postComments),
  likes: many(postLikes),
}));

export const dealsRelations = relations(deals, ({ one, many }) => ({
  author: one(profiles, { fields: [deals.userId], references: [profiles.id] }),
  restaurant: one(restaurants, { fields: [deals.restaurantId], references: [restaurants.id] }),
  images: many(dealImages),
  comments: many(dealComments),
  likes: many(dealLikes),
}));

export const dealImagesRelations = relations(dealImages, ({ one }) => ({
  deal: one(deals, { fields: [dealImages.dealId], references: [deals.id] }),
}));

export const postImagesRelations = relations(postImages, ({ one }) => ({
  post: one(posts, { fields: [postImages.postId], references: [posts.id] }),
}));

export const commentsRelations = relations(comments, ({ one }) => ({
  review: one(reviews, { fields: [comments.reviewId], references: [reviews.id] }),
  author: one(profiles, { fields: [comments.userId], references: [profiles.id] }),
}));

export const postCommentsRelations = relations(postComments, ({ one }) => ({
  post: one(posts, { fields: [postComments.postId], references: [posts.id] }),
  author: one(profiles, { fields: [postComments.userId], references: [profiles.id] }),
}));

export const dealCommentsRelations = relations(dealComments, ({ one }) => ({
  deal: one(deals, { fields: [dealComments.dealId], references: [deals.id] }),
  author: one(profiles, { fields: [dealComments.userId], references: [profiles.id] }),
}));

export const likesRelations = relations(likes, ({ one }) => ({
  review: one(reviews, { fields: [likes.reviewId], references: [reviews.id] }),
  user: one(profiles, { fields: [likes.userId], references: [profiles.id] }),
}));

export const postLikesRelations = relations(postLikes, ({ one }) => ({
  post: one(posts, { fields: [postLikes.postId], references: [posts.id] }),
  user: one(profiles, { fields: [postLikes.userId], references: [profiles.id] }),
}));

export const dealLikesRelations = relations(dealLikes, ({ one }) => ({
  deal: one(deals, { fields: [dealLikes.dealId], references: [deals.id] }),
  user: one(profiles, { fields: [dealLikes.userId], references: [profiles.id] }),
}));

export const followsRelations = relations(follows, ({ one }) => ({
  follower: one(profiles, {
    fields: [follows.followerId],
    references: [profiles.id],
    relationName: "follower",
  }),
  following: one(profiles, {
    fields: [follows.followingId],
    references: [profiles.id],
    relationName: "following",
  }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  recipient: one(profiles, {
    fields: [notifications.userId],
    references: [profiles.id],
    relationName: "notification_recipient",
  }),
  actor: one(profiles, {
    fields: [notifications.actorId],
    references: [profiles.id],
    relationName: "notification_actor",
  }),
  review: one(reviews, { fields: [notifications.reviewId], references: [reviews.id] }),
  post: one(posts, { fields: [notifications.postId], references: [posts.id] }),
  deal: one(deals, { fields: [notifications.dealId], references: [deals.id] }),
}));

export const userReportsRelations = relations(userReports, ({ one }) => ({
  reporter: one(profiles, {
    fields: [userReports.reporterId],
    references: [profiles.id],
    relationName: "report_reporter",
  }),
  reviewer: one(profiles, {
    fields: [userReports.reviewedBy],
    references: [profiles.id],
    relationName: "report_reviewer",
  }),
}));
