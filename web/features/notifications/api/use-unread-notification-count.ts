/**
 * Unread notifications for the navigation badge. No notifications exist until the
 * notifications work adds GET /api/notifications/unread-count and its live updates here.
 */
export function useUnreadNotificationCount(): number {
  return 0;
}
