import type { CommentDto, CommentPage, CreateCommentInput } from "#domain/comment.ts";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { PageQuery } from "#domain/paging.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { notifyItemActivity } from "#server/modules/items/item-activity.ts";
import { authorFields } from "#server/modules/items/items.mapper.ts";
import { findItemToInteractWith, findVisibleItem } from "#server/modules/items/items.queries.ts";
import { itemNotFound } from "#server/modules/items/items.service.ts";
import { decodeCursor, keysetPage, pageLimit } from "#server/modules/shared/keyset.ts";
import type { PushNotifier } from "#server/modules/shared/push.ts";
import type { EventBus } from "#server/realtime/event-bus.ts";
import {
  bumpCommentCount,
  type CommentRow,
  deleteCommentRow,
  insertComment,
  lockComment,
  selectComments,
  updateCommentHidden,
} from "./comments.queries.ts";

export interface CommentContext {
  db: Database;
  /** null for visitors (reading only). */
  user: SessionUser | null;
}

const CURSOR_KIND = "comment";
const commentNotFound = () => ApiError.notFound("Comment not found");

function toCommentDto(row: CommentRow, kind: ItemKind, viewerId: string | undefined): CommentDto {
  return {
    id: row.id,
    itemType: kind,
    itemId: row.item_id,
    content: row.content,
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
  const rows = await selectComments(ctx.db, kind, itemId, limit + 1, after, ctx.user?.id);
  const page = keysetPage(rows, limit, (last) => ({
    createdAt: last.created_at_text,
    id: last.id,
    kind: CURSOR_KIND,
  }));
  return {
    items: page.rows.map((row) => toCommentDto(row, kind, ctx.user?.id)),
    nextCursor: page.nextCursor,
  };
}

/**
 * Adds a comment; the item's comment_count and the author's notification in the same
 * transaction. The author's open pages hear of the notification after commit.
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
    const inserted = await insertComment(tx, kind, {
      itemId,
      userId: ctx.user.id,
      content: input.content,
    });
    if (!inserted) throw new Error("comment insert returned nothing");
    await bumpCommentCount(tx, kind, itemId, 1);
    const notificationId = await notifyItemActivity(tx, {
      type: "new_comment",
      actorId: ctx.user.id,
      recipientId: item.userId,
      kind,
      itemId,
    });
    return {
      row: inserted,
      notified: notificationId && { id: notificationId, recipientId: item.userId },
    };
  });
  if (notified) {
    await ctx.events.publish(notified.recipientId, { type: "notification" });
    ctx.push.notify(notified.recipientId, notified.id);
  }
  return toCommentDto(row, kind, ctx.user.id);
}

/** Authors delete their own comments; a visible comment takes its count with it. */
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
    if (!comment.is_hidden) await bumpCommentCount(tx, kind, comment.item_id, -1);
  });
}

/**
 * Hides or shows a comment (moderation). Counts exclude hidden comments, so the
 * item's comment_count moves with it, in the same transaction and only when the flag actually
 * changed; the row lock makes concurrent hides, shows and deletes count once. Returns whether
 * anything changed.
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
    await bumpCommentCount(tx, kind, comment.item_id, hidden ? -1 : 1);
    return true;
  });
}
