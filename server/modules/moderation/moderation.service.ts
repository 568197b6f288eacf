import { isUuid } from "#domain/ids-rules.ts";
import { type ItemKind, isItemKind } from "#domain/item-kinds.ts";
import type { AuthorDto } from "#domain/items.ts";
import { authorHandle } from "#domain/items-rules.ts";
import type {
  ActivityPage,
  AdminStatsDto,
  ContentHiddenDto,
  CreateReportInput,
  HideableType,
  ReportDto,
  ReportPage,
  ReportStatusInput,
  ReportTargetDto,
  ReportTargetType,
  RoleInput,
  TeamDto,
} from "#domain/moderation.ts";
import { adminMessages, REPORT_LIMITS, reportMessages } from "#domain/moderation-rules.ts";
import { imageUrls } from "#domain/photos.ts";
import type { Role, SessionUser } from "#domain/profile.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { ApiError } from "#server/http/errors.ts";
import { setCommentHidden } from "#server/modules/comments/comments.service.ts";
import { authorFields } from "#server/modules/items/items.mapper.ts";
import { findVisibleItem } from "#server/modules/items/items.queries.ts";
import {
  type HiddenContent,
  notifyContentHidden,
  withdrawContentHidden,
} from "#server/modules/notifications/moderation-notification.ts";
import { ensureCallerProfile } from "#server/modules/shared/accounts.ts";
import { decodeCursor, decodeKeyedCursor, keysetPage } from "#server/modules/shared/keyset.ts";
import { visibleProfileExists } from "#server/modules/shared/people.ts";
import type { EventBus } from "#server/realtime/event-bus.ts";
import {
  type ActionRow,
  insertAction,
  insertReport,
  lockPersonRole,
  markReport,
  newestPendingReportId,
  type ReportRow,
  reportExists,
  saveRole,
  selectActivity,
  selectReport,
  selectReportQueue,
  selectStats,
  selectTargets,
  selectTeam,
  type TargetRef,
  type TargetRow,
  updateItemHidden,
} from "./moderation.queries.ts";

export interface ModerationContext {
  db: Database;
  /** The signed-in caller; the routes' guards already checked their role. */
  user: SessionUser;
  adminEmails: readonly string[];
  /**
   * Tells an author's open pages that a moderator hid their item, and their notification badge
   * that they were told, after commit.
   */
  events: EventBus;
}

const REPORT_CURSOR_KIND = "report";
const ACTIVITY_CURSOR_KIND = "activity";
/** Log labels keep at most this many characters of a comment. */
const LABEL_MAX = 80;

const targetNotFound = (type: ReportTargetType) => ApiError.notFound(reportMessages.notFound[type]);
const reportNotFound = () => ApiError.notFound(adminMessages.reportNotFound);

// ---------------------------------------------------------------------------------------------
// Targets: what a report or a log entry is about

const targetKey = (ref: TargetRef) => `${ref.type}:${ref.id}`;

/** People have text ids; content ids are UUIDs, so anything else names nothing. */
const canExist = (ref: TargetRef) => ref.type === "user" || isUuid(ref.id);

/**
 * The targets of `refs` that still exist, by {@link targetKey}, read in one statement. The refs
 * come from stored rows, whose ids are the targets' own (a UUID in lower case).
 */
async function targetsByKey(
  db: Executor,
  refs: readonly TargetRef[],
): Promise<Map<string, TargetRow>> {
  const rows = await selectTargets(db, refs.filter(canExist));
  return new Map(rows.map((row) => [targetKey(row), row]));
}

/**
 * One target as a request names it. Its row's id is the one to store: a UUID may arrive in
 * upper case, and stored ids must match the target's own, or one target could gather two open
 * reports from one person and previews would not find it.
 */
async function findTarget(db: Executor, ref: TargetRef): Promise<TargetRow | undefined> {
  if (!canExist(ref)) return undefined;
  const [row] = await selectTargets(db, [ref]);
  return row;
}

/** The screen that shows a target: the item, the item a comment is on, or the profile. */
function targetHref(row: TargetRow): string {
  if (row.view_type && row.view_id) return screenPaths.view(row.view_type, row.view_id);
  return screenPaths.user(authorHandle(authorFields(row).author));
}

function toTargetDto(row: TargetRow): ReportTargetDto {
  return {
    author: authorFields(row).author,
    title: row.title,
    text: row.body,
    // A photo's small variant; a person's avatar is one size only.
    imageUrl:
      row.image_url && row.type !== "user" ? imageUrls(row.image_url).url480 : row.image_url,
    isHidden: row.is_hidden === true,
    href: targetHref(row),
  };
}

/**
 * What the Activity Log calls a subject, kept with the entry so it still reads once the subject
 * is gone: a title, a comment's first words, or @username.
 */
function subjectLabel(row: TargetRow | undefined): string {
  if (!row) return adminMessages.contentDeleted;
  if (row.type === "user") return `@${row.author_username}`;
  if (row.title !== null) return row.title;
  const text = (row.body ?? "").replace(/\s+/g, " ").trim();
  return text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1).trimEnd()}…` : text;
}

/** The `prefix_…` columns of a left-joined person, or null once their account is gone. */
function personOf(row: Record<string, unknown>, prefix: string): AuthorDto | null {
  const value = (column: string) => (row[`${prefix}_${column}`] ?? null) as string | null;
  const id = value("id");
  const username = value("username");
  if (id === null || username === null) return null;
  return {
    id,
    username,
    slug: value("slug"),
    fullName: value("full_name"),
    avatarUrl: value("avatar_url"),
  };
}

const isoOrNull = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

// ---------------------------------------------------------------------------------------------
// Reports

/**
 * Files a report. The target must exist and be in the reporter's sight (hidden content and
 * comments on hidden items are 404 like unknown ones); nobody reports their own content or
 * themselves; one open report per reporter and target, which the partial unique index
 * enforces even for two requests at the same moment.
 */
export async function createReport(
  ctx: ModerationContext,
  input: CreateReportInput,
): Promise<{ id: string }> {
  const ref: TargetRef = { type: input.targetType, id: input.targetId };
  const target = await findTarget(ctx.db, ref);
  const own = target?.user_id === ctx.user.id;
  if (
    !target ||
    (!own &&
      (target.is_hidden ||
        target.container_hidden ||
        !(await inReportersSight(ctx.db, target, ctx.user.id))))
  ) {
    throw targetNotFound(ref.type);
  }
  if (own) throw ApiError.badRequest(reportMessages.ownContent, "OWN_CONTENT");
  // The reporter's profile row is what the report points at (made here if sign-up never did).
  await ensureCallerProfile(ctx.db, ctx.user, ctx.adminEmails);
  try {
    const id = await insertReport(ctx.db, {
      reporterId: ctx.user.id,
      type: ref.type,
      targetId: target.id,
      reason: input.reason,
      details: input.details,
    });
    return { id };
  } catch (error) {
    if (isUniqueViolation(error, "user_reports_one_open_idx")) {
      throw ApiError.conflict(reportMessages.alreadyReported, "ALREADY_REPORTED");
    }
    throw error;
  }
}

/**
 * Whether the reporter may see the target as the reads show it: its author (the person, for a
 * profile) and, for a comment, the item's author too. A report of what reads as not there would
 * tell the reporter it exists.
 */
/** The kind of item a target is or is on, from the screen that shows it. */
function viewKind(target: TargetRow): ItemKind {
  return target.view_type === "post" || target.view_type === "deal" ? target.view_type : "review";
}

async function inReportersSight(
  db: Executor,
  target: TargetRow,
  reporterId: string,
): Promise<boolean> {
  if (!(await visibleProfileExists(db, target.user_id, reporterId, "person"))) return false;
  if (!target.view_type || !target.view_id) return true;
  return (await findVisibleItem(db, viewKind(target), target.view_id, reporterId)) !== undefined;
}

const reportedRef = (row: ReportRow): TargetRef => ({
  type: row.reported_type,
  id: row.reported_id,
});

/** Report rows as the API returns them, their targets read in one statement for all. */
async function toReportDtos(db: Executor, rows: readonly ReportRow[]): Promise<ReportDto[]> {
  const targets = await targetsByKey(db, rows.map(reportedRef));
  return rows.map((row) => {
    const target = targets.get(targetKey(reportedRef(row)));
    return {
      id: row.id,
      targetType: row.reported_type,
      targetId: row.reported_id,
      target: target ? toTargetDto(target) : null,
      reason: row.reason,
      details: row.details,
      status: row.status,
      reporter: personOf(row, "reporter"),
      reviewedBy: personOf(row, "reviewer"),
      reviewedAt: isoOrNull(row.reviewed_at),
      createdAt: new Date(row.created_at_text).toISOString(),
    };
  });
}

/** The moderation queue, REPORT_LIMITS.pageSize a page: pending first, then newest first. */
export async function listReports(db: Database, cursor: string | undefined): Promise<ReportPage> {
  const limit = REPORT_LIMITS.pageSize;
  const decoded = cursor ? decodeKeyedCursor(cursor, [REPORT_CURSOR_KIND]) : undefined;
  const after = decoded && { ...decoded, pending: decoded.key === 1 };
  const rows = await selectReportQueue(db, limit + 1, after);
  const page = keysetPage(rows, limit, (last) => ({
    createdAt: last.created_at_text,
    id: last.id,
    kind: REPORT_CURSOR_KIND,
    key: last.status === "pending" ? 1 : 0,
  }));
  return { items: await toReportDtos(db, page.rows), nextCursor: page.nextCursor };
}

/**
 * A pending report becomes reviewed or resolved, once: the reviewer, the time and the log
 * entry go in one transaction, and a report that is no longer pending is a 409.
 */
export async function setReportStatus(
  ctx: ModerationContext,
  reportId: string,
  input: ReportStatusInput,
): Promise<ReportDto> {
  if (!isUuid(reportId)) throw reportNotFound();
  await ctx.db.transaction(async (tx) => {
    const subject = await markReport(tx, reportId, input.status, ctx.user.id);
    if (!subject) {
      if (await reportExists(tx, reportId)) {
        throw ApiError.conflict(adminMessages.notPending, "REPORT_NOT_PENDING");
      }
      throw reportNotFound();
    }
    await insertAction(tx, {
      actorId: ctx.user.id,
      action: input.status === "reviewed" ? "report_reviewed" : "report_resolved",
      subject,
      label: subjectLabel(await findTarget(tx, subject)),
      reportId,
    });
  });
  const row = await selectReport(ctx.db, reportId);
  if (!row) throw reportNotFound();
  const [report] = await toReportDtos(ctx.db, [row]);
  if (!report) throw reportNotFound();
  return report;
}

// ---------------------------------------------------------------------------------------------
// Hiding

const commentKinds = { comment: "review", post_comment: "post", deal_comment: "deal" } as const;

/** Whether a hideable type is an item (else a comment on one). */
function isItemType(type: HideableType): type is ItemKind {
  return isItemKind(type);
}

/** The hidden content a notification names: the item, or the comment and the item it is on. */
function hiddenContent(target: TargetRow, moderatorId: string): HiddenContent {
  const about = { authorId: target.user_id, moderatorId };
  if (target.type !== "user" && isItemType(target.type)) {
    return { ...about, kind: target.type, itemId: target.id };
  }
  if (target.view_id === null) throw new Error("a comment target names no item");
  return {
    ...about,
    kind: viewKind(target),
    itemId: target.view_id,
    commentId: target.id,
  };
}

/**
 * Hides or shows a review, post or comment. Repeating the current state changes nothing and
 * logs nothing; a change, its log entry (linked to the newest pending report on the content,
 * the one the moderator is most likely answering) and the author's notice that a moderator hid
 * it (taken back on unhide) commit together. Comments go through setCommentHidden, which keeps
 * their item's comment_count right. A hidden review or post is announced to its author's open
 * pages, which refetch and show it marked hidden.
 */
export async function setContentHidden(
  ctx: ModerationContext,
  type: HideableType,
  id: string,
  hidden: boolean,
): Promise<ContentHiddenDto> {
  const changed = await ctx.db.transaction(async (tx) => {
    const target = await findTarget(tx, { type, id });
    if (!target) throw targetNotFound(type);
    const changed = isItemType(type)
      ? await updateItemHidden(tx, type, target.id, hidden)
      : await setCommentHidden(tx, commentKinds[type], target.id, hidden);
    if (!changed) return undefined;
    const subject = { type, id: target.id };
    await insertAction(tx, {
      actorId: ctx.user.id,
      action: hidden ? "content_hidden" : "content_unhidden",
      subject,
      label: subjectLabel(target),
      reportId: await newestPendingReportId(tx, subject),
    });
    const content = hiddenContent(target, ctx.user.id);
    const notificationsChanged = hidden
      ? (await notifyContentHidden(tx, content)) !== undefined
      : await withdrawContentHidden(tx, content);
    return { target, notificationsChanged };
  });
  if (changed?.notificationsChanged) {
    await ctx.events.publish(changed.target.user_id, { type: "notification" });
  }
  if (changed && hidden && isItemType(type)) {
    await ctx.events.publish(changed.target.user_id, {
      type: "item-deleted",
      kind: type,
      id: changed.target.id,
    });
  }
  return { isHidden: hidden };
}

// ---------------------------------------------------------------------------------------------
// The Activity Log, totals, team and roles

/** Every moderation action, newest first, with a link to its subject while it exists. */
export async function listActivity(
  db: Database,
  cursor: string | undefined,
): Promise<ActivityPage> {
  const limit = REPORT_LIMITS.activityPageSize;
  const after = cursor ? decodeCursor(cursor, [ACTIVITY_CURSOR_KIND]) : undefined;
  const rows = await selectActivity(db, limit + 1, after);
  const page = keysetPage(rows, limit, (last) => ({
    createdAt: last.created_at_text,
    id: last.id,
    kind: ACTIVITY_CURSOR_KIND,
  }));
  const subjectRef = (row: ActionRow): TargetRef => ({
    type: row.subject_type,
    id: row.subject_id,
  });
  const subjects = await targetsByKey(db, page.rows.map(subjectRef));
  return {
    items: page.rows.map((row) => {
      const subject = subjects.get(targetKey(subjectRef(row)));
      return {
        id: row.id,
        action: row.action,
        actor: personOf(row, "actor"),
        subjectType: row.subject_type,
        subjectId: row.subject_id,
        subjectLabel: row.subject_label,
        subjectHref: subject ? targetHref(subject) : null,
        reportId: row.report_id,
        createdAt: new Date(row.created_at_text).toISOString(),
      };
    }),
    nextCursor: page.nextCursor,
  };
}

export async function getAdminStats(db: Database): Promise<AdminStatsDto> {
  const row = await selectStats(db);
  return {
    totalUsers: Number(row.total_users),
    totalReviews: Number(row.total_reviews),
    totalComments: Number(row.total_comments),
    pendingReports: Number(row.pending_reports),
  };
}

export async function getTeam(db: Database): Promise<TeamDto> {
  const rows = await selectTeam(db);
  return { members: rows.map((row) => ({ profile: authorFields(row).author, role: row.role })) };
}

/**
 * Makes a person a moderator or a plain user again. Admins come from ADMIN_EMAILS only, so an
 * admin's role is not changed here (409), and nobody changes their own (400). A change and its
 * log entry commit together; the current role again changes nothing and logs nothing.
 */
export async function setUserRole(
  ctx: ModerationContext,
  userId: string,
  input: RoleInput,
): Promise<{ role: Role }> {
  if (userId === ctx.user.id) throw ApiError.badRequest(adminMessages.ownRole, "OWN_ROLE");
  return ctx.db.transaction(async (tx) => {
    const person = await lockPersonRole(tx, userId);
    if (!person) throw targetNotFound("user");
    if (person.role === "admin") {
      throw ApiError.conflict(adminMessages.adminRoleFixed, "ADMIN_ROLE_FIXED");
    }
    if (person.role === input.role) return { role: person.role };
    await saveRole(tx, userId, input.role);
    await insertAction(tx, {
      actorId: ctx.user.id,
      action: input.role === "moderator" ? "role_granted" : "role_revoked",
      subject: { type: "user", id: userId },
      label: `@${person.username}`,
      reportId: null,
    });
    return { role: input.role };
  });
}
