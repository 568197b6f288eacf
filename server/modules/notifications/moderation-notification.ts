import { sql } from "drizzle-orm";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { Executor } from "#server/db/client.ts";
import { notificationTarget } from "#server/modules/shared/notification-target.ts";

/** What a moderator hid: an item, or a comment on one. */
export interface HiddenContent {
  /** The author of what was hidden: the recipient. */
  authorId: string;
  moderatorId: string;
  /** The item hidden, or the item the hidden comment is on: what the notification opens. */
  kind: ItemKind;
  itemId: string;
  /** The hidden comment (on `itemId`), when a comment was hidden. */
  commentId?: string;
}

/** The notification columns naming `content`: its item and, for a comment, the comment. */
function subjectColumns(content: HiddenContent) {
  return notificationTarget(content.kind, content.itemId, content.commentId ?? null);
}

/**
 * Tells the author that a moderator hid their review, post or comment, inside the hide's
 * transaction (docs/decisions/0017): the notice exists exactly when the hide committed. The
 * notification switches do not apply: they are about what people do, and this is about what
 * became of the author's own content. Nothing when a moderator hides their own content.
 *
 * Returns the inserted notification's id, or undefined when none was written.
 */
export async function notifyContentHidden(
  db: Executor,
  content: HiddenContent,
): Promise<string | undefined> {
  if (content.authorId === content.moderatorId) return undefined;
  const subject = subjectColumns(content);
  const result = await db.execute<{ id: string }>(sql`
    insert into notifications (type, user_id, actor_id, ${subject.columns})
    values ('content_hidden', ${content.authorId}, ${content.moderatorId}, ${subject.values})
    returning id`);
  return result.rows[0]?.id;
}

/**
 * Unhiding takes the notices about that content back, in the unhide's transaction: once it is
 * visible again, "a moderator hid your post" is no longer true. True when one was taken back.
 */
export async function withdrawContentHidden(
  db: Executor,
  content: HiddenContent,
): Promise<boolean> {
  const subject = subjectColumns(content);
  const result = await db.execute<{ id: string }>(sql`
    delete from notifications
     where user_id = ${content.authorId} and type = 'content_hidden'
       and ${subject.matches("notifications")}
    returning id`);
  return result.rows.length > 0;
}
