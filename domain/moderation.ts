import { z } from "zod";
import { authorSchema } from "./items.ts";
import { REPORT_LIMITS, reportMessages, reportReasons } from "./moderation-rules.ts";
import { pageSchema } from "./paging.ts";
import { roles } from "./profile.ts";
import { optionalText, pathSegment } from "./text-input.ts";

// Reports people file, and what moderators and admins do about them (/admin).

/** What can be reported: a review, a post, a deal, a comment on any of them, or a person. */
export const reportTargetTypes = [
  "review",
  "post",
  "deal",
  "comment",
  "post_comment",
  "deal_comment",
  "user",
] as const;

export type ReportTargetType = (typeof reportTargetTypes)[number];

/** What a moderator can hide: everything that can be reported except a person. */
export const hideableTypes = [
  "review",
  "post",
  "deal",
  "comment",
  "post_comment",
  "deal_comment",
] as const;

export type HideableType = (typeof hideableTypes)[number];

export type ReportReason = (typeof reportReasons)[number];

export const reportStatuses = ["pending", "reviewed", "resolved"] as const;

export type ReportStatus = (typeof reportStatuses)[number];

/** POST /api/reports: one open report per reporter and target. */
export const createReportInput = z.object({
  targetType: z.enum(reportTargetTypes),
  targetId: pathSegment,
  reason: z.enum(reportReasons),
  details: optionalText(REPORT_LIMITS.detailsMax, reportMessages.detailsTooLong),
});

export type CreateReportInput = z.infer<typeof createReportInput>;

export const createdReportSchema = z.object({ id: z.string() });

/** GET /api/admin/stats (admins only): exact platform totals; hidden content is not counted. */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalReviews: z.number().int(),
  /** Comments on reviews and on posts. */
  totalComments: z.number().int(),
  pendingReports: z.number().int(),
});

export type AdminStatsDto = z.infer<typeof adminStatsSchema>;

/**
 * What a report is about, as the Reports tab previews it. `author` is who wrote the content
 * (for a reported person, the person). `href` opens it: the item, the item a comment is on,
 * or the profile.
 */
const reportTargetSchema = z.object({
  author: authorSchema,
  /** A review's or post's title; null for comments and people. */
  title: z.string().nullable(),
  /** The review text, post content, comment or bio. */
  text: z.string().nullable(),
  /** The first photo (small variant) or the person's avatar. */
  imageUrl: z.string().nullable(),
  /** Whether a moderator hid it; always false for people. */
  isHidden: z.boolean(),
  href: z.string(),
});

export type ReportTargetDto = z.infer<typeof reportTargetSchema>;

export const reportSchema = z.object({
  id: z.string(),
  targetType: z.enum(reportTargetTypes),
  targetId: z.string(),
  /** null once the content (or person) was deleted. */
  target: reportTargetSchema.nullable(),
  reason: z.enum(reportReasons),
  details: z.string().nullable(),
  status: z.enum(reportStatuses),
  /** null once the reporter deleted their account. */
  reporter: authorSchema.nullable(),
  reviewedBy: authorSchema.nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});

export type ReportDto = z.infer<typeof reportSchema>;

/** GET /api/admin/reports: pending reports first, newest first within each group. */
export const reportPageSchema = pageSchema(reportSchema);

export type ReportPage = z.infer<typeof reportPageSchema>;

/** PATCH /api/admin/reports/:id: a pending report becomes reviewed or resolved, once. */
export const reportStatusInput = z.object({ status: z.enum(["reviewed", "resolved"]) });

export type ReportStatusInput = z.infer<typeof reportStatusInput>;

/** PUT /api/admin/content/:type/:id/hidden */
export const contentHiddenInput = z.object({ hidden: z.boolean() });

export const contentHiddenSchema = z.object({ isHidden: z.boolean() });

export type ContentHiddenDto = z.infer<typeof contentHiddenSchema>;

/** Roles an admin can give or take in /admin; admins are made by ADMIN_EMAILS only. */
const assignableRoles = ["moderator", "user"] as const satisfies readonly (typeof roles)[number][];

export const roleInput = z.object({ role: z.enum(assignableRoles) });

export type RoleInput = z.infer<typeof roleInput>;

/** GET /api/admin/team (admins only): everyone with a role, admins first. */
const teamMemberSchema = z.object({
  profile: authorSchema,
  role: z.enum(["admin", "moderator"]),
});

export const teamSchema = z.object({ members: z.array(teamMemberSchema) });

export type TeamMemberDto = z.infer<typeof teamMemberSchema>;

export type TeamDto = z.infer<typeof teamSchema>;

export const roleChangeSchema = z.object({ role: z.enum(roles) });

export const moderationActions = [
  "report_reviewed",
  "report_resolved",
  "content_hidden",
  "content_unhidden",
  "role_granted",
  "role_revoked",
  /** An account erased at the end of its deletion grace period; no actor, no content. */
  "account_deleted",
] as const;

export type ModerationAction = (typeof moderationActions)[number];

/**
 * One entry of the Activity Log. `subjectLabel` is what the subject was called when the action
 * was taken (a title, a comment's start, @username), so the log still reads after the content
 * is gone; `subjectHref` opens it while it exists.
 */
const activityEntrySchema = z.object({
  id: z.string(),
  action: z.enum(moderationActions),
  /** null once the moderator deleted their account. */
  actor: authorSchema.nullable(),
  subjectType: z.enum(reportTargetTypes),
  subjectId: z.string(),
  subjectLabel: z.string(),
  subjectHref: z.string().nullable(),
  /** The report the action was taken from, if any. */
  reportId: z.string().nullable(),
  createdAt: z.string(),
});

export type ActivityEntryDto = z.infer<typeof activityEntrySchema>;

/** GET /api/admin/activity: newest first. */
export const activityPageSchema = pageSchema(activityEntrySchema);

export type ActivityPage = z.infer<typeof activityPageSchema>;
