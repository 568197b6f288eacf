import type { FastifyBaseLogger } from "fastify";
import webPush from "web-push";
import type { PushPayload } from "#domain/notification-settings.ts";
import { notificationSettingsMessages } from "#domain/notification-settings-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { BackgroundTasks } from "#server/auth/background.ts";
import type { VapidConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import type { PushNotifier } from "#server/modules/shared/push.ts";
import {
  deleteSubscription,
  type PushTarget,
  selectPushTarget,
  selectSubscriptions,
} from "./push.queries.ts";
import { isAllowedPushEndpoint } from "./push-endpoints.ts";

/** A push nobody delivered in a day is no longer news. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that has not answered by then is given up on (logged). */
const PUSH_TIMEOUT_MS = 10_000;

function pushPayload(target: PushTarget): PushPayload {
  const text = notificationSettingsMessages.pushText;
  const title = target.title ?? "";
  const body =
    target.type === "new_follower" || target.type === "follow_request"
      ? text[target.type](target.actor_name)
      : target.type === "new_deal"
        ? text.new_deal(target.restaurant_name ?? title)
        : target.in_text && target.item_kind
          ? notificationSettingsMessages.mentionInText(target.actor_name, target.item_kind, title)
          : text[target.type](target.actor_name, title);
  return {
    title: "Tasted",
    body,
    // One per item and kind (one for all new followers, one for all requests): the newer
    // replaces the older on screen.
    tag: target.item_id ? `${target.type}:${target.item_id}` : target.type,
    url: screenPaths.notifications,
  };
}

/**
 * Sends with web-push's request details (VAPID header, aes128gcm body) over fetch, so a test
 * push service on http://127.0.0.1 is reached the way a real one is over https. A 404 or 410
 * means the browser dropped the subscription: its row is deleted. Other failures are logged.
 */
export class WebPushNotifier implements PushNotifier {
  private readonly tasks = new BackgroundTasks();

  constructor(
    private readonly db: Database,
    private readonly vapid: VapidConfig | undefined,
    /** Config localPushService: the tests' push service on this machine is reached too. */
    private readonly localPushService: boolean,
    private readonly log: Pick<FastifyBaseLogger, "warn">,
  ) {}

  notify(recipientId: string, notificationId: string): void {
    if (!this.vapid) return;
    this.tasks.run(
      this.deliver(this.vapid, recipientId, notificationId).catch((error: unknown) =>
        this.log.warn({ err: error, notificationId }, "sending a push notification failed"),
      ),
    );
  }

  /** Resolves once every send started so far has finished (shutdown, tests). */
  settled(): Promise<void> {
    return this.tasks.drain();
  }

  private async deliver(vapid: VapidConfig, recipientId: string, notificationId: string) {
    const subscriptions = await selectSubscriptions(this.db, recipientId);
    if (subscriptions.length === 0) return;
    const target = await selectPushTarget(this.db, recipientId, notificationId);
    if (!target) return;
    const payload = JSON.stringify(pushPayload(target));
    await Promise.all(
      subscriptions.map(async (subscription) => {
        // A subscription stored before the endpoint rule was as strict is never posted to.
        if (!isAllowedPushEndpoint(subscription.endpoint, this.localPushService)) {
          await deleteSubscription(this.db, subscription.id);
          return;
        }
        try {
          const details = webPush.generateRequestDetails(
            {
              endpoint: subscription.endpoint,
              keys: { p256dh: subscription.p256dh, auth: subscription.auth },
            },
            payload,
            {
              vapidDetails: vapid,
              TTL: PUSH_TTL_SECONDS,
            },
          );
          const response = await fetch(details.endpoint, {
            method: details.method,
            headers: details.headers as Record<string, string>,
            body: details.body && new Uint8Array(details.body),
            redirect: "manual",
            signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
          });
          await response.body?.cancel();
          if (response.status === 404 || response.status === 410) {
            await deleteSubscription(this.db, subscription.id);
          } else if (!response.ok) {
            this.log.warn(
              { status: response.status, subscriptionId: subscription.id },
              "a push service refused a notification",
            );
          }
        } catch (error) {
          this.log.warn(
            { err: error, subscriptionId: subscription.id },
            "sending a push notification failed",
          );
        }
      }),
    );
  }
}
