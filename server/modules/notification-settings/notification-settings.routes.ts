import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "#domain/api-error.ts";
import {
  notificationSettingsSchema,
  updateNotificationSettingsSchema,
} from "#domain/notification-settings.ts";
import type { EmailSender } from "#server/auth/senders/email.ts";
import { currentUser, requireUser } from "#server/auth/session.ts";
import { sendDueDigests } from "./notification-digest.ts";
import {
  getNotificationSettings,
  type NotificationSettingsContext,
  updateNotificationSettings,
} from "./notification-settings.service.ts";

/** How often the weekly digest looks for people due one (besides once at start-up). */
const DIGEST_INTERVAL_MS = 60 * 60 * 1000;

export const notificationSettingsRoutes: FastifyPluginAsyncZod<{
  emailSender: EmailSender;
}> = async (app, options) => {
  const context = (request: FastifyRequest): NotificationSettingsContext => ({
    db: app.database.db,
    user: currentUser(request),
  });

  let timer: NodeJS.Timeout | undefined;
  const digest = async () => {
    try {
      const sent = await sendDueDigests({
        db: app.database.db,
        email: options.emailSender,
        publicUrl: app.config.publicUrl,
        log: app.log,
      });
      if (sent > 0) app.log.info({ sent }, "sent notification digests");
    } catch (error) {
      app.log.warn({ err: error }, "the notification digest run failed");
    }
  };
  app.addHook("onReady", async () => {
    await digest();
    timer = setInterval(digest, DIGEST_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
  });

  app.get(
    "/notification-settings",
    {
      preHandler: requireUser,
      schema: {
        summary: "Your notification settings",
        tags: ["notifications"],
        response: { 200: notificationSettingsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getNotificationSettings(context(request)),
  );

  app.put(
    "/notification-settings",
    {
      preHandler: requireUser,
      schema: {
        summary: "Change your notification settings (only the fields sent)",
        description: "emailDigest weekly needs a confirmed email address.",
        tags: ["notifications"],
        body: updateNotificationSettingsSchema,
        response: { 200: notificationSettingsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => updateNotificationSettings(context(request), request.body),
  );
};
