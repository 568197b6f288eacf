import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  commentPageSchema,
  commentSchema,
  createCommentInput,
  replyPageSchema,
} from "#domain/comment.ts";
import { commentMessages } from "#domain/comment-rules.ts";
import { idParam } from "#domain/ids.ts";
import { itemCollections, itemKinds } from "#domain/item-kinds.ts";
import { pageQuery } from "#domain/paging.ts";
import { currentUser, getSessionUser, requireUser, requireUserWith } from "#server/auth/session.ts";
import type { RateLimitRule } from "#server/config.ts";
import { throttleCaller } from "#server/http/action-limit.ts";
import { errorResponses } from "#server/http/errors.ts";
import { addComment, deleteComment, listComments, listReplies } from "./comments.service.ts";

/**
 * Comments per user and window, kept in the database so every server instance shares them.
 * Generous for a person, a wall for a script.
 */
export const COMMENT_RATE_LIMIT: RateLimitRule = { window: 60, max: 20 };

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const requireSignIn = requireUserWith(commentMessages.signInRequired);
  for (const kind of itemKinds) {
    const collection = itemCollections[kind];
    app.get(
      `/${collection}/:id/comments`,
      {
        schema: {
          summary: `Top-level comments on a ${kind}, newest first (keyset paged, hidden ones left out), each with its first replies`,
          tags: ["comments"],
          params: z.object({ id: idParam }),
          querystring: pageQuery,
          response: {
            200: commentPageSchema,
            ...errorResponses(400, 404),
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
        preHandler: [requireSignIn, throttleCaller("comment", COMMENT_RATE_LIMIT)],
        schema: {
          summary: `Comment on a ${kind}, or reply to one of its comments (parentId)`,
          tags: ["comments"],
          params: z.object({ id: idParam }),
          body: createCommentInput,
          response: {
            201: commentSchema,
            ...errorResponses(400, 401, 404, 429),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const comment = await addComment(
          { db, user, events: app.events, push: app.push },
          kind,
          request.params.id,
          request.body,
        );
        return reply.status(201).send(comment);
      },
    );

    app.get(
      `/comments/${kind}/:commentId/replies`,
      {
        schema: {
          summary: `Replies to a top-level comment on a ${kind}, oldest first (keyset paged)`,
          tags: ["comments"],
          params: z.object({ commentId: idParam }),
          querystring: pageQuery,
          response: {
            200: replyPageSchema,
            ...errorResponses(400, 404),
          },
        },
      },
      async (request, reply) => {
        const user = await getSessionUser(request, reply);
        return listReplies({ db, user }, kind, request.params.commentId, request.query);
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
            ...errorResponses(400, 401, 403, 404),
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
