import { z } from "zod";
import { COMMENT_LIMITS, commentMessages } from "./comment-rules.ts";
import { idParam } from "./ids.ts";
import { itemKinds } from "./item-kinds.ts";
import { authorSchema, mentionSchema } from "./items.ts";
import { pageSchema } from "./paging.ts";
import { requiredText } from "./text-input.ts";

const commentContent = requiredText(COMMENT_LIMITS.contentMax, {
  required: commentMessages.contentRequired,
  tooLong: commentMessages.contentTooLong,
});

/**
 * A comment, or with `parentId` a reply to that comment. Threads are one level deep: a reply to
 * a reply joins the thread of its top-level comment and is addressed to the reply's author.
 */
export const createCommentInput = z.object({
  content: commentContent,
  parentId: idParam.optional(),
});

export type CreateCommentInput = z.infer<typeof createCommentInput>;

/** Whom a reply answers, when the viewer may see them. */
const replyToSchema = z.object({ userName: z.string(), userHandler: z.string() });

export const commentSchema = z.object({
  id: z.string(),
  /** The top-level comment a reply is under; null for a top-level comment. */
  parentId: z.string().nullable(),
  /** A reply's addressee (the author of the comment replied to); null otherwise. */
  replyTo: replyToSchema.nullable(),
  /** Whom its "@handle"s name, those the viewer may see (the rest stay plain text). */
  mentions: z.array(mentionSchema),
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

/** A top-level comment as lists show it: with its first replies and how many it has. */
const commentThreadSchema = commentSchema.extend({
  /** Its replies the viewer may see. */
  replyCount: z.number().int(),
  /** The oldest COMMENT_LIMITS.repliesShown of them, oldest first. */
  replies: z.array(commentSchema),
  /** Where GET …/replies continues after `replies`; null when they are all here. */
  repliesCursor: z.string().nullable(),
});

export type CommentThreadDto = z.infer<typeof commentThreadSchema>;

/** Top-level comments of one item, newest first, each with its thread. */
export const commentPageSchema = pageSchema(commentThreadSchema);

export type CommentPage = z.infer<typeof commentPageSchema>;

/** Replies of one top-level comment, oldest first (a conversation reads down). */
export const replyPageSchema = pageSchema(commentSchema);

export type ReplyPage = z.infer<typeof replyPageSchema>;
