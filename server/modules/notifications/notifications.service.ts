import {
  NOTIFICATIONS_FETCHED,
  type NotificationGroupDto,
  type NotificationList,
  type NotificationPeoplePage,
  parseNotificationGroupKey,
} from "#domain/notifications.ts";
import { notificationMessages } from "#domain/notifications-rules.ts";
import type { PageQuery } from "#domain/paging.ts";
import { imageUrls } from "#domain/photos.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { authorFields } from "#server/modules/items/items.mapper.ts";
import { decodePersonCursor, keysetPage, pageLimit } from "#server/modules/shared/keyset.ts";
import {
  countUnread,
  markAllRead,
  markGroupRead,
  type NotificationGroupRow,
  selectGroupPeople,
  selectNotificationGroups,
} from "./notifications.queries.ts";

// Reading and marking the caller's own notifications, in groups. Every statement filters by the
// caller's id, so another user's notification is never listed, counted or changed.

export interface NotificationContext {
  db: Database;
  user: SessionUser;
}

/** The kind of a people page's cursor. */
const PEOPLE_CURSOR = "people";

function toItem(row: NotificationGroupRow): NotificationGroupDto["item"] {
  if (row.review_id) {
    return {
      kind: "review",
      id: row.review_id,
      title: row.review_title ?? "",
      reviewType: row.review_type,
      restaurantName: null,
    };
  }
  if (row.post_id) {
    const title = row.post_title ?? "";
    return { kind: "post", id: row.post_id, title, reviewType: null, restaurantName: null };
  }
  if (row.deal_id) {
    return {
      kind: "deal",
      id: row.deal_id,
      title: row.deal_title ?? "",
      reviewType: null,
      restaurantName: row.deal_restaurant_name,
    };
  }
  return null;
}

/** Folds the statement's rows (one per shown person, in order) into groups. */
function toGroups(rows: NotificationGroupRow[]): NotificationGroupDto[] {
  const groups = new Map<string, NotificationGroupDto>();
  for (const row of rows) {
    const actor = authorFields(row).author;
    const known = groups.get(row.group_key);
    if (known) {
      known.actors.push(actor);
      continue;
    }
    // A moderator's notice and a deal reported gone name no one (domain/notifications.ts).
    const byModerator = row.type === "content_hidden";
    const namesNoOne = byModerator || row.type === "deal_gone";
    groups.set(row.group_key, {
      key: row.group_key,
      type: row.type,
      item: toItem(row),
      hidden: byModerator ? (row.about_comment ? "comment" : "item") : null,
      mentionIn: row.type === "new_mention" ? (row.mention_in_text ? "text" : "comment") : null,
      actors: namesNoOne ? [] : [actor],
      actorCount: namesNoOne ? 0 : Number(row.actor_count),
      isRead: row.is_read,
      latestAt: new Date(row.latest_at_text).toISOString(),
      text: row.comment_text,
      followBack: row.follow_back,
      thumbnailUrl: row.image_url === null ? null : imageUrls(row.image_url).url480,
    });
  }
  return [...groups.values()];
}

export async function listNotifications(ctx: NotificationContext): Promise<NotificationList> {
  const rows = await selectNotificationGroups(ctx.db, ctx.user.id, NOTIFICATIONS_FETCHED);
  return { items: toGroups(rows), unreadCount: await countUnread(ctx.db, ctx.user.id, false) };
}

export async function unreadNotificationCount(ctx: NotificationContext): Promise<number> {
  return countUnread(ctx.db, ctx.user.id, true);
}

function groupOf(key: string) {
  const group = parseNotificationGroupKey(key);
  // The route's schema refused anything else already; this keeps the service safe on its own.
  if (!group) throw ApiError.badRequest(notificationMessages.invalidGroup);
  return group;
}

/**
 * Marks every notification of one of the caller's groups read (again is fine). A group the
 * caller has no notification in, someone else's included, is a 404.
 */
export async function readNotificationGroup(ctx: NotificationContext, key: string): Promise<void> {
  if ((await markGroupRead(ctx.db, ctx.user.id, groupOf(key))) === 0) {
    throw ApiError.notFound(notificationMessages.notFound);
  }
}

/**
 * The people of one of the caller's groups (its key checked by the route), newest first, keyset
 * paged, with whether the caller follows each. Someone else's key lists nothing: only the
 * caller's rows are read.
 */
export async function listGroupPeople(
  ctx: NotificationContext,
  key: string,
  query: PageQuery,
): Promise<NotificationPeoplePage> {
  const limit = pageLimit(query);
  const after = query.cursor ? decodePersonCursor(query.cursor, [PEOPLE_CURSOR]) : undefined;
  const rows = await selectGroupPeople(ctx.db, {
    userId: ctx.user.id,
    key,
    after,
    limit: limit + 1,
  });
  const page = keysetPage(rows, limit, (last) => ({
    createdAt: last.at_text,
    id: last.user_id,
    kind: PEOPLE_CURSOR,
  }));
  return {
    items: page.rows.map((row) => ({
      ...authorFields(row).author,
      followedByMe: row.followed_by_viewer === true,
      at: new Date(row.at_text).toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

export async function readAllNotifications(ctx: NotificationContext): Promise<void> {
  await markAllRead(ctx.db, ctx.user.id);
}
