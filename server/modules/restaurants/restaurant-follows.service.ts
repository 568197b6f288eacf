import type { SessionUser } from "#domain/profile.ts";
import type { RestaurantFollowState } from "#domain/restaurant.ts";
import type { Database } from "#server/db/client.ts";
import { ensureCallerProfile } from "#server/modules/shared/accounts.ts";
import {
  bumpRestaurantFollowerCount,
  deleteRestaurantFollow,
  insertRestaurantFollow,
} from "./restaurant-follows.queries.ts";
import { existingRestaurant } from "./restaurants.service.ts";

export interface RestaurantFollowContext {
  db: Database;
  user: SessionUser;
  adminEmails: readonly string[];
}

/**
 * Follows (following = true) or unfollows a restaurant. Idempotent like a like: the follow's
 * primary key decides whether anything changed, and only an actual insert or delete moves the
 * place's follower count, in the same transaction, so the count always equals its follows.
 * An unknown restaurant is a 404.
 */
export async function setRestaurantFollow(
  ctx: RestaurantFollowContext,
  id: string,
  following: boolean,
): Promise<RestaurantFollowState> {
  await ensureCallerProfile(ctx.db, ctx.user, ctx.adminEmails);
  return ctx.db.transaction(async (tx) => {
    const restaurant = await existingRestaurant(tx, id);
    const changed = following
      ? await insertRestaurantFollow(tx, ctx.user.id, restaurant.id)
      : await deleteRestaurantFollow(tx, ctx.user.id, restaurant.id);
    const followerCount = changed
      ? await bumpRestaurantFollowerCount(tx, restaurant.id, following ? 1 : -1)
      : restaurant.followerCount;
    return { following, followerCount };
  });
}
