import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, newestFirst, uuidPrimaryKey } from "../columns.ts";
import { profiles } from "./profiles.ts";

export const reportedTypes = ["review", "post", "comment", "post_comment", "user"] as const;
export const reportStatuses = ["pending", "reviewed", "resolved"] as const;

export const userReports = pgTable(
  "user_reports",
  {
    id: uuidPrimaryKey(),
    // SET NULL: a report stays in the moderation queue after its reporter deletes the account.
    reporterId: text("reporter_id").references(() => profiles.id, { onDelete: "set null" }),
    reportedType: text("reported_type", { enum: reportedTypes }).notNull(),
    // Text, not a foreign key: it points at a review, post, comment or profile (text id), and
    // the report must outlive the content it is about.
    reportedId: text("reported_id").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: reportStatuses }).notNull().default("pending"),
    createdAt: createdAt(),
    reviewedBy: text("reviewed_by").references(() => profiles.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "user_reports_reported_type_valid",
      sql`${t.reportedType} in ('review', 'post', 'comment', 'post_comment', 'user')`,
    ),
    check("user_reports_status_valid", sql`${t.status} in ('pending', 'reviewed', 'resolved')`),
    // A report leaves 'pending' exactly when someone acts on it; actions are only taken while pending.
    check(
      "user_reports_reviewed_at_matches_status",
      sql`(${t.status} = 'pending') = (${t.reviewedAt} is null)`,
    ),
    index("user_reports_created_idx").on(...newestFirst(t)),
    index("user_reports_pending_idx")
      .on(...newestFirst(t))
      .where(sql`${t.status} = 'pending'`),
    index("user_reports_target_idx").on(t.reportedType, t.reportedId),
  ],
);

export type UserReport = typeof userReports.$inferSelect;
export type NewUserReport = typeof userReports.$inferInsert;
export type ReportedType = (typeof reportedTypes)[number];
export type ReportStatus = (typeof reportStatuses)[number];
