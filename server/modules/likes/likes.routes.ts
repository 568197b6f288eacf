import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "#domain/ids.ts";
import { itemCollections, itemKinds } from "#domain/item-kinds.ts";
import { likeStateSchema } from "#domain/like.ts";
import { likeMessages } from "#domain/like-rules.ts";
import { currentUser, requireUserWith } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { setLike } from "./likes.service.ts";

export const likeRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireSignIn = requireUserWith(likeMessages.signInRequired);
  for (const kind of itemKinds) {
    for (const [method, liked] of [
      ["PUT", true],
      ["DELETE", false],
    ] as const) {
      app.route({
        method,
        url: `/${itemCollections[kind]}/:id/like`,
        preHandler: requireSignIn,
        schema: {
          summary: liked ? `Like a ${kind} (idempotent)` : `Remove your like from a ${kind}`,
          tags: ["likes"],
          params: z.object({ id: idParam }),
          response: {
            200: likeStateSchema,
            ...errorResponses(400, 401, 404),
          },
        },
        handler: async (request) =>
          setLike(
            { db: app.database.db, user: currentUser(request), events: app.events, push: app.push },
            kind,
            request.params.id,
            liked,
          ),
      });
    }
  }
};
