import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window counters of throttled actions: uploads, place searches and comments per user,
 * codes texted per phone number (better-auth's own limiter counts per client address, so one
 * attacker rotating addresses could still flood a victim's phone). Kept in the database so
 * every server instance shares them; see server/http/action-limit.ts.
 */
export const actionLimits = pgTable(
  "action_limits",
  {
    action: text("action").notNull(),
    subject: text("subject").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.action, t.subject] }),
    check("action_limits_count_positive", sql`${t.count} > 0`),
  ],
);
