import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SUBMISSION_KEY_HEADER } from "#domain/item-kinds.ts";
import { postSchema, submissionHeaders } from "#domain/items.ts";
import { postInput, postUpdateInput } from "#domain/post.ts";
import { requireUser } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { itemContext, itemIdParams } from "#server/modules/items/items.routes.ts";
import { createPost, updatePost } from "./posts.service.ts";

/** Writing posts; reading and deleting one are the item routes'. */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/posts",
    {
      preValidation: requireUser,
      schema: {
        summary: "Create a post (title, content, optional restaurant and photos)",
        tags: ["posts"],
        body: postInput,
        headers: submissionHeaders,
        response: { 201: postSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const ctx = await itemContext(request);
      const submissionKey = request.headers[SUBMISSION_KEY_HEADER];
      const post = await createPost({ ...ctx, submissionKey }, request.body);
      return reply.status(201).send(post);
    },
  );

  app.patch(
    "/posts/:id",
    {
      preValidation: requireUser,
      schema: {
        summary: "Edit your post",
        tags: ["posts"],
        params: itemIdParams,
        body: postUpdateInput,
        response: {
          200: postSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => updatePost(await itemContext(request), request.params.id, request.body),
  );
};
