import type { ActivityEntryDto, ModerationAction, ReportTargetType } from "#domain/moderation.ts";
import { reportTargetNouns } from "#domain/moderation.ts";

/**
 * One Activity Log line in words, around its subject: "hid the post" + “Pasta night” + "". The
 * subject sits between `before` and `after` so the screen can link it.
 */
export interface ActivityWording {
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
  account_deleted: () => ["", "was deleted by its owner and erased"],
} as const satisfies Record<ModerationAction, (noun: string) => readonly [string, string]>;

/** People are named by their label as it comes (@username); content is quoted. */
function subjectText(type: ReportTargetType, label: string): string {
  return type === "user" ? label : `“${label}”`;
}

export function activityWording(
  entry: Pick<ActivityEntryDto, "action" | "subjectType" | "subjectLabel">,
): ActivityWording {
  const [before, after] = PHRASES[entry.action](reportTargetNouns[entry.subjectType]);
  return { before, subject: subjectText(entry.subjectType, entry.subjectLabel), after };
}
