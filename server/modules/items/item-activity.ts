import { sql } from "drizzle-orm";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { NotificationType } from "#domain/notifications.ts";
import type { Executor } from "#server/db/client.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import { notificationTarget } from "#server/modules/shared/notification-target.ts";
import { wantsNotificationSql } from "#server/modules/shared/wants-notification.ts";

// Activity on an item (a like, a comment) becomes a notification for its author. Reading,
// marking read and live delivery belong to the notifications module; this is only the write,
// which likes and comments make inside their own transaction (docs/decisions/0008).

export interface ItemActivity {
  type: Extract<NotificationType, "new_like" | "new_comment">;
  /** Who liked or commented. */
  actorId: string;
  /** The item's author: the recipient. */
  recipientId: string;
  kind: ItemKind;
  itemId: string;
  /** A comment's notification shows it (and goes with it). */
  commentId?: string;
}

/**
 * Records a like or comment on someone's item for its author, inside the caller's
 * transaction: the notification exists exactly when the like or comment committed. Nothing for
 * activity on your own items.
 *
 * A like is skipped while an identical unread like notification exists. Unlike does not delete
 * it instead, because deleting would make a notification vanish under the reader and a
 * like/unlike/like burst would still notify twice around a read; skipping gives at most one
 * unread "X liked your review" per person and item, and a like after the author has read it is
 * news again. Comments always notify: each one is new content. The like row's primary key
 * serialises a user's concurrent likes of one item, so the check cannot race with itself.
 *
 * Nothing either when the author switched off comments & likes (notification_settings): the
 * setting is read in the insert itself, so a change applies to every write that starts after it.
 *
 * Returns the inserted notification's id, or undefined when none was written.
 */
export async function notifyItemActivity(
  db: Executor,
  activity: ItemActivity,
): Promise<string | undefined> {
  if (activity.actorId === activity.recipientId) return undefined;
  const target = notificationTarget(activity.kind, activity.itemId, activity.commentId ?? null);
  // A like notification names no comment, so matching every column finds the same like's.
  const onlyIfNew =
    activity.type === "new_like"
      ? sql`and not exists (
          select 1 from notifications n
           where n.user_id = ${activity.recipientId} and not n.is_read
             and n.type = 'new_like' and n.actor_id = ${activity.actorId}
             and ${target.matches("n")})`
      : sql``;
  const result = await db.execute<{ id: string }>(sql`
    insert into notifications (type, user_id, actor_id, ${target.columns})
    select ${activity.type}, ${activity.recipientId}, ${activity.actorId}, ${target.values}
     where ${wantsNotificationSql(activity.recipientId, activity.type)}
    ${onlyIfNew}
    returning id`);
  return result.rows[0]?.id;
}

export interface CommentActivity {
  /** A reply to the recipient's comment, or a comment mentioning them. */
  type: Extract<NotificationType, "new_reply" | "new_mention">;
  /** Who replied or mentioned. */
  actorId: string;
  /** The author of the comment replied to, or the person mentioned. */
  recipientId: string;
  kind: ItemKind;
  itemId: string;
  /** The item's author, whose item the recipient must still be allowed to see. */
  itemAuthorId: string;
  /**
   * The reply or the mentioning comment, which the notification shows and dies with; none for
   * a mention in the item's own text.
   */
  commentId?: string;
}

/**
 * Records a reply for the author of the comment it answers ("replied to your comment"), or a
 * mention for the person named (in a comment or in the item's text), inside the writing
 * transaction, like notifyItemActivity (and
 * under the same comments & likes switch). Nothing for answering or naming yourself, and
 * nothing for someone who may not see the item (a private author's former follower) or who is
 * in a block with the writer. Returns the notification's id, or undefined when none was written.
 */
export async function notifyAboutComment(
  db: Executor,
  activity: CommentActivity,
): Promise<string | undefined> {
  if (activity.actorId === activity.recipientId) return undefined;
  const target = notificationTarget(activity.kind, activity.itemId, activity.commentId ?? null);
  const result = await db.execute<{ id: string }>(sql`
    insert into notifications (type, user_id, actor_id, ${target.columns})
    select ${activity.type}, ${activity.recipientId}, ${activity.actorId}, ${target.values}
     where ${wantsNotificationSql(activity.recipientId, activity.type)}
       and ${visibleAuthorSql(activity.recipientId, sql`${activity.itemAuthorId}::text`)}
       and ${visibleAuthorSql(activity.recipientId, sql`${activity.actorId}::text`, "person")}
    returning id`);
  return result.rows[0]?.id;
}
