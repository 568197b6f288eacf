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
 * `('new_follower', …)`: the types of what people do, for `n.type in …` in the reads that
 * leave moderators' notices and follow requests out (push, the digest).
 */
export const socialTypesSql: SQL = sql`(${sql.join(
  socialNotificationTypes.map((type) => sql`${type}`),
  sql`, `,
)})`;
