// No zod here: screens read these without loading the schemas (issue 26).

import type { HideableType, ReportReason, ReportTargetType } from "./moderation.ts";

export function isHideable(type: ReportTargetType): type is HideableType {
  return type !== "user";
}

export const reportReasons = [
  "spam",
  "harassment",
  "inappropriate",
  "misleading",
  "other",
] as const;

export const reportReasonLabels = {
  spam: "Spam",
  harassment: "Harassment or bullying",
  inappropriate: "Inappropriate content",
  misleading: "Misleading or false",
  other: "Something else",
} as const satisfies Record<ReportReason, string>;

export const REPORT_LIMITS = {
  detailsMax: 500,
  /** The Reports tab lists this many a page. */
  pageSize: 10,
  /** The Activity Log lists this many a page. */
  activityPageSize: 20,
} as const;

/** What the report dialog and the report routes say. */
export const reportMessages = {
  sent: "Report sent",
  sentText: "Thanks for letting us know. A moderator will look at it.",
  failed: "Failed to send report",
  detailsTooLong: `Details must be less than ${REPORT_LIMITS.detailsMax} characters`,
  alreadyReported: "You have already reported this. A moderator will look at it.",
  ownContent: "You can't report your own content",
  notFound: {
    review: "Review not found",
    post: "Post not found",
    deal: "Deal not found",
    comment: "Comment not found",
    post_comment: "Comment not found",
    deal_comment: "Comment not found",
    user: "User not found",
  } satisfies Record<ReportTargetType, string>,
} as const;

/** What /admin and the moderation routes say. */
export const adminMessages = {
  title: "Admin Dashboard",
  statusUpdated: "Report status updated",
  notPending: "Only pending reports can be updated",
  reportNotFound: "Report not found",
  hidden: "Content hidden",
  unhidden: "Content visible again",
  roleUpdated: "Role updated",
  adminRoleFixed: "Admins are set by the server's ADMIN_EMAILS and can't be changed here",
  ownRole: "You can't change your own role",
  forbidden: "You don't have permission to do that",
  noReports: "No reports yet",
  noActivity: "No moderation activity yet",
  contentDeleted: "This content was deleted",
} as const;

/** The kind of thing each target type is called in menus, toasts and the log. */
export const reportTargetNouns = {
  review: "review",
  post: "post",
  deal: "deal",
  comment: "comment",
  post_comment: "comment",
  deal_comment: "comment",
  user: "user",
} as const satisfies Record<ReportTargetType, string>;
