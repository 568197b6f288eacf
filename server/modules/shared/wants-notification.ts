import { type SQL, sql } from "drizzle-orm";
import { type SocialNotificationType, socialNotificationTypes } from "#domain/notifications.ts";
import { notificationSettings } from "#server/db/schema/notification-settings.ts";

/**
 * True unless the recipient switched off the kind of notification `type` is: read inside every
 * statement that writes a notification (likes and comments in the items kernel, follows in the
 * notifications module), so a switched-off kind is never written. No settings row means the
 * defaults (on). The settings themselves are the notification-settings module's.
 */
export function wantsNotificationSql(recipientId: string, type: SocialNotificationType): SQL {
  const setting =
    type === "new_follower"
      ? notificationSettings.newFollowers
      : notificationSettings.commentsAndLikes;
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
