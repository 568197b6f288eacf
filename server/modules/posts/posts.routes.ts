import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { postInput, postUpdateInput } from "#domain/review.ts";
import { requireUser } from "#server/auth/session.ts";
import { errorResponse } from "#server/http/errors.ts";
import { contentContext, postResponse } from "#server/modules/reviews/reviews.routes.ts";
import { createPost, deletePost, getPost, updatePost } from "./posts.service.ts";

const idParams = z.object({ id: z.string().min(1).max(100) });

export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/posts",
    {
      preValidation: requireUser,
      schema: {
        summary: "Create a post (title, content, optional restaurant and photos)",
        tags: ["posts"],
        body: postInput,
        response: { 201: postResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const post = await createPost(await contentContext(request), request.body);
      return reply.status(201).send(post);
    },
  );

  app.get(
    "/posts/:id",
    {
      schema: {
        summary: "One post (hidden or unknown: 404)",
        tags: ["posts"],
        params: idParams,
        response: { 200: postResponse, 404: errorResponse },
      },
    },
    async (request) => getPost(await contentContext(request), request.params.id),
  );

  app.patch(
    "/posts/:id",
    {
      preValidation: requireUser,
      schema: {
        summary: "Edit your post",
        tags: ["posts"],
        params: idParams,
        body: postUpdateInput,
        response: {
          200: postResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => updatePost(await contentContext(request), request.params.id, request.body),
  );

  app.delete(
    "/posts/:id",
    {
      preValidation: requireUser,
      schema: {
        summary: "Delete your post and its photos",
        tags: ["posts"],
        params: idParams,
        response: { 204: z.null(), 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      await deletePost(await contentContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
