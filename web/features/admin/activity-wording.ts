import { isErasedSubjectLabel } from "#domain/account-deletion.ts";
import type { ActivityEntryDto, ModerationAction, ReportTargetType } from "#domain/moderation.ts";
import { reportTargetNouns } from "#domain/moderation-rules.ts";

/**
 * One Activity Log line in words, around its subject: "hid the post" + “Pasta night” + "". The
 * subject sits between `before` and `after` so the screen can link it.
 */
export interface ActivityWording {
  /** Who acted when no moderator did (the app itself erasing an account). */
  actor?: string;
  before: string;
  /** The subject as shown: a title or comment in quotes, a person as @username. */
  subject: string;
  after: string;
}

const PHRASES = {
  report_reviewed: (noun) => [`marked a report on the ${noun}`, "as reviewed"],
  report_resolved: (noun) => [`resolved a report on the ${noun}`, ""],
  content_hidden: (noun) => [`hid the ${noun}`, ""],
  content_unhidden: (noun) => [`made the ${noun}`, "visible again"],
  role_granted: () => ["made", "a moderator"],
  role_revoked: () => ["made", "a regular user again"],
  account_deleted: () => ["erased", "at its owner's request"],
} as const satisfies Record<ModerationAction, (noun: string) => readonly [string, string]>;

/**
 * People are named by their label as it comes (@username); content is quoted, unless it was
 * erased with its account: that label is words of ours, not a quote.
 */
function subjectText(type: ReportTargetType, label: string): string {
  return type === "user" || isErasedSubjectLabel(label) ? label : `“${label}”`;
}

export function activityWording(
  entry: Pick<ActivityEntryDto, "action" | "subjectType" | "subjectLabel">,
): ActivityWording {
  const [before, after] = PHRASES[entry.action](reportTargetNouns[entry.subjectType]);
  const subject = subjectText(entry.subjectType, entry.subjectLabel);
  // Erasure is the app's own doing, at the end of the owner's grace period.
  if (entry.action === "account_deleted") return { actor: "Tasted", before, subject, after };
  return { before, subject, after };
}
