import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  notificationGroupKeyParam,
  notificationListSchema,
  notificationPeoplePageSchema,
  unreadCountSchema,
} from "#domain/notifications.ts";
import { pageQuery } from "#domain/paging.ts";
import { currentUser, requireUser } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import {
  listGroupPeople,
  listNotifications,
  type NotificationContext,
  readAllNotifications,
  readNotificationGroup,
  unreadNotificationCount,
} from "./notifications.service.ts";

const groupParams = z.object({ key: notificationGroupKeyParam });

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
        summary: "Your newest notification groups with people and item, and how many are unread",
        tags: ["notifications"],
        response: { 200: notificationListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listNotifications(context(request)),
  );

  app.get(
    "/notifications/unread-count",
    {
      preHandler: requireUser,
      schema: {
        summary: "How many of your notification groups are unread",
        tags: ["notifications"],
        response: { 200: unreadCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ count: await unreadNotificationCount(context(request)) }),
  );

  app.post(
    "/notifications/groups/:key/read",
    {
      preHandler: requireUser,
      schema: {
        summary: "Mark every notification of one of your groups read",
        description: "The key is a group's `key` from GET /api/notifications, opaque to clients.",
        tags: ["notifications"],
        params: groupParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await readNotificationGroup(context(request), request.params.key);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/notifications/groups/:key/people",
    {
      preHandler: requireUser,
      schema: {
        summary: "The people of one of your notification groups, newest first (keyset paged)",
        description: "`followedByMe` says whether you follow each; another's key lists nobody.",
        tags: ["notifications"],
        params: groupParams,
        querystring: pageQuery,
        response: { 200: notificationPeoplePageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listGroupPeople(context(request), request.params.key, request.query),
  );

  app.post(
    "/notifications/read-all",
    {
      preHandler: requireUser,
      schema: {
        summary: "Mark all your notifications read",
        tags: ["notifications"],
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await readAllNotifications(context(request));
      return reply.status(204).send(null);
    },
  );
};
