import { Text, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router";
import { authorDisplayName, authorHandle } from "#domain/items.ts";
import type { NotificationDto } from "#domain/notifications.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { formatRelativeTime, isoDateTime } from "#web/lib/format-date.ts";
import classes from "./notifications-page.module.css";

/** Where a notification leads: the liked or commented item, or the new follower's profile. */
function notificationTarget(notification: NotificationDto): string | null {
  const { item } = notification;
  if (item)
    return screenPaths.view(item.kind === "post" ? "post" : (item.reviewType ?? "dish"), item.id);
  const handle = authorHandle(notification.actor);
  return handle ? screenPaths.user(handle) : null;
}

/** "started following you", "liked your Hand-pulled Noodles", "commented on your …". */
function NotificationText({ notification }: { notification: NotificationDto }) {
  if (notification.type === "new_follower" || !notification.item) return <>started following you</>;
  const verb = notification.type === "new_like" ? "liked" : "commented on";
  return (
    <>
      {verb} your <strong>{notification.item.title}</strong>
    </>
  );
}

/**
 * One notification: the actor's avatar and name, what they did, when, and a dot while unread.
 * The whole row is one link, so it opens by keyboard like any other.
 */
export function NotificationRow({
  notification,
  onOpen,
}: {
  notification: NotificationDto;
  onOpen: () => void;
}) {
  const target = notificationTarget(notification) ?? screenPaths.notifications;
  const unread = !notification.isRead;
  return (
    <Link to={target} onClick={onOpen} className={classes.row} data-unread={unread || undefined}>
      <UserAvatar
        avatarUrl={notification.actor.avatarUrl}
        username={notification.actor.username}
        size={44}
      />
      <div className={classes.body}>
        <Text size="sm" className={classes.text}>
          <span className={classes.actor}>{authorDisplayName(notification.actor)}</span>{" "}
          <NotificationText notification={notification} />
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={isoDateTime(notification.createdAt)}>
          {formatRelativeTime(notification.createdAt)}
        </Text>
      </div>
      {unread && (
        <>
          <span className={classes.dot} aria-hidden />
          <VisuallyHidden>Unread</VisuallyHidden>
        </>
      )}
    </Link>
  );
}
