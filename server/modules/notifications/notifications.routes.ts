import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "#domain/api-error.ts";
import { notificationListSchema, unreadCountSchema } from "#domain/notifications.ts";
import { currentUser, requireUser } from "#server/auth/session.ts";
import {
  listNotifications,
  type NotificationContext,
  readAllNotifications,
  readNotification,
  unreadNotificationCount,
} from "./notifications.service.ts";

/** The signed-in caller's notifications; there is no way to name anyone else's. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest): NotificationContext => ({
    db: app.database.db,
    user: currentUser(request),
  });

  app.get(
    "/notifications",
    {
      preHandler: requireUser,
      schema: {
        summary: "Your newest notifications with actor and item, and how many are unread",
        tags: ["notifications"],
        response: { 200: notificationListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listNotifications(context(request)),
  );

  app.get(
    "/notifications/unread-count",
    {
      preHandler: requireUser,
      schema: {
        summary: "How many of your notifications are unread",
        tags: ["notifications"],
        response: { 200: unreadCountSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ count: await unreadNotificationCount(context(request)) }),
  );

  app.post(
    "/notifications/:id/read",
    {
      preHandler: requireUser,
      schema: {
        summary: "Mark one of your notifications read",
        tags: ["notifications"],
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 204: z.null(), 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await readNotification(context(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/notifications/read-all",
    {
      preHandler: requireUser,
      schema: {
        summary: "Mark all your notifications read",
        tags: ["notifications"],
        response: { 204: z.null(), 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await readAllNotifications(context(request));
      return reply.status(204).send(null);
    },
  );
};
