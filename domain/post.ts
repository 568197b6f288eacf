import { z } from "zod";
import { ITEM_LIMITS } from "./items-rules.ts";
import { imagesEditInput, imagesInput } from "./photos.ts";
import { restaurantInput } from "./restaurant.ts";
import { optionalText, requiredText } from "./text-input.ts";

export const postMessages = {
  titleRequired: "Title is required",
  titleTooLong: "Title must be less than 200 characters",
  contentTooLong: "Content must be less than 2000 characters",
  // Toasts.
  created: "Post created successfully!",
  createFailed: "Failed to create post",
  // Posts can be edited and deleted too; worded like the review's messages.
  updated: "Post updated successfully!",
  saveFailed: "Failed to save post",
  deleteTitle: "Delete Post",
  deleteConfirm: "Are you sure you want to delete this post? This action cannot be undone.",
  deleted: "Post deleted successfully!",
  deleteFailed: "Failed to delete post",
  signInToPost: "Please sign in to create a post",
} as const;

const postTitle = requiredText(ITEM_LIMITS.titleMax, {
  required: postMessages.titleRequired,
  tooLong: postMessages.titleTooLong,
});
const postContent = optionalText(ITEM_LIMITS.bodyMax, postMessages.contentTooLong);

/** POST /api/posts. */
export const postInput = z.object({
  title: postTitle,
  content: postContent,
  restaurant: restaurantInput.nullish().transform((value) => value ?? null),
  images: imagesInput.default([]),
});
export type PostInput = z.input<typeof postInput>;
export type PostValues = z.output<typeof postInput>;

/** PATCH /api/posts/:id; `images`, when given, is the complete new list in order. */
export const postUpdateInput = z.object({
  title: postTitle.optional(),
  content: postContent.optional(),
  images: imagesEditInput.optional(),
});
export type PostUpdateInput = z.input<typeof postUpdateInput>;
export type PostUpdateValues = z.output<typeof postUpdateInput>;
