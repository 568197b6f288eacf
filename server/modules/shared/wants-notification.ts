import { type SQL, sql } from "drizzle-orm";
import { type SocialNotificationType, socialNotificationTypes } from "#domain/notifications.ts";
import { notificationSettings } from "#server/db/schema/notification-settings.ts";

/** The switch in notification_settings that governs each kind. */
const switchOf = {
  new_follower: notificationSettings.newFollowers,
  new_like: notificationSettings.commentsAndLikes,
  new_comment: notificationSettings.commentsAndLikes,
  new_reply: notificationSettings.commentsAndLikes,
  new_mention: notificationSettings.commentsAndLikes,
  new_deal: notificationSettings.dealsAtFollowed,
} satisfies Record<SocialNotificationType, unknown>;

/**
 * True unless the recipient switched off the kind of notification `type` is: read inside every
 * statement that writes a notification (likes and comments in the items kernel, follows in the
 * notifications module, a new deal's followers in the restaurants module), so a switched-off
 * kind is never written. No settings row means the
 * defaults (on). The settings themselves are the notification-settings module's.
 */
export function wantsNotificationSql(
  /** The recipient's id, or a column of recipients (a deal's followers). */
  recipientId: string | SQL,
  type: SocialNotificationType,
): SQL {
  const setting = switchOf[type];
  return sql`coalesce((select ${setting} from ${notificationSettings}
                        where ${notificationSettings.userId} = ${recipientId}), true)`;
}

/**
 * Whether notification `n` leaves the app for `recipientId` (push, the weekly email): what
 * people do (a switched-off kind was never written), and a follow request while the New
 * Followers switch is on (its notice is always written, so the switch is read here). Moderators'
 * notices stay in the app.
 */
export function deliveredSql(recipientId: string): SQL {
  const social = sql.join(
    socialNotificationTypes.map((type) => sql`${type}`),
    sql`, `,
  );
  return sql`(n.type in (${social}) or (n.type = 'follow_request'
    and ${wantsNotificationSql(recipientId, "new_follower")}))`;
}
