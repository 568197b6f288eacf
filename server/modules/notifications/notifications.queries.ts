import { and, eq, type SQL, sql } from "drizzle-orm";
import {
  GROUP_ACTORS_SHOWN,
  NOTIFICATIONS_GROUPED,
  type NotificationGroupRef,
  type NotificationType,
} from "#domain/notifications.ts";
import type { Executor } from "#server/db/client.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import type { AuthorColumns } from "#server/modules/items/items.mapper.ts";
import { notMutedSql, visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import { CREATED_AT_TEXT, type Cursor } from "#server/modules/shared/keyset.ts";
import {
  notificationItemJoins,
  notificationItemVisible,
  notificationTargetColumns,
} from "#server/modules/shared/notification-target.ts";
import { betweenPeopleSql } from "#server/modules/shared/people.ts";
import type { PersonTies } from "#server/modules/shared/person-ties.ts";

/**
 * Notifications about hidden items are left out: the item cannot be opened, and the
 * list would otherwise announce what moderation removed. (Deleted items take their
 * notifications with them by cascade.)
 */
/**
 * What `userId` is shown: notifications about visible items whose actor they may see and did
 * not mute (unmuting brings those back: nothing is deleted), and every notice that a moderator
 * hid their content (about a hidden item by nature, from a moderator who is never named), and
 * notices that their visible deal was reported gone (whose voter is never named either). `n`
 * is the notification, `r`, `p` and `d` its review, post and deal left-joined. The screen and the weekly
 * email both read through it.
 */
export function notificationShownToSql(userId: string): SQL {
  return sql`(n.type = 'content_hidden' or (${notificationItemVisible} and (n.type = 'deal_gone'
    or (${visibleAuthorSql(userId, sql`n.actor_id`, "person")} and ${notMutedSql(userId, sql`n.actor_id`)}))))`;
}

/**
 * The group key of notification `n` (the rule is written down in domain/notifications.ts):
 * likes, comments, replies, mentions and a new deal at a followed place by item, followers by the
 * UTC day they followed on, each moderator's hide on its own.
 */
const groupKey = sql`case n.type
    when 'new_follower' then 'follow.' || to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD')
    when 'content_hidden' then 'hidden.' || n.id::text
    when 'follow_request' then 'request.' || n.id::text
    when 'deal_gone' then 'gone.' || n.id::text
    else case n.type when 'new_like' then 'like.' when 'new_reply' then 'reply.'
                     when 'new_mention' then 'mention.' when 'new_deal' then 'deal.'
                     else 'comment.' end
      || case when n.review_id is not null then 'review.' || n.review_id::text
              when n.post_id is not null then 'post.' || n.post_id::text
              else 'deal.' || n.deal_id::text end
  end`;

/**
 * The recipient's newest NOTIFICATIONS_GROUPED notifications they are shown, with their group
 * keys: a walk down notifications_user_created_idx that stops there, whatever the user's
 * history holds. Every grouped read starts from it, so the list, its counts of people and a
 * group's people page agree. Follow requests are not grouped: they wait for an answer however
 * old, so GET /api/follow-requests lists them from the requests themselves.
 */
function recentShown(userId: string): SQL {
  return sql`recent as (
    select n.id, n.type, n.actor_id, n.review_id, n.post_id, n.deal_id, n.is_read, n.created_at,
           -- Only a moderator's notices split by it: mentions in an item's text and in its
           -- comments are one group.
           n.type = 'content_hidden'
             and num_nonnulls(n.comment_id, n.post_comment_id, n.deal_comment_id) > 0
             as about_comment,
           coalesce(n.comment_id, n.post_comment_id, n.deal_comment_id) as comment_id,
           ${groupKey} as group_key
      from notifications n
      ${notificationItemJoins}
     where n.user_id = ${userId} and n.type <> 'follow_request'
       and ${notificationShownToSql(userId)}
     order by n.created_at desc, n.id desc
     limit ${NOTIFICATIONS_GROUPED})`;
}

const authorColumns = sql`a.id as user_id, a.username as author_username,
  a.full_name as author_full_name, a.slug as author_slug, a.avatar_url as author_avatar_url`;

/** One of a group's shown people: the list has up to GROUP_ACTORS_SHOWN rows per group. */
export interface NotificationGroupRow extends AuthorColumns, Record<string, unknown> {
  group_key: string;
  type: NotificationType;
  /** content_hidden: a comment of the recipient's was hidden, not the item itself. */
  about_comment: boolean;
  is_read: boolean;
  actor_count: number;
  latest_at_text: string;
  review_id: string | null;
  review_title: string | null;
  review_type: "dish" | "restaurant" | null;
  post_id: string | null;
  post_title: string | null;
  deal_id: string | null;
  deal_title: string | null;
  /** A deal's restaurant, which a new deal's sentence names. */
  deal_restaurant_name: string | null;
  /** The quoted text: a comment's, or the item's own for a mention in it. */
  comment_text: string | null;
  /** A mention group whose newest mention is in the item's own text, not a comment. */
  mention_in_text: boolean;
  follow_back: boolean;
  /** The item's first photo. */
  image_url: string | null;
}

/**
 * The user's newest `limit` groups, newest first, each with its newest GROUP_ACTORS_SHOWN
 * people (one row each, newest first), how many different people it holds, and whether all of
 * it is read, in one statement. A person counts once however often they commented or
 * re-followed.
 */
export function notificationGroupsSql(userId: string, limit: number): SQL {
  return sql`
    with ${recentShown(userId)},
    by_actor as (
      select group_key, type, review_id, post_id, deal_id, about_comment, actor_id,
             max(created_at) as latest_at, bool_and(is_read) as is_read,
             (array_agg(comment_id order by created_at desc))[1] as comment_id
        from recent
       group by group_key, type, review_id, post_id, deal_id, about_comment, actor_id),
    grouped as (
      select group_key, type, review_id, post_id, deal_id, about_comment,
             max(latest_at) as latest_at,
             bool_and(is_read) as is_read, count(*)::int as actor_count,
             (array_agg(comment_id order by latest_at desc, actor_id))[1] as comment_id,
             (array_agg(actor_id order by latest_at desc, actor_id))[1:${GROUP_ACTORS_SHOWN}]
               as actor_ids
        from by_actor
       group by group_key, type, review_id, post_id, deal_id, about_comment
       order by latest_at desc, group_key
       limit ${limit})
    select g.group_key, g.type, g.about_comment, g.is_read, g.actor_count,
           to_char(g.latest_at at time zone 'UTC', ${sql.raw(CREATED_AT_TEXT)}) as latest_at_text,
           ${authorColumns},
           g.type = 'new_follower' and g.actor_count = 1 and not exists (
             select 1 from follows f where f.follower_id = ${userId} and f.following_id = a.id)
             as follow_back,
           r.id as review_id, r.title as review_title, r.review_type,
           p.id as post_id, p.title as post_title, d.id as deal_id, d.title as deal_title,
           (select dr.name from restaurants dr where dr.id = d.restaurant_id)
             as deal_restaurant_name,
           coalesce(
             (select ri.image_url from review_images ri where ri.review_id = r.id
               order by ri.display_order limit 1),
             (select pi.image_url from post_images pi where pi.post_id = p.id
               order by pi.display_order limit 1),
             (select di.image_url from deal_images di where di.deal_id = d.id
               order by di.display_order limit 1)) as image_url,
           case when g.type = 'new_mention' and g.comment_id is null
                then coalesce(r.description, p.content)
                when g.type in ('new_comment', 'new_reply', 'new_mention')
                then coalesce(c.content, pc.content, dc.content) end as comment_text,
           g.type = 'new_mention' and g.comment_id is null as mention_in_text
      from grouped g
      cross join lateral unnest(g.actor_ids) with ordinality as shown(actor_id, position)
      join profiles a on a.id = shown.actor_id
      left join reviews r on r.id = g.review_id
      left join posts p on p.id = g.post_id
      left join deals d on d.id = g.deal_id
      -- The newest comment of a comment, reply or mention group, which the row quotes.
      left join comments c on c.id = g.comment_id and g.review_id is not null
       and not c.is_hidden
      left join post_comments pc on pc.id = g.comment_id and g.post_id is not null
       and not pc.is_hidden
      left join deal_comments dc on dc.id = g.comment_id and g.deal_id is not null
       and not dc.is_hidden
     order by g.latest_at desc, g.group_key, shown.position`;
}

export async function selectNotificationGroups(
  db: Executor,
  userId: string,
  limit: number,
): Promise<NotificationGroupRow[]> {
  return (await db.execute<NotificationGroupRow>(notificationGroupsSql(userId, limit))).rows;
}

/**
 * How many groups hold an unread notification the user is shown: only the unread rows are
 * read, through notifications_user_unread_idx. The badge counts unread follow requests too;
 * the list's own count (`requests: false`) only the groups it lists.
 */
export function unreadCountSql(userId: string, requests: boolean): SQL {
  const kinds = requests ? sql`` : sql`and n.type <> 'follow_request'`;
  return sql`
    select count(distinct ${groupKey})::int as count
      from notifications n
      ${notificationItemJoins}
     where n.user_id = ${userId} and not n.is_read ${kinds}
       and ${notificationShownToSql(userId)}`;
}

export async function countUnread(
  db: Executor,
  userId: string,
  requests: boolean,
): Promise<number> {
  const result = await db.execute<{ count: number }>(unreadCountSql(userId, requests));
  return Number(result.rows[0]?.count ?? 0);
}

/** The user's notifications that `group` names, as a condition on `n`. */
function inGroup(userId: string, group: NotificationGroupRef): SQL {
  if ("notificationId" in group) {
    return sql`n.user_id = ${userId} and n.type = ${group.type}
      and n.id = ${group.notificationId}::uuid`;
  }
  if (group.type === "new_follower") {
    const start = sql`(${group.day}::date)::timestamp at time zone 'UTC'`;
    return sql`n.user_id = ${userId} and n.type = 'new_follower'
      and n.created_at >= ${start} and n.created_at < ${start} + interval '1 day'`;
  }
  const target = sql.identifier(notificationTargetColumns[group.kind].item);
  return sql`n.user_id = ${userId} and n.type = ${group.type} and n.${target} = ${group.itemId}::uuid`;
}

/**
 * Marks every one of the user's notifications in `group` read, in one statement; returns how
 * many the group holds (0: the user has no such group). Only the user's own rows are named.
 */
export function markGroupReadSql(userId: string, group: NotificationGroupRef): SQL {
  return sql`
    with members as (
      select n.id, n.is_read from notifications n where ${inGroup(userId, group)}),
    marked as (
      update notifications set is_read = true
       where id in (select id from members where not is_read)
      returning id)
    select count(*)::int as members from members`;
}

export async function markGroupRead(
  db: Executor,
  userId: string,
  group: NotificationGroupRef,
): Promise<number> {
  const result = await db.execute<{ members: number }>(markGroupReadSql(userId, group));
  return Number(result.rows[0]?.members ?? 0);
}

export async function markAllRead(db: Executor, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), sql`not ${notifications.isRead}`));
}

export interface NotificationPersonRow extends AuthorColumns, Record<string, unknown> {
  at_text: string;
  followed_by_viewer: boolean;
}

/**
 * One page of the people of the user's group `key`, by when each last acted, newest first,
 * keyset on (that time, person id); drawn from the same newest shown notifications as the list,
 * so it holds exactly the people the group counts.
 */
export function groupPeopleSql(params: {
  userId: string;
  key: string;
  after?: Cursor | undefined;
  limit: number;
}): SQL {
  const { userId, key, after } = params;
  const position = after
    ? sql`where (people.latest_at, people.actor_id) < (${after.createdAt}::timestamptz, ${after.id})`
    : sql``;
  return sql`
    with ${recentShown(userId)},
    people as (
      select actor_id, max(created_at) as latest_at
        from recent
        -- A moderator who hid something and the voter who tipped a deal into "Reported gone"
        -- are never named, so such groups have no people.
       where group_key = ${key} and type not in ('content_hidden', 'deal_gone')
       group by actor_id)
    select to_char(people.latest_at at time zone 'UTC', ${sql.raw(CREATED_AT_TEXT)}) as at_text,
           ${authorColumns},
           exists (select 1 from follows f
                    where f.follower_id = ${userId} and f.following_id = a.id) as followed_by_viewer
      from people
      join profiles a on a.id = people.actor_id
      ${position}
     order by people.latest_at desc, people.actor_id desc
     limit ${params.limit}`;
}

export async function selectGroupPeople(
  db: Executor,
  params: Parameters<typeof groupPeopleSql>[0],
): Promise<NotificationPersonRow[]> {
  return (await db.execute<NotificationPersonRow>(groupPeopleSql(params))).rows;
}

/** Deletes the notifications either of the two got because of the other. */
async function deleteNotificationsBetween(db: Executor, a: string, b: string): Promise<void> {
  await db.execute(sql`
    delete from notifications n where ${betweenPeopleSql(a, b, sql`n.actor_id`, sql`n.user_id`)}`);
}

/** Notifications as contact a block ends (they hold no counter to release). */
export const notificationTies: PersonTies = { deleteBetween: deleteNotificationsBetween };
