import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Consecutive failed password sign-ins per email address, whoever sent them: the per-account
 * backoff in server/auth/sign-in-backoff.ts reads it. Keyed by the address as typed (lower
 * case), not by user id, so an address with no account is throttled alike and the answer never
 * tells whether an account exists. A successful sign-in or a password reset deletes the row.
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    email: text("email").primaryKey(),
    failures: integer("failures").notNull(),
    lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("sign_in_failures_positive", sql`${t.failures} > 0`)],
);
