import { type SQL, sql } from "drizzle-orm";
import type { ItemKind } from "#domain/item-kinds.ts";
import type {
  ModerationAction,
  ReportReason,
  ReportStatus,
  ReportTargetType,
} from "#domain/moderation.ts";
import type { Role } from "#domain/profile.ts";
import type { Executor } from "#server/db/client.ts";
import { moderationActions, userReports } from "#server/db/schema/moderation.ts";
import { userRoles } from "#server/db/schema/profiles.ts";
import { itemTables } from "#server/modules/items/item-tables.ts";
import type { AuthorColumns } from "#server/modules/items/items.mapper.ts";
import { CREATED_AT_TEXT, type Cursor } from "#server/modules/shared/keyset.ts";

/** `created_at` of `alias` in the cursor's microsecond text form. */
const createdAtText = (alias: string) =>
  sql.raw(`to_char(${alias}.created_at at time zone 'UTC', ${CREATED_AT_TEXT}) as created_at_text`);

/**
 * A left-joined person's id, username, slug, full_name and avatar_url as `prefix_…` columns
 * (all null once the account is gone).
 */
const personColumns = (alias: string, prefix: string) =>
  sql.raw(
    ["id", "username", "slug", "full_name", "avatar_url"]
      .map((column) => `${alias}.${column} as ${prefix}_${column}`)
      .join(", "),
  );

// ---------------------------------------------------------------------------------------------
// What reports and log entries are about

/** A reported (or moderated) review, post, comment or person, as previews and labels need it. */
export interface TargetRow extends AuthorColumns, Record<string, unknown> {
  type: ReportTargetType;
  id: string;
  /** A review's or post's title; null for comments and people. */
  title: string | null;
  /** The review text, post content, comment or bio. */
  body: string | null;
  /** The first photo's stored address (items) or the avatar (people); null for comments. */
  image_url: string | null;
  is_hidden: boolean;
  /** A comment's item is hidden (so the comment is out of sight too); false otherwise. */
  container_hidden: boolean;
  /** The /view screen that shows it: the item, or the item a comment is on; null for people. */
  view_type: "dish" | "restaurant" | "post" | "deal" | null;
  view_id: string | null;
}

export interface TargetRef {
  type: ReportTargetType;
  id: string;
}

const firstPhoto = (kind: ItemKind, item: string) => {
  const { images, imageItemId } = itemTables[kind];
  return sql`(select ph.image_url from ${images} ph
               where ph.${sql.identifier(imageItemId.name)} = ${sql.raw(item)}
               order by ph.display_order, ph.id limit 1)`;
};

/** The TargetRow columns but the author's, as one UNION ALL branch selects them. */
interface TargetColumns {
  id: SQL;
  userId: SQL;
  title: SQL;
  body: SQL;
  imageUrl: SQL;
  isHidden: SQL;
  containerHidden: SQL;
  viewType: SQL;
  viewId: SQL;
}

const targetSelect = (type: ReportTargetType, c: TargetColumns, from: SQL) => sql`
  select ${type}::text as type, ${c.id} as id, ${c.userId} as user_id, ${c.title} as title,
         ${c.body} as body, ${c.imageUrl} as image_url, ${c.isHidden} as is_hidden,
         ${c.containerHidden} as container_hidden, ${c.viewType} as view_type,
         ${c.viewId} as view_id
    from ${from}`;

const none = sql`null::text`;

/** Where the kinds differ as report targets: the text column, the address, the names. */
const itemTargets: Record<
  ItemKind,
  { body: string; viewType: SQL; itemType: ReportTargetType; commentType: ReportTargetType }
> = {
  review: {
    body: "description",
    viewType: sql`i.review_type`,
    itemType: "review",
    commentType: "comment",
  },
  post: {
    body: "content",
    viewType: sql`'post'::text`,
    itemType: "post",
    commentType: "post_comment",
  },
  deal: {
    body: "details",
    viewType: sql`'deal'::text`,
    itemType: "deal",
    commentType: "deal_comment",
  },
};

/** An item among `ids`, opened at its own address. */
const itemBranch = (kind: ItemKind) => (ids: SQL) => {
  const { body, viewType, itemType } = itemTargets[kind];
  return targetSelect(
    itemType,
    {
      id: sql`i.id::text`,
      userId: sql`i.user_id`,
      title: sql`i.title`,
      body: sql`i.${sql.identifier(body)}`,
      imageUrl: firstPhoto(kind, "i.id"),
      isHidden: sql`i.is_hidden`,
      containerHidden: sql`false`,
      viewType,
      viewId: sql`i.id::text`,
    },
    sql`${itemTables[kind].items} i where i.id in (${ids})`,
  );
};

/** A comment among `ids` on an item, opened at that item's address. */
const commentBranch = (kind: ItemKind) => (ids: SQL) => {
  const { items, comments, commentItemId } = itemTables[kind];
  const { viewType, commentType } = itemTargets[kind];
  return targetSelect(
    commentType,
    {
      id: sql`c.id::text`,
      userId: sql`c.user_id`,
      title: none,
      body: sql`c.content`,
      imageUrl: none,
      isHidden: sql`c.is_hidden`,
      containerHidden: sql`i.is_hidden`,
      viewType,
      viewId: sql`i.id::text`,
    },
    sql`${comments} c join ${items} i on i.id = c.${sql.identifier(commentItemId.name)}
        where c.id in (${ids})`,
  );
};

/** One branch per type, finding its rows by primary key among `ids`. */
const targetBranches: Record<ReportTargetType, (ids: SQL) => SQL> = {
  review: itemBranch("review"),
  post: itemBranch("post"),
  deal: itemBranch("deal"),
  comment: commentBranch("review"),
  post_comment: commentBranch("post"),
  deal_comment: commentBranch("deal"),
  user: (ids) =>
    targetSelect(
      "user",
      {
        id: sql`u.id`,
        userId: sql`u.id`,
        title: none,
        body: sql`u.bio`,
        imageUrl: sql`u.avatar_url`,
        isHidden: sql`false`,
        containerHidden: sql`false`,
        viewType: none,
        viewId: none,
      },
      sql`profiles u where u.id in (${ids})`,
    ),
};

/**
 * The targets of `refs` that still exist, with their authors, in one statement whatever the
 * mix: one branch per type present, each finding its rows by primary key. Content ids must be
 * UUIDs (the caller filters), people's ids are text. undefined when `refs` is empty.
 */
export function targetsSql(refs: readonly TargetRef[]): SQL | undefined {
  const branches: SQL[] = [];
  for (const [type, branch] of Object.entries(targetBranches) as [
    ReportTargetType,
    (ids: SQL) => SQL,
  ][]) {
    const ids = [...new Set(refs.filter((ref) => ref.type === type).map((ref) => ref.id))];
    if (ids.length === 0) continue;
    const values = ids.map((id) => (type === "user" ? sql`${id}` : sql`${id}::uuid`));
    branches.push(branch(sql.join(values, sql`, `)));
  }
  if (branches.length === 0) return undefined;
  return sql`
    select t.*, a.username as author_username, a.full_name as author_full_name,
           a.slug as author_slug, a.avatar_url as author_avatar_url
      from (${sql.join(branches, sql` union all `)}) t
      join profiles a on a.id = t.user_id`;
}

export async function selectTargets(
  db: Executor,
  refs: readonly TargetRef[],
): Promise<TargetRow[]> {
  const statement = targetsSql(refs);
  return statement ? (await db.execute<TargetRow>(statement)).rows : [];
}

/**
 * Hides or shows an item; true when the flag actually changed (a repeat changes
 * nothing). Written in SQL so updated_at, the author's edit time, stays as it was.
 */
export async function updateItemHidden(
  db: Executor,
  kind: ItemKind,
  id: string,
  hidden: boolean,
): Promise<boolean> {
  const result = await db.execute<{ id: string }>(sql`
    update ${itemTables[kind].items} set is_hidden = ${hidden}
     where id = ${id} and is_hidden <> ${hidden}
    returning id`);
  return result.rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Reports

export async function insertReport(
  db: Executor,
  values: {
    reporterId: string;
    type: ReportTargetType;
    targetId: string;
    reason: ReportReason;
    details: string | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(userReports)
    .values({
      reporterId: values.reporterId,
      reportedType: values.type,
      reportedId: values.targetId,
      reason: values.reason,
      details: values.details,
    })
    .returning({ id: userReports.id });
  if (!row) throw new Error("report insert returned nothing");
  return row.id;
}

export interface ReportRow extends Record<string, unknown> {
  id: string;
  reported_type: ReportTargetType;
  reported_id: string;
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  created_at_text: string;
  reviewed_at: Date | string | null;
}

/** Where the queue continues: after the last row's (pending, created_at, id). */
export interface ReportCursor extends Cursor {
  pending: boolean;
}

const QUEUE_ORDER = sql.raw(`(status = 'pending') desc, created_at desc, id desc`);

/**
 * Reports with reporter and reviewer (prefixes `reporter_`, `reviewer_`). `filter` picks them
 * from user_reports: a page of the queue or one report.
 */
function reportRowsSql(filter: SQL): SQL {
  return sql`
    select ur.id, ur.reported_type, ur.reported_id, ur.reason, ur.details, ur.status,
           ${createdAtText("ur")}, ur.reviewed_at,
           ${personColumns("rp", "reporter")}, ${personColumns("rv", "reviewer")}
      from (${filter}) ur
      left join profiles rp on rp.id = ur.reporter_id
      left join profiles rv on rv.id = ur.reviewed_by
     order by ${sql.raw(`(ur.status = 'pending') desc, ur.created_at desc, ur.id desc`)}`;
}

/**
 * One page of the moderation queue: pending reports first, newest first within each group.
 * One keyset row comparison over ((status = 'pending'), created_at, id), all descending, is
 * served by user_reports_queue_idx, so a deep page reads as many rows as the first.
 */
export function reportQueueSql(limit: number, after: ReportCursor | undefined): SQL {
  const bound = after
    ? sql`where ((status = 'pending'), created_at, id)
            < (${after.pending}::boolean, ${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  return reportRowsSql(
    sql`select * from user_reports ${bound} order by ${QUEUE_ORDER} limit ${limit}`,
  );
}

export async function selectReportQueue(
  db: Executor,
  limit: number,
  after: ReportCursor | undefined,
): Promise<ReportRow[]> {
  return (await db.execute<ReportRow>(reportQueueSql(limit, after))).rows;
}

export async function selectReport(db: Executor, id: string): Promise<ReportRow | undefined> {
  const result = await db.execute<ReportRow>(
    reportRowsSql(sql`select * from user_reports where id = ${id}`),
  );
  return result.rows[0];
}

/**
 * Moves a pending report to `status`, recording who and when; undefined when the report is
 * unknown or no longer pending (the condition makes two concurrent changes apply once).
 */
export async function markReport(
  db: Executor,
  id: string,
  status: Exclude<ReportStatus, "pending">,
  reviewerId: string,
): Promise<TargetRef | undefined> {
  const result = await db.execute<{ type: ReportTargetType; id: string }>(sql`
    update user_reports set status = ${status}, reviewed_by = ${reviewerId}, reviewed_at = now()
     where id = ${id} and status = 'pending'
    returning reported_type as type, reported_id as id`);
  return result.rows[0];
}

export async function reportExists(db: Executor, id: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from user_reports where id = ${id}`);
  return result.rows.length > 0;
}

/** The newest pending report on a target, which a moderator acting on it is answering. */
export async function newestPendingReportId(
  db: Executor,
  target: TargetRef,
): Promise<string | null> {
  const result = await db.execute<{ id: string }>(sql`
    select id from user_reports
     where reported_type = ${target.type} and reported_id = ${target.id} and status = 'pending'
     order by created_at desc, id desc limit 1`);
  return result.rows[0]?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// The Activity Log

export async function insertAction(
  db: Executor,
  values: {
    actorId: string;
    action: ModerationAction;
    subject: TargetRef;
    label: string;
    reportId: string | null;
  },
): Promise<void> {
  await db.insert(moderationActions).values({
    actorId: values.actorId,
    action: values.action,
    subjectType: values.subject.type,
    subjectId: values.subject.id,
    subjectLabel: values.label,
    reportId: values.reportId,
  });
}

export interface ActionRow extends Record<string, unknown> {
  id: string;
  action: ModerationAction;
  subject_type: ReportTargetType;
  subject_id: string;
  subject_label: string;
  report_id: string | null;
  created_at_text: string;
}

/** Newest first, keyset on (created_at, id) through moderation_actions_created_idx; actor_… */
export function activitySql(limit: number, after: Cursor | undefined): SQL {
  const bound = after
    ? sql`where (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  return sql`
    select m.id, m.action, m.subject_type, m.subject_id, m.subject_label, m.report_id,
           ${createdAtText("m")}, ${personColumns("ac", "actor")}
      from (select * from moderation_actions ${bound}
             order by created_at desc, id desc limit ${limit}) m
      left join profiles ac on ac.id = m.actor_id
     order by m.created_at desc, m.id desc`;
}

export async function selectActivity(
  db: Executor,
  limit: number,
  after: Cursor | undefined,
): Promise<ActionRow[]> {
  return (await db.execute<ActionRow>(activitySql(limit, after))).rows;
}

// ---------------------------------------------------------------------------------------------
// Totals, team and roles

export interface StatsRow extends Record<string, unknown> {
  total_users: number;
  total_reviews: number;
  total_comments: number;
  pending_reports: number;
}

/** The dashboard's totals in one statement; hidden content is not counted. */
export async function selectStats(db: Executor): Promise<StatsRow> {
  const result = await db.execute<StatsRow>(sql`
    select (select count(*)::int from profiles) as total_users,
           (select count(*)::int from reviews where not is_hidden) as total_reviews,
           (select count(*)::int from comments where not is_hidden)
             + (select count(*)::int from post_comments where not is_hidden) as total_comments,
           (select count(*)::int from user_reports where status = 'pending') as pending_reports`);
  const row = result.rows[0];
  if (!row) throw new Error("stats returned no row");
  return row;
}

export interface TeamRow extends AuthorColumns, Record<string, unknown> {
  role: "admin" | "moderator";
}

/** Everyone with a role above user: admins first, then moderators, each by username. */
export async function selectTeam(db: Executor): Promise<TeamRow[]> {
  const result = await db.execute<TeamRow>(sql`
    select ur.role, p.id as user_id, p.username as author_username,
           p.full_name as author_full_name, p.slug as author_slug,
           p.avatar_url as author_avatar_url
      from user_roles ur join profiles p on p.id = ur.user_id
     where ur.role in ('admin', 'moderator')
     order by ur.role = 'admin' desc, p.username`);
  return result.rows;
}

/**
 * A person and their role (user when they have no role row), their profile row-locked until
 * the transaction ends so concurrent role changes of one person apply one after the other.
 */
export async function lockPersonRole(
  db: Executor,
  userId: string,
): Promise<{ username: string; role: Role } | undefined> {
  const result = await db.execute<{ username: string; role: Role | null }>(sql`
    select p.username, ur.role from profiles p left join user_roles ur on ur.user_id = p.id
     where p.id = ${userId} for update of p`);
  const row = result.rows[0];
  return row && { username: row.username, role: row.role ?? "user" };
}

export async function saveRole(db: Executor, userId: string, role: Role): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
}
