import { and, eq, sql } from "drizzle-orm";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { DeliveredNotificationType } from "#domain/notifications.ts";
import type { Executor } from "#server/db/client.ts";
import { pushSubscriptions } from "#server/db/schema/notification-settings.ts";
import { notMutedSql, visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import {
  notificationItemColumns,
  notificationItemJoins,
  notificationItemVisible,
} from "#server/modules/shared/notification-target.ts";
import { deliveredSql } from "#server/modules/shared/wants-notification.ts";

/** Browsers one person may have push on in; subscribing another drops their oldest. */
const PUSH_SUBSCRIPTIONS_PER_USER = 10;

/**
 * Stores a browser's subscription for the person. An endpoint names one browser, so one that is
 * already stored (the same browser, perhaps signed in as someone else before) is taken over with
 * its new keys. Past PUSH_SUBSCRIPTIONS_PER_USER the person's oldest go.
 */
export async function upsertSubscription(
  db: Executor,
  userId: string,
  subscription: { endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...subscription })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        createdAt: sql`now()`,
      },
    });
  await db.execute(sql`
    delete from push_subscriptions
     where user_id = ${userId}
       and id not in (select id from push_subscriptions where user_id = ${userId}
                       order by created_at desc, id desc limit ${PUSH_SUBSCRIPTIONS_PER_USER})`);
}

/** Deletes the person's own subscription with that endpoint; false when they have none. */
export async function deleteOwnSubscription(
  db: Executor,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** A subscription the push service says is gone (404, 410). */
export async function deleteSubscription(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export interface PushTarget extends Record<string, unknown> {
  type: DeliveredNotificationType;
  actor_name: string;
  item_kind: ItemKind | null;
  item_id: string | null;
  title: string | null;
  /** A mention in the item's own text rather than in a comment. */
  in_text: boolean;
  /** A deal's restaurant, which a new deal's push names. */
  restaurant_name: string | null;
}

/**
 * What a push about notification `id` says, if its recipient would be shown it (the actor
 * visible to them and not muted, the item not hidden). Only what people do and ask is pushed
 * (`deliveredSql`): a moderator's notice waits in the app (docs/decisions/0017).
 */
export async function selectPushTarget(
  db: Executor,
  recipientId: string,
  notificationId: string,
): Promise<PushTarget | undefined> {
  const result = await db.execute<PushTarget>(sql`
    select n.type,
           coalesce(nullif(a.full_name, ''), a.username) as actor_name,
           ${notificationItemColumns},
           n.type = 'new_mention'
             and num_nonnulls(n.comment_id, n.post_comment_id, n.deal_comment_id) = 0 as in_text,
           (select dr.name from restaurants dr where dr.id = d.restaurant_id) as restaurant_name
      from notifications n
      join profiles a on a.id = n.actor_id
      ${notificationItemJoins}
     where n.id = ${notificationId} and n.user_id = ${recipientId}
       and ${deliveredSql(recipientId)} and ${notificationItemVisible}
       and ${visibleAuthorSql(recipientId, sql`n.actor_id`, "person")}
       and ${notMutedSql(recipientId, sql`n.actor_id`)}`);
  return result.rows[0];
}

export async function selectSubscriptions(db: Executor, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}
