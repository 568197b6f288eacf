import { eq, sql } from "drizzle-orm";
import { PHONE_PLACEHOLDER_EMAIL_DOMAIN } from "#domain/auth.ts";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { UpdateNotificationSettings } from "#domain/notification-settings.ts";
import type { DeliveredNotificationType } from "#domain/notifications.ts";
import type { Executor } from "#server/db/client.ts";
import { notificationSettings } from "#server/db/schema/notification-settings.ts";
import { notificationShownToSql } from "#server/modules/notifications/notifications.queries.ts";
import {
  notificationItemColumns,
  notificationItemJoins,
} from "#server/modules/shared/notification-target.ts";
import { deliveredSql } from "#server/modules/shared/wants-notification.ts";

/** A confirmed address that is not a phone account's placeholder: where a digest may go. */
const confirmedRealEmail = sql`u.email_verified
  and lower(u.email) not like ${`%@${PHONE_PLACEHOLDER_EMAIL_DOMAIN}`}`;

export interface SettingsRow {
  newFollowers: boolean;
  commentsAndLikes: boolean;
  dealsAtFollowed: boolean;
  emailDigest: "weekly" | "off";
  emailDigestAvailable: boolean;
}

/** The person's settings, defaults filled in, and whether they can have the email digest. */
export async function selectSettings(db: Executor, userId: string): Promise<SettingsRow> {
  const result = await db.execute<{
    new_followers: boolean | null;
    comments_and_likes: boolean | null;
    deals_at_followed: boolean | null;
    email_digest: "weekly" | "off" | null;
    email_available: boolean;
  }>(sql`
    select s.new_followers, s.comments_and_likes, s.deals_at_followed, s.email_digest,
           coalesce(${confirmedRealEmail}, false) as email_available
      from "user" u
      left join notification_settings s on s.user_id = u.id
     where u.id = ${userId}`);
  const row = result.rows[0];
  return {
    newFollowers: row?.new_followers ?? true,
    commentsAndLikes: row?.comments_and_likes ?? true,
    dealsAtFollowed: row?.deals_at_followed ?? true,
    emailDigest: row?.email_digest ?? "off",
    emailDigestAvailable: row?.email_available === true,
  };
}

/** Writes the fields given (a first write creates the row with the defaults for the rest). */
export async function upsertSettings(
  db: Executor,
  userId: string,
  changes: UpdateNotificationSettings,
): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { ...changes, updatedAt: sql`now()` },
    });
}

/** Whether the person's email is confirmed; locks their user row against a concurrent change. */
export async function hasConfirmedRealEmail(db: Executor, userId: string): Promise<boolean> {
  const result = await db.execute<{ ok: boolean }>(sql`
    select ${confirmedRealEmail} as ok from "user" u where u.id = ${userId} for share`);
  return result.rows[0]?.ok === true;
}

export interface ClaimedDigest extends Record<string, unknown> {
  user_id: string;
  email: string;
  /** last_digest_at before this claim: the start of the week to sum up, restored on failure. */
  previous: string | null;
}

/**
 * Takes up to `limit` people whose weekly digest is due (asked for, last one a week ago or
 * never, a confirmed address) and marks it sent now, in one statement. Rows another process is
 * claiming are skipped (`for update skip locked`) and a row it has claimed is no longer due, so
 * concurrent runs never take the same person.
 */
export async function claimDueDigests(db: Executor, limit: number): Promise<ClaimedDigest[]> {
  const result = await db.execute<ClaimedDigest>(sql`
    with due as (
      select s.user_id, u.email, s.last_digest_at as previous
        from notification_settings s
        join "user" u on u.id = s.user_id
       where s.email_digest = 'weekly'
         and (s.last_digest_at is null or s.last_digest_at <= now() - interval '7 days')
         and ${confirmedRealEmail}
       order by s.last_digest_at nulls first
       limit ${limit}
       for update of s skip locked)
    update notification_settings s set last_digest_at = now()
      from due where s.user_id = due.user_id
    returning due.user_id, due.email,
              to_char(due.previous at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as previous`);
  return result.rows;
}

/** A claim whose email could not be sent is given back, so the next run tries again. */
export async function releaseDigestClaim(db: Executor, claim: ClaimedDigest): Promise<void> {
  await db
    .update(notificationSettings)
    .set({ lastDigestAt: claim.previous === null ? null : new Date(claim.previous) })
    .where(eq(notificationSettings.userId, claim.user_id));
}

export interface DigestRow extends Record<string, unknown> {
  type: DeliveredNotificationType;
  item_kind: ItemKind | null;
  item_id: string | null;
  title: string | null;
  count: number;
}

/**
 * The person's unread notifications of the week (since their last digest, at most 7 days),
 * grouped by kind and item: only what the notifications screen would show them (visible items,
 * actors they may see and did not mute), and only what people did or ask (`deliveredSql`): a
 * moderator's notice is not "what you missed" (docs/decisions/0017).
 */
export async function selectDigestRows(
  db: Executor,
  userId: string,
  since: string | null,
): Promise<DigestRow[]> {
  const start = since
    ? sql`greatest(${since}::timestamptz, now() - interval '7 days')`
    : sql`now() - interval '7 days'`;
  const result = await db.execute<DigestRow>(sql`
    select n.type,
           ${notificationItemColumns},
           count(*)::int as count
      from notifications n
      ${notificationItemJoins}
     where n.user_id = ${userId} and not n.is_read and n.created_at > ${start}
       and ${deliveredSql(userId)}
       and ${notificationShownToSql(userId)}
     group by n.type, r.id, p.id, d.id
     order by count(*) desc, coalesce(r.title, p.title, d.title)`);
  return result.rows;
}
