import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Codes sent per phone number in the current fixed window. better-auth's own limiter keys by
 * client IP, so one attacker rotating addresses could still flood a victim's phone; this row,
 * upserted atomically before each send, caps sends per number whatever the IP.
 */
export const phoneOtpLimits = pgTable(
  "phone_otp_limits",
  {
    phoneNumber: text("phone_number").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [check("phone_otp_limits_count_positive", sql`${t.count} > 0`)],
);
