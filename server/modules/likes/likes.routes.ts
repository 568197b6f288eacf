import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { likeMessages } from "#domain/comment.ts";
import { currentUser, requireUserWith } from "#server/auth/session.ts";
import { errorResponse } from "#server/http/errors.ts";
import { idParam } from "#server/modules/feed/feed.schemas.ts";
import type { ItemKind } from "#server/modules/feed/items.queries.ts";
import { setLike } from "./likes.service.ts";

const likeState = z.object({ liked: z.boolean(), likeCount: z.number().int() });

export const likeRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireSignIn = requireUserWith(likeMessages.signInRequired);
  const collections: [string, ItemKind][] = [
    ["reviews", "review"],
    ["posts", "post"],
  ];
  for (const [collection, kind] of collections) {
    for (const [method, liked] of [
      ["PUT", true],
      ["DELETE", false],
    ] as const) {
      app.route({
        method,
        url: `/${collection}/:id/like`,
        preHandler: requireSignIn,
        schema: {
          summary: liked ? `Like a ${kind} (idempotent)` : `Remove your like from a ${kind}`,
          tags: ["likes"],
          params: z.object({ id: idParam }),
          response: {
            200: likeState,
            400: errorResponse,
            401: errorResponse,
            404: errorResponse,
          },
        },
        handler: async (request) =>
          setLike(
            { db: app.database.db, user: currentUser(request) },
            kind,
            request.params.id,
            liked,
          ),
      });
    }
  }
};
