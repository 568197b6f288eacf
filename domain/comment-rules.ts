// No zod here: screens read these without loading the schemas (issue 26).

/**
 * A comment is non-empty after trimming and is sent trimmed. 1000 characters keeps comments
 * conversational and bounds what one request stores.
 */
export const COMMENT_LIMITS = {
  contentMax: 1000,
  /** The collapsed comment list shows this many top-level comments (each with its replies). */
  collapsed: 2,
  /** A top-level comment arrives with its oldest this-many replies; the rest load on demand. */
  repliesShown: 3,
} as const;

export const commentMessages = {
  contentRequired: "Comment cannot be empty",
  contentTooLong: `Comment must be less than ${COMMENT_LIMITS.contentMax} characters`,
  signInRequired: "Please sign in to comment",
  added: "Comment added!",
  addFailed: "Failed to add comment",
  empty: "No comments yet. Be the first to comment!",
  reply: "Reply",
  /** The reply box's placeholder, naming whom it answers. */
  replyPlaceholder: (name: string) => `Reply to ${name}...`,
  cancelReply: "Cancel reply",
  sendReply: "Send reply",
  /** Under a top-level comment whose replies are not all shown. */
  moreReplies: (count: number) => `View ${count} more ${count === 1 ? "reply" : "replies"}`,
} as const;

/** "View all {count} comments". */
export function viewAllCommentsLabel(count: number): string {
  return `View all ${count} comments`;
}
