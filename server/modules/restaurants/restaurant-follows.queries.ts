import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import type { PersonTies } from "#server/modules/shared/person-ties.ts";
import { wantsNotificationSql } from "#server/modules/shared/wants-notification.ts";

// People following restaurants (the page's Follow button). This module owns restaurant_follows
// and restaurants.follower_count: every write of either is here.

/** Adds the follow unless it exists; true when a row was added. */
export async function insertRestaurantFollow(
  db: Executor,
  userId: string,
  restaurantId: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into restaurant_follows (user_id, restaurant_id) values (${userId}, ${restaurantId})
    on conflict do nothing
    returning 1`);
  return result.rows.length > 0;
}

/** Removes the follow if it exists; true when a row was removed. */
export async function deleteRestaurantFollow(
  db: Executor,
  userId: string,
  restaurantId: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    delete from restaurant_follows where user_id = ${userId} and restaurant_id = ${restaurantId}
    returning 1`);
  return result.rows.length > 0;
}

/** Moves the place's follower count by `delta` (never below zero); returns the new count. */
export async function bumpRestaurantFollowerCount(
  db: Executor,
  restaurantId: string,
  delta: 1 | -1,
): Promise<number> {
  const result = await db.execute<{ follower_count: number }>(sql`
    update restaurants set follower_count = greatest(follower_count + ${delta}, 0)
     where id = ${restaurantId}
    returning follower_count`);
  return Number(result.rows[0]?.follower_count ?? 0);
}

/**
 * "{restaurant} has a new deal" for every follower of the place, in ONE statement inside the
 * deal's transaction, read from restaurant_follows_restaurant_idx: not for its author, nor for
 * anyone who switched "Deals at places you follow" off, is in a block with the author or may not
 * see the author's items (a private profile they do not follow). Returns the rows written, for
 * delivery after commit.
 */
export function dealFollowerNotificationsSql(deal: {
  id: string;
  authorId: string;
  restaurantId: string;
}): SQL {
  const follower = sql`rf.user_id`;
  return sql`
    insert into notifications (type, user_id, actor_id, deal_id)
    select 'new_deal', rf.user_id, ${deal.authorId}, ${deal.id}::uuid
      from restaurant_follows rf
     where rf.restaurant_id = ${deal.restaurantId} and rf.user_id <> ${deal.authorId}
       and ${wantsNotificationSql(follower, "new_deal")}
       and ${visibleAuthorSql(follower, sql`${deal.authorId}::text`)}
    returning id, user_id as recipient_id`;
}

export async function notifyDealFollowers(
  db: Executor,
  deal: Parameters<typeof dealFollowerNotificationsSql>[0],
): Promise<{ id: string; recipientId: string }[]> {
  const result = await db.execute<{ id: string; recipient_id: string }>(
    dealFollowerNotificationsSql(deal),
  );
  return result.rows.map((row) => ({ id: row.id, recipientId: row.recipient_id }));
}

/**
 * Takes a leaving account's follows off the places' follower counts, before its rows go (the
 * follows themselves cascade with its profile).
 */
async function releaseRestaurantFollowCounts(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`
    update restaurants r set follower_count = greatest(r.follower_count - 1, 0)
      from restaurant_follows rf where rf.user_id = ${userId} and r.id = rf.restaurant_id`);
}

/**
 * Restaurant follows as an erased account releases them. Not contact between two people, so a
 * block leaves them alone.
 */
export const restaurantFollowTies: PersonTies = {
  releaseCountsOf: releaseRestaurantFollowCounts,
};
