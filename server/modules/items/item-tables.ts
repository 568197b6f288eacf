import type { ItemKind } from "#domain/item-kinds.ts";
import { postImages, posts } from "#server/db/schema/posts.ts";
import { reviewImages, reviews } from "#server/db/schema/reviews.ts";
import { comments, likes, postComments, postLikes } from "#server/db/schema/social.ts";

/**
 * Where each kind of item lives: its table, its photos, its likes and its comments, each with
 * the column that points back at the item. Reviews and posts have the same shape in all four,
 * so code that is the same for both takes a kind and looks its tables up here.
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
} as const satisfies Record<ItemKind, unknown>;
