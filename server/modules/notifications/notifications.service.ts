import { isUuid } from "#domain/ids.ts";
import {
  NOTIFICATIONS_FETCHED,
  type NotificationDto,
  type NotificationList,
  notificationMessages,
} from "#domain/notifications.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { authorFields } from "#server/modules/items/items.mapper.ts";
import {
  countUnread,
  markAllRead,
  markRead,
  type NotificationRow,
  selectNotifications,
} from "./notifications.queries.ts";

// Reading and marking the caller's own notifications. Every statement filters by the caller's
// id, so another user's notification is never listed, counted or changed.

export interface NotificationContext {
  db: Database;
  user: SessionUser;
}

function toNotificationDto(row: NotificationRow): NotificationDto {
  const item = row.review_id
    ? {
        kind: "review" as const,
        id: row.review_id,
        title: row.review_title ?? "",
        reviewType: row.review_type,
      }
    : row.post_id
      ? { kind: "post" as const, id: row.post_id, title: row.post_title ?? "", reviewType: null }
      : null;
  return {
    id: row.id,
    type: row.type,
    actor: authorFields(row).author,
    item,
    isRead: row.is_read,
    createdAt: new Date(row.created_at_text).toISOString(),
  };
}

export async function listNotifications(ctx: NotificationContext): Promise<NotificationList> {
  const rows = await selectNotifications(ctx.db, ctx.user.id, NOTIFICATIONS_FETCHED);
  return {
    items: rows.map(toNotificationDto),
    unreadCount: await countUnread(ctx.db, ctx.user.id),
  };
}

export async function unreadNotificationCount(ctx: NotificationContext): Promise<number> {
  return countUnread(ctx.db, ctx.user.id);
}

/** Marks one of the caller's notifications read (again is fine); anyone else's is a 404. */
export async function readNotification(ctx: NotificationContext, id: string): Promise<void> {
  // Anything but a UUID cannot be a notification: the same 404, without asking the database.
  if (!isUuid(id) || !(await markRead(ctx.db, ctx.user.id, id))) {
    throw ApiError.notFound(notificationMessages.notFound);
  }
}

export async function readAllNotifications(ctx: NotificationContext): Promise<void> {
  await markAllRead(ctx.db, ctx.user.id);
}
