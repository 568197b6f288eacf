import type { ItemKind } from "#domain/item-kinds.ts";
import type { LikeState } from "#domain/like.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database } from "#server/db/client.ts";
import { notifyItemActivity } from "#server/modules/items/item-activity.ts";
import { findItemToInteractWith } from "#server/modules/items/items.queries.ts";
import { itemNotFound } from "#server/modules/items/items.service.ts";
import type { PushNotifier } from "#server/modules/shared/push.ts";
import type { EventBus } from "#server/realtime/event-bus.ts";
import { bumpLikeCount, deleteLike, insertLike } from "./likes.queries.ts";

export interface LikeContext {
  db: Database;
  user: SessionUser;
  events: EventBus;
  push: PushNotifier;
}

/**
 * Likes (liked = true) or unlikes a review or post. Idempotent: the like row's primary key
 * decides whether anything changed (`on conflict do nothing returning` / `delete returning`),
 * and only an actual insert or delete moves the counter, in the same transaction. So the
 * counter equals the number of like rows whatever the interleaving of concurrent requests.
 */
export async function setLike(
  ctx: LikeContext,
  kind: ItemKind,
  itemId: string,
  liked: boolean,
): Promise<LikeState> {
  const { state, notification } = await ctx.db.transaction(async (tx) => {
    const item = await findItemToInteractWith(tx, kind, itemId, ctx.user.id);
    if (!item) throw itemNotFound(kind);
    const changed = liked
      ? await insertLike(tx, kind, itemId, ctx.user.id)
      : await deleteLike(tx, kind, itemId, ctx.user.id);
    if (!changed) return { state: { liked, likeCount: item.likeCount }, notification: undefined };
    const likeCount = await bumpLikeCount(tx, kind, itemId, liked ? 1 : -1);
    const notificationId = liked
      ? await notifyItemActivity(tx, {
          type: "new_like",
          actorId: ctx.user.id,
          recipientId: item.userId,
          kind,
          itemId,
        })
      : undefined;
    return {
      state: { liked, likeCount },
      notification: notificationId && { id: notificationId, recipientId: item.userId },
    };
  });
  // After the commit, so the author's refetch finds the notification.
  if (notification) {
    await ctx.events.publish(notification.recipientId, { type: "notification" });
    ctx.push.notify(notification.recipientId, notification.id);
  }
  return state;
}
