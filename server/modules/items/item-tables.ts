import type { ItemKind } from "#domain/item-kinds.ts";
import { dealImages, deals } from "#server/db/schema/deals.ts";
import { postImages, posts } from "#server/db/schema/posts.ts";
import { reviewImages, reviews } from "#server/db/schema/reviews.ts";
import {
  comments,
  dealComments,
  dealLikes,
  likes,
  postComments,
  postLikes,
} from "#server/db/schema/social.ts";

/**
 * Where each kind of item lives: its table, its photos, its likes and its comments, each with
 * the column that points back at the item. Reviews, posts and deals have the same shape in all
 * four, so code that is the same for every kind takes a kind and looks its tables up here.
 */
export const itemTables = {
  review: {
    items: reviews,
    images: reviewImages,
    imageItemId: reviewImages.reviewId,
    likes,
    likeItemId: likes.reviewId,
    comments,
    commentItemId: comments.reviewId,
  },
  post: {
    items: posts,
    images: postImages,
    imageItemId: postImages.postId,
    likes: postLikes,
    likeItemId: postLikes.postId,
    comments: postComments,
    commentItemId: postComments.postId,
  },
  deal: {
    items: deals,
    images: dealImages,
    imageItemId: dealImages.dealId,
    likes: dealLikes,
    likeItemId: dealLikes.dealId,
    comments: dealComments,
    commentItemId: dealComments.dealId,
  },
} as const satisfies Record<ItemKind, unknown>;
