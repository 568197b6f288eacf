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
