import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  notificationSettingsSchema,
  updateNotificationSettingsSchema,
} from "#domain/notification-settings.ts";
import { currentUser, requireUser } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import type { DigestJob } from "./notification-digest.ts";
import {
  getNotificationSettings,
  type NotificationSettingsContext,
  updateNotificationSettings,
} from "./notification-settings.service.ts";

/** The caller's own settings; the weekly digest job starts and stops with the routes. */
export const notificationSettingsRoutes: FastifyPluginAsyncZod<{ digest: DigestJob }> = async (
  app,
  options,
) => {
  const context = (request: FastifyRequest): NotificationSettingsContext => ({
    db: app.database.db,
    user: currentUser(request),
  });

  app.addHook("onReady", async () => options.digest.start());
  app.addHook("onClose", () => options.digest.stop());

  app.get(
    "/notification-settings",
    {
      preHandler: requireUser,
      schema: {
        summary: "Your notification settings",
        tags: ["notifications"],
        response: { 200: notificationSettingsSchema, ...errorResponses(401) },
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
        response: { 200: notificationSettingsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => updateNotificationSettings(context(request), request.body),
  );
};
