import { z } from "zod";
import { authorSchema, reviewTypes } from "./items.ts";

export const notificationTypes = ["new_follower", "new_comment", "new_like"] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** The notifications screen fetches this many, newest first. */
export const NOTIFICATIONS_FETCHED = 50;

export const notificationMessages = {
  markAllRead: "Mark all as read",
  empty: "No notifications yet",
  emptyHint: "When someone follows you, comments, or likes your reviews, you'll see it here",
  noUnread: "No unread notifications",
  notFound: "Notification not found",
} as const;

/** The review or post a like or comment notification is about. */
export const notificationItemSchema = z.object({
  kind: z.enum(["review", "post"]),
  id: z.string(),
  title: z.string(),
  /** dish or restaurant for reviews; null for posts. */
  reviewType: z.enum(reviewTypes).nullable(),
});
export type NotificationItemDto = z.infer<typeof notificationItemSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  actor: authorSchema,
  /** null for new_follower (it opens the actor's profile). */
  item: notificationItemSchema.nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the newest NOTIFICATIONS_FETCHED, and how many are unread in all. */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** GET /api/notifications/unread-count: the navigation badge. */
export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
