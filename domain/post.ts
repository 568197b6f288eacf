import { z } from "zod";
import { ITEM_LIMITS } from "./items-rules.ts";
import { imagesEditInput, imagesInput } from "./photos.ts";
import { postMessages } from "./post-rules.ts";
import { restaurantInput } from "./restaurant.ts";
import { optionalText, requiredText } from "./text-input.ts";

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
