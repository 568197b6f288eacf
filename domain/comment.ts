import { z } from "zod";

/**
 * Spec 5: a comment is non-empty after trimming and is sent trimmed. The spec sets no upper
 * bound; 1000 characters keeps comments conversational and bounds what one request stores.
 */
export const COMMENT_LIMITS = {
  contentMax: 1000,
  /** Collapsed comment list shows this many (spec 9). */
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

export const likeMessages = {
  signInRequired: "Please sign in to like posts",
  updateFailed: "Failed to update like",
} as const;

export const commentContent = z
  .string({ error: commentMessages.contentRequired })
  .trim()
  .min(1, commentMessages.contentRequired)
  .max(COMMENT_LIMITS.contentMax, commentMessages.contentTooLong);

export const createCommentInput = z.object({ content: commentContent });
export type CreateCommentInput = z.infer<typeof createCommentInput>;

/** "View all {count} comments" (spec 2). */
export function viewAllCommentsLabel(count: number): string {
  return `View all ${count} comments`;
}
