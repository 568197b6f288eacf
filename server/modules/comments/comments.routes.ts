import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { commentMessages, createCommentInput } from "#domain/comment.ts";
import { currentUser, getSessionUser, requireUser, requireUserWith } from "#server/auth/session.ts";
import type { RateLimitRule } from "#server/config.ts";
import { consumeActionQuota } from "#server/http/action-limit.ts";
import { errorResponse } from "#server/http/errors.ts";
import { authorSchema, idParam, pageQuery } from "#server/modules/feed/feed.schemas.ts";
import type { ItemKind } from "#server/modules/feed/items.queries.ts";
import { addComment, deleteComment, listComments } from "./comments.service.ts";

/**
 * Comments per user and window (security floor: rate limits on comments, kept in the database
 * so every server instance shares them). Generous for a person, a wall for a script.
 */
export const COMMENT_RATE_LIMIT: RateLimitRule = { window: 60, max: 20 };

const commentSchema = z.object({
  id: z.string(),
  itemType: z.enum(["review", "post"]),
  itemId: z.string(),
  content: z.string(),
  author: authorSchema,
  userName: z.string(),
  userHandler: z.string(),
  isOwner: z.boolean(),
  createdAt: z.string(),
});

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const requireSignIn = requireUserWith(commentMessages.signInRequired);
  const collections: [string, ItemKind][] = [
    ["reviews", "review"],
    ["posts", "post"],
  ];

  for (const [collection, kind] of collections) {
    app.get(
      `/${collection}/:id/comments`,
      {
        schema: {
          summary: `Comments on a ${kind}, newest first (keyset paged, hidden ones left out)`,
          tags: ["comments"],
          params: z.object({ id: idParam }),
          querystring: z.object(pageQuery),
          response: {
            200: z.object({ items: z.array(commentSchema), nextCursor: z.string().nullable() }),
            400: errorResponse,
            404: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const user = await getSessionUser(request, reply);
        return listComments({ db, user }, kind, request.params.id, request.query);
      },
    );

    app.post(
      `/${collection}/:id/comments`,
      {
        preHandler: requireSignIn,
        schema: {
          summary: `Comment on a ${kind}`,
          tags: ["comments"],
          params: z.object({ id: idParam }),
          body: createCommentInput,
          response: {
            201: commentSchema,
            400: errorResponse,
            401: errorResponse,
            404: errorResponse,
            429: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        await consumeActionQuota(db, "comment", user.id, COMMENT_RATE_LIMIT, reply);
        const comment = await addComment({ db, user }, kind, request.params.id, request.body);
        return reply.status(201).send(comment);
      },
    );

    app.delete(
      `/comments/${kind}/:commentId`,
      {
        preHandler: requireUser,
        schema: {
          summary: `Delete your own comment on a ${kind}`,
          tags: ["comments"],
          params: z.object({ commentId: idParam }),
          response: {
            204: z.null(),
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
            404: errorResponse,
          },
        },
      },
      async (request, reply) => {
        await deleteComment({ db, user: currentUser(request) }, kind, request.params.commentId);
        return reply.status(204).send(null);
      },
    );
  }
};
