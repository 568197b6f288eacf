import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeSchema,
} from "#domain/notification-settings.ts";
import { currentUser, requireUser } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { type PushContext, subscribe, unsubscribe } from "./push.service.ts";

/** Web push: the key browsers subscribe with, and the caller's own subscriptions. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest): PushContext => ({
    db: app.database.db,
    user: currentUser(request),
    localPushService: app.config.localPushService,
  });

  app.get(
    "/push/public-key",
    {
      schema: {
        summary: "The VAPID public key to subscribe with (null: this server sends no push)",
        tags: ["notifications"],
        response: { 200: pushPublicKeySchema },
      },
    },
    async () => ({ publicKey: app.config.vapid?.publicKey ?? null }),
  );

  app.post(
    "/push/subscriptions",
    {
      preHandler: requireUser,
      schema: {
        summary: "Store this browser's push subscription for you",
        description: "The body is PushSubscription.toJSON(); the endpoint must be https.",
        tags: ["notifications"],
        body: pushSubscriptionInputSchema,
        response: { 204: z.null(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await subscribe(context(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/push/subscriptions",
    {
      preHandler: requireUser,
      schema: {
        summary: "Delete one of your push subscriptions by its endpoint",
        tags: ["notifications"],
        body: pushUnsubscribeSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await unsubscribe(context(request), request.body);
      return reply.status(204).send(null);
    },
  );
};
