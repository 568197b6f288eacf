import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, uuidPrimaryKey } from "../columns.ts";
import { user } from "./auth.ts";

const emailDigestFrequencies = ["weekly", "off"] as const;

/**
 * What a person wants to hear about. No row means the defaults: new followers, comments and
 * likes, and deals at followed places on, no email digest. The kinds switched off are never
 * written as notifications; the digest goes out weekly to those who asked, `last_digest_at`
 * saying when it last did.
 */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    newFollowers: boolean("new_followers").notNull().default(true),
    commentsAndLikes: boolean("comments_and_likes").notNull().default(true),
    dealsAtFollowed: boolean("deals_at_followed").notNull().default(true),
    emailDigest: text("email_digest", { enum: emailDigestFrequencies }).notNull().default("off"),
    lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("notification_settings_email_digest_valid", sql`${t.emailDigest} in ('weekly', 'off')`),
    // The digest job's queue: people who asked for it, least recently sent first.
    index("notification_settings_digest_idx")
      .on(t.lastDigestAt)
      .where(sql`${t.emailDigest} = 'weekly'`),
  ],
);

/**
 * Web push subscriptions, one per browser a person turned push on in (an installed PWA). The
 * endpoint is the push service's address for that browser; a 404 or 410 from it deletes the row.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuidPrimaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique("push_subscriptions_endpoint_unique"),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);
