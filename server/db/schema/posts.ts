import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
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

export const posts = pgTable(
  "posts",
  {
    id: uuidPrimaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // A post may mention a restaurant; the post survives the restaurant's removal.
    restaurantId: uuid("restaurant_id").references(() => restaurants.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    content: text("content"),
    isHidden: isHidden(),
    likeCount: counter("like_count"),
    commentCount: counter("comment_count"),
    searchVector: searchVector("title", "content"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("posts_like_count_non_negative", sql`${t.likeCount} >= 0`),
    check("posts_comment_count_non_negative", sql`${t.commentCount} >= 0`),
    // The feed's walk; it ends with the author, as reviews_feed_idx does.
    index("posts_feed_idx")
      .on(...newestFirst(t), t.userId)
      .where(sql`not ${t.isHidden}`),
    index("posts_user_created_idx").on(t.userId, ...newestFirst(t)),
    // A profile's posts tab and its count: one person's visible posts, keyset on (created_at, id).
    index("posts_profile_idx")
      .on(t.userId, ...newestFirst(t))
      .where(sql`not ${t.isHidden}`),
    index("posts_restaurant_created_idx").on(t.restaurantId, ...newestFirst(t)),
    // A restaurant page's posts tab and its count, keyset on (created_at, id).
    index("posts_restaurant_tab_idx")
      .on(t.restaurantId, ...newestFirst(t))
      .where(sql`not ${t.isHidden}`),
    index("posts_search_vector_idx").using("gin", t.searchVector),
    index("posts_title_trgm_idx").using("gin", sql`${unaccented(t.title)} gin_trgm_ops`),
  ],
);

export const postImages = pgTable(
  "post_images",
  {
    id: uuidPrimaryKey(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    ...imageColumns(),
  },
  (t) => [
    ...imageChecks("post_images", t),
    index("post_images_post_order_idx").on(t.postId, t.displayOrder),
    // Which item a requested photo belongs to, so the media route can ask who may see it.
    index("post_images_image_url_idx").on(t.imageUrl),
  ],
);

export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type NewPostImage = typeof postImages.$inferInsert;
