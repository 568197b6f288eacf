import type { CommentDto, CommentPage, CreateCommentInput, ReplyPage } from "#domain/comment.ts";
import { COMMENT_LIMITS } from "#domain/comment-rules.ts";
import type { ItemKind } from "#domain/item-kinds.ts";
import { authorDisplayName, authorHandle } from "#domain/items-rules.ts";
import { mentionedHandles } from "#domain/mentions.ts";
import type { PageQuery } from "#domain/paging.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { notifyAboutComment, notifyItemActivity } from "#server/modules/items/item-activity.ts";
import { findMentionable, toMentionDto } from "#server/modules/items/item-mentions.ts";
import { authorFields } from "#server/modules/items/items.mapper.ts";
import { findItemToInteractWith, findVisibleItem } from "#server/modules/items/items.queries.ts";
import { itemNotFound } from "#server/modules/items/items.service.ts";
import {
  type Cursor,
  decodeCursor,
  encodeCursor,
  keysetPage,
  pageLimit,
} from "#server/modules/shared/keyset.ts";
import type { PushNotifier } from "#server/modules/shared/push.ts";
import type { EventBus } from "#server/realtime/event-bus.ts";
import {
  bumpCommentCount,
  type CommentRow,
  deleteCommentRow,
  findCommentToAnswer,
  findVisibleThread,
  insertComment,
  insertMentions,
  lockComment,
  type MentionRow,
  selectComments,
  selectMentions,
  selectReplies,
  updateCommentHidden,
} from "./comments.queries.ts";

export interface CommentContext {
  db: Database;
  /** null for visitors (reading only). */
  user: SessionUser | null;
}

const CURSOR_KIND = "comment";
const REPLY_CURSOR_KIND = "reply";
const commentNotFound = () => ApiError.notFound("Comment not found");

const positionOf = (row: CommentRow, kind: string): Cursor => ({
  createdAt: row.created_at_text,
  id: row.id,
  kind,
});

/** The mentions of a set of comments, by comment. */
type MentionsByComment = ReadonlyMap<string, readonly MentionRow[]>;

async function mentionsOf(
  db: Executor,
  kind: ItemKind,
  rows: readonly CommentRow[],
  viewerId: string | undefined,
): Promise<MentionsByComment> {
  const byComment = new Map<string, MentionRow[]>();
  const ids = rows.map((row) => row.id);
  for (const mention of await selectMentions(db, kind, ids, viewerId)) {
    byComment.set(mention.comment_id, [...(byComment.get(mention.comment_id) ?? []), mention]);
  }
  return byComment;
}

function toCommentDto(
  row: CommentRow,
  kind: ItemKind,
  viewerId: string | undefined,
  mentions: MentionsByComment,
): CommentDto {
  const replyTo =
    row.reply_to_username === null
      ? null
      : {
          username: row.reply_to_username,
          fullName: row.reply_to_full_name,
          slug: row.reply_to_slug,
        };
  return {
    id: row.id,
    itemType: kind,
    itemId: row.item_id,
    content: row.content,
    parentId: row.parent_id,
    replyTo: replyTo && {
      userName: authorDisplayName(replyTo),
      userHandler: authorHandle(replyTo),
    },
    mentions: (mentions.get(row.id) ?? []).map(toMentionDto),
    ...authorFields(row),
    isOwner: viewerId === row.user_id,
    createdAt: new Date(row.created_at_text).toISOString(),
  };
}

export async function listComments(
  ctx: CommentContext,
  kind: ItemKind,
  itemId: string,
  query: PageQuery,
): Promise<CommentPage> {
  const limit = pageLimit(query);
  const after = query.cursor ? decodeCursor(query.cursor, [CURSOR_KIND]) : undefined;
  if (!(await findVisibleItem(ctx.db, kind, itemId, ctx.user?.id))) throw itemNotFound(kind);
  const viewerId = ctx.user?.id;
  const rows = await selectComments(ctx.db, kind, itemId, limit + 1, after, viewerId);
  const page = keysetPage(rows, limit, (last) => positionOf(last, CURSOR_KIND));
  const replies = await selectReplies(
    ctx.db,
    kind,
    page.rows.filter((row) => row.reply_count > 0).map((row) => row.id),
    COMMENT_LIMITS.repliesShown,
    undefined,
    viewerId,
  );
  const mentions = await mentionsOf(ctx.db, kind, [...page.rows, ...replies], viewerId);
  return {
    items: page.rows.map((row) => {
      const thread = replies.filter((reply) => reply.parent_id === row.id);
      const last = thread.at(-1);
      return {
        ...toCommentDto(row, kind, viewerId, mentions),
        replyCount: row.reply_count,
        replies: thread.map((reply) => toCommentDto(reply, kind, viewerId, mentions)),
        repliesCursor:
          last && row.reply_count > thread.length
            ? encodeCursor(positionOf(last, REPLY_CURSOR_KIND))
            : null,
      };
    }),
    nextCursor: page.nextCursor,
  };
}

/** Replies of a top-level comment the caller is shown, oldest first, keyset paged. */
export async function listReplies(
  ctx: CommentContext,
  kind: ItemKind,
  commentId: string,
  query: PageQuery,
): Promise<ReplyPage> {
  const limit = pageLimit(query);
  const after = query.cursor ? decodeCursor(query.cursor, [REPLY_CURSOR_KIND]) : undefined;
  const viewerId = ctx.user?.id;
  const thread = await findVisibleThread(ctx.db, kind, commentId, viewerId);
  if (!thread || !(await findVisibleItem(ctx.db, kind, thread.item_id, viewerId))) {
    throw commentNotFound();
  }
  const rows = await selectReplies(ctx.db, kind, [commentId], limit + 1, after, viewerId);
  const page = keysetPage(rows, limit, (last) => positionOf(last, REPLY_CURSOR_KIND));
  const mentions = await mentionsOf(ctx.db, kind, page.rows, viewerId);
  return {
    items: page.rows.map((row) => toCommentDto(row, kind, viewerId, mentions)),
    nextCursor: page.nextCursor,
  };
}

/**
 * Adds a comment or a reply; the item's comment_count (a reply is a comment), its mentions and
 * the notifications in the same transaction: the item's author hears of the comment, the
 * author of the comment replied to of the reply (once, if they are the same person), and each
 * person it mentions who may see the item of the mention (the reply's addressee hears of the
 * reply only). Their open pages hear of it after commit.
 */
export async function addComment(
  ctx: CommentContext & { user: SessionUser; events: EventBus; push: PushNotifier },
  kind: ItemKind,
  itemId: string,
  input: CreateCommentInput,
): Promise<CommentDto> {
  const { row, notified } = await ctx.db.transaction(async (tx) => {
    const item = await findItemToInteractWith(tx, kind, itemId, ctx.user.id);
    if (!item) throw itemNotFound(kind);
    const answered = input.parentId
      ? await findCommentToAnswer(tx, kind, itemId, input.parentId, ctx.user.id)
      : undefined;
    if (input.parentId && !answered) throw commentNotFound();
    const inserted = await insertComment(tx, kind, {
      itemId,
      userId: ctx.user.id,
      content: input.content,
      // One level deep: a reply to a reply joins its thread.
      parentId: answered ? (answered.parent_id ?? answered.id) : null,
      replyToUserId: answered?.user_id ?? null,
    });
    if (!inserted) throw new Error("comment insert returned nothing");
    await bumpCommentCount(tx, kind, itemId, 1);
    const mentioned = await findMentionable(
      tx,
      mentionedHandles(input.content),
      ctx.user.id,
      item.userId,
    );
    await insertMentions(tx, kind, inserted.id, mentioned);
    const notified: { id: string; recipientId: string }[] = [];
    const about = (type: "new_reply" | "new_mention", recipientId: string) =>
      notifyAboutComment(tx, {
        type,
        actorId: ctx.user.id,
        recipientId,
        kind,
        itemId,
        itemAuthorId: item.userId,
        commentId: inserted.id,
      });
    if (answered) {
      const id = await about("new_reply", answered.user_id);
      if (id) notified.push({ id, recipientId: answered.user_id });
    }
    for (const person of mentioned) {
      if (person.id === answered?.user_id) continue;
      const id = await about("new_mention", person.id);
      if (id) notified.push({ id, recipientId: person.id });
    }
    if (answered?.user_id !== item.userId) {
      const id = await notifyItemActivity(tx, {
        type: "new_comment",
        actorId: ctx.user.id,
        recipientId: item.userId,
        kind,
        itemId,
        commentId: inserted.id,
      });
      if (id) notified.push({ id, recipientId: item.userId });
    }
    return { row: inserted, notified };
  });
  for (const { id, recipientId } of notified) {
    await ctx.events.publish(recipientId, { type: "notification" });
    ctx.push.notify(recipientId, id);
  }
  return toCommentDto(row, kind, ctx.user.id, await mentionsOf(ctx.db, kind, [row], ctx.user.id));
}

/**
 * Authors delete their own comments; a visible comment takes its count with it, and a
 * top-level comment its thread's visible replies too.
 */
export async function deleteComment(
  ctx: CommentContext & { user: SessionUser },
  kind: ItemKind,
  commentId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const comment = await lockComment(tx, kind, commentId);
    if (!comment) throw commentNotFound();
    if (comment.user_id !== ctx.user.id) {
      throw ApiError.forbidden("You can only delete your own comments");
    }
    await deleteCommentRow(tx, kind, commentId);
    // A hidden comment's thread was not counted, nor a reply under a hidden comment.
    const counted = !comment.is_hidden && !comment.parent_hidden;
    const removed = counted ? 1 + comment.visible_replies : 0;
    if (removed > 0) await bumpCommentCount(tx, kind, comment.item_id, -removed);
  });
}

/**
 * Hides or shows a comment (moderation). Counts exclude hidden comments and the threads of
 * hidden top-level comments (which are not listed), so the item's comment_count moves with it
 * and its visible replies, in the same transaction and only when the flag actually changed; a
 * reply under a hidden comment counts either way nothing. The row lock makes concurrent hides,
 * shows and deletes count once. Returns whether anything changed.
 */
export async function setCommentHidden(
  db: Database | Executor,
  kind: ItemKind,
  commentId: string,
  hidden: boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const comment = await lockComment(tx, kind, commentId);
    if (!comment) throw commentNotFound();
    if (comment.is_hidden === hidden) return false;
    await updateCommentHidden(tx, kind, commentId, hidden);
    if (!comment.parent_hidden) {
      const thread = 1 + comment.visible_replies;
      await bumpCommentCount(tx, kind, comment.item_id, hidden ? -thread : thread);
    }
    return true;
  });
}
