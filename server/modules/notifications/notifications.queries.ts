import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import { notMutedSql, visibleAuthorSql } from "#server/modules/items/author-visibility.ts";
import { CREATED_AT_TEXT } from "#server/modules/items/cursor.ts";
import type { AuthorColumns } from "#server/modules/items/items.mapper.ts";

export interface NotificationRow extends AuthorColumns, Record<string, unknown> {
  id: string;
  type: "new_follower" | "new_comment" | "new_like";
  is_read: boolean;
  created_at_text: string;
  review_id: string | null;
  review_title: string | null;
  review_type: "dish" | "restaurant" | null;
  post_id: string | null;
  post_title: string | null;
}

/**
 * Notifications about hidden reviews or posts are left out: the item cannot be opened, and the
 * list would otherwise announce what moderation removed. (Deleted items take their
 * notifications with them by cascade.)
 */
const aboutVisibleItem = sql`not coalesce(r.is_hidden, false) and not coalesce(p.is_hidden, false)`;

/**
 * What `userId` is shown: notifications about visible items whose actor they may see and did
 * not mute (unmuting brings those back: nothing is deleted).
 */
function shownTo(userId: string): SQL {
  return sql`${aboutVisibleItem} and ${visibleAuthorSql(userId, sql`n.actor_id`)}
    and ${notMutedSql(userId, sql`n.actor_id`)}`;
}

/** The user's newest notifications with actor and item, newest first, in one statement. */
export function notificationsSql(userId: string, limit: number): SQL {
  return sql`
    select n.id, n.type, n.is_read,
           to_char(n.created_at at time zone 'UTC', ${sql.raw(CREATED_AT_TEXT)}) as created_at_text,
           a.id as user_id, a.username as author_username, a.full_name as author_full_name,
           a.slug as author_slug, a.avatar_url as author_avatar_url,
           r.id as review_id, r.title as review_title, r.review_type,
           p.id as post_id, p.title as post_title
      from notifications n
      join profiles a on a.id = n.actor_id
      left join reviews r on r.id = n.review_id
      left join posts p on p.id = n.post_id
     where n.user_id = ${userId} and ${shownTo(userId)}
     order by n.created_at desc, n.id desc
     limit ${limit}`;
}

export async function selectNotifications(
  db: Executor,
  userId: string,
  limit: number,
): Promise<NotificationRow[]> {
  return (await db.execute<NotificationRow>(notificationsSql(userId, limit))).rows;
}

/** How many of the user's notifications are unread, counting only those the list shows. */
export function unreadCountSql(userId: string): SQL {
  return sql`
    select count(*)::int as count
      from notifications n
      left join reviews r on r.id = n.review_id
      left join posts p on p.id = n.post_id
     where n.user_id = ${userId} and not n.is_read and ${shownTo(userId)}`;
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const result = await db.execute<{ count: number }>(unreadCountSql(userId));
  return Number(result.rows[0]?.count ?? 0);
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markRead(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Executor, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), sql`not ${notifications.isRead}`));
}
