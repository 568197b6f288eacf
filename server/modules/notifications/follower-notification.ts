import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { wantsNotificationSql } from "#server/modules/shared/wants-notification.ts";

/**
 * Records "X started following you" for the followed person inside the follow's transaction
 * (docs/decisions/0008: the notification exists exactly when the follow committed). Skipped
 * while an identical unread one exists, so follow/unfollow/follow does not notify twice; a
 * follow after the person has read the last one is news again. The follow row's unique key
 * serialises one pair's concurrent follows, so the check cannot race with itself. Nothing when
 * the followed person switched new followers off (notification_settings).
 *
 * Returns the inserted notification's id, or undefined when none was written.
 */
export async function notifyNewFollower(
  db: Executor,
  follow: { followerId: string; followingId: string },
): Promise<string | undefined> {
  const result = await db.execute<{ id: string }>(sql`
    insert into notifications (type, user_id, actor_id)
    select 'new_follower', ${follow.followingId}, ${follow.followerId}
     where ${wantsNotificationSql(follow.followingId, "new_follower")}
       and not exists (
       select 1 from notifications n
        where n.user_id = ${follow.followingId} and not n.is_read
          and n.type = 'new_follower' and n.actor_id = ${follow.followerId})
    returning id`);
  return result.rows[0]?.id;
}

/**
 * Records "X requested to follow you" for the private account's owner, inside the request's
 * transaction; it lives exactly as long as the request waits (forgetFollowRequest removes it).
 * Always written: a request needs its answer whatever the recipient's notification switches.
 */
export async function notifyFollowRequest(
  db: Executor,
  request: { requesterId: string; targetId: string },
): Promise<string | undefined> {
  const result = await db.execute<{ id: string }>(sql`
    insert into notifications (type, user_id, actor_id)
    values ('follow_request', ${request.targetId}, ${request.requesterId})
    returning id`);
  return result.rows[0]?.id;
}

/** Removes the notice of a request that was accepted, declined or withdrawn. */
export async function forgetFollowRequest(
  db: Executor,
  request: { requesterId: string; targetId: string },
): Promise<void> {
  await db.execute(sql`
    delete from notifications
     where type = 'follow_request' and user_id = ${request.targetId}
       and actor_id = ${request.requesterId}`);
}
