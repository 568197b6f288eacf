import type {
  NotificationSettings,
  UpdateNotificationSettings,
} from "#domain/notification-settings.ts";
import { notificationSettingsMessages } from "#domain/notification-settings-rules.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import {
  hasConfirmedRealEmail,
  selectSettings,
  upsertSettings,
} from "./notification-settings.queries.ts";

export interface NotificationSettingsContext {
  db: Database;
  user: SessionUser;
}

export async function getNotificationSettings(
  ctx: NotificationSettingsContext,
): Promise<NotificationSettings> {
  return selectSettings(ctx.db, ctx.user.id);
}

/**
 * Changes the fields sent. The weekly email needs a confirmed address (a phone account has
 * none): asking for it without one is a 400 and changes nothing.
 */
export async function updateNotificationSettings(
  ctx: NotificationSettingsContext,
  changes: UpdateNotificationSettings,
): Promise<NotificationSettings> {
  await ctx.db.transaction(async (tx) => {
    if (changes.emailDigest === "weekly" && !(await hasConfirmedRealEmail(tx, ctx.user.id))) {
      throw ApiError.badRequest(notificationSettingsMessages.emailWeeklyRequiresEmail);
    }
    await upsertSettings(tx, ctx.user.id, changes);
  });
  return selectSettings(ctx.db, ctx.user.id);
}
