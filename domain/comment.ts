import { z } from "zod";
import { itemKinds } from "./item-kinds.ts";
import { authorSchema } from "./items.ts";
import { pageSchema } from "./paging.ts";
import { requiredText } from "./text-input.ts";

/**
 * A comment is non-empty after trimming and is sent trimmed. 1000 characters keeps comments
 * conversational and bounds what one request stores.
 */
export const COMMENT_LIMITS = {
  contentMax: 1000,
  /** The collapsed comment list shows this many. */
  collapsed: 2,
} as const;

export const commentMessages = {
  contentRequired: "Comment cannot be empty",
  contentTooLong: `Comment must be less than ${COMMENT_LIMITS.contentMax} characters`,
  signInRequired: "Please sign in to comment",
  added: "Comment added!",
  addFailed: "Failed to add comment",
  empty: "No comments yet. Be the first to comment!",
} as const;

const commentContent = requiredText(COMMENT_LIMITS.contentMax, {
  required: commentMessages.contentRequired,
  tooLong: commentMessages.contentTooLong,
});

export const createCommentInput = z.object({ content: commentContent });
export type CreateCommentInput = z.infer<typeof createCommentInput>;

export const commentSchema = z.object({
  id: z.string(),
  itemType: z.enum(itemKinds),
  itemId: z.string(),
  content: z.string(),
  author: authorSchema,
  /** The author's display name and profile handle, as on items. */
  userName: z.string(),
  userHandler: z.string(),
  /** The signed-in caller wrote it (may delete it). */
  isOwner: z.boolean(),
  createdAt: z.string(),
});
export type CommentDto = z.infer<typeof commentSchema>;

/** Comments of one item, newest first. */
export const commentPageSchema = pageSchema(commentSchema);
export type CommentPage = z.infer<typeof commentPageSchema>;

/** "View all {count} comments". */
export function viewAllCommentsLabel(count: number): string {
  return `View all ${count} comments`;
}
