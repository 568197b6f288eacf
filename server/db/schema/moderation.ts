import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  moderationActions as moderationActionNames,
  reportStatuses,
  reportTargetTypes,
} from "../../../domain/moderation.ts";
import { reportReasons } from "../../../domain/moderation-rules.ts";
import { createdAt, newestFirst, uuidPrimaryKey } from "../columns.ts";
import { profiles } from "./profiles.ts";

const quotedList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(", "));

export const userReports = pgTable(
  "user_reports",
  {
    id: uuidPrimaryKey(),
    // SET NULL: a report stays in the moderation queue after its reporter deletes the account.
    reporterId: text("reporter_id").references(() => profiles.id, { onDelete: "set null" }),
    reportedType: text("reported_type", { enum: reportTargetTypes }).notNull(),
    // Text, not a foreign key: it points at a review, post, comment or profile (text id), and
    // the report must outlive the content it is about.
    reportedId: text("reported_id").notNull(),
    reason: text("reason", { enum: reportReasons }).notNull(),
    details: text("details"),
    status: text("status", { enum: reportStatuses }).notNull().default("pending"),
    createdAt: createdAt(),
    reviewedBy: text("reviewed_by").references(() => profiles.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "user_reports_reported_type_valid",
      sql`${t.reportedType} in (${quotedList(reportTargetTypes)})`,
    ),
    check("user_reports_reason_valid", sql`${t.reason} in (${quotedList(reportReasons)})`),
    check("user_reports_status_valid", sql`${t.status} in (${quotedList(reportStatuses)})`),
    // A report leaves 'pending' exactly when someone acts on it; actions are only taken while pending.
    check(
      "user_reports_reviewed_at_matches_status",
      sql`(${t.status} = 'pending') = (${t.reviewedAt} is null)`,
    ),
    // The moderation queue: pending first, newest first within each group, keyset on
    // (pending, created_at, id) read in one direction.
    index("user_reports_queue_idx").on(
      sql`(${t.status} = 'pending') desc`,
      sql`${t.createdAt} desc`,
      sql`${t.id} desc`,
    ),
    // The Pending Reports total.
    index("user_reports_pending_idx")
      .on(...newestFirst(t))
      .where(sql`${t.status} = 'pending'`),
    index("user_reports_target_idx").on(t.reportedType, t.reportedId),
    // One open report per reporter and target: a second one while the first is pending is refused.
    uniqueIndex("user_reports_one_open_idx")
      .on(t.reporterId, t.reportedType, t.reportedId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The Activity Log: every moderation action (a report's status, hiding, roles), who took it and
 * when. `subject_label` keeps what the subject was called at the time, so entries still read
 * once the content or the person is gone.
 */
export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: uuidPrimaryKey(),
    // SET NULL: the log outlives a moderator's account.
    actorId: text("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    action: text("action", { enum: moderationActionNames }).notNull(),
    subjectType: text("subject_type", { enum: reportTargetTypes }).notNull(),
    subjectId: text("subject_id").notNull(),
    subjectLabel: text("subject_label").notNull(),
    reportId: uuid("report_id").references(() => userReports.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "moderation_actions_action_valid",
      sql`${t.action} in (${quotedList(moderationActionNames)})`,
    ),
    check(
      "moderation_actions_subject_type_valid",
      sql`${t.subjectType} in (${quotedList(reportTargetTypes)})`,
    ),
    index("moderation_actions_created_idx").on(...newestFirst(t)),
    // Lets a deleted account's SET NULL find its entries without a table scan.
    index("moderation_actions_actor_id_idx").on(t.actorId),
  ],
);

export type UserReport = typeof userReports.$inferSelect;
export type NewUserReport = typeof userReports.$inferInsert;
export type ModerationActionRow = typeof moderationActions.$inferSelect;
