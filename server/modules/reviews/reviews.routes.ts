import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { SUBMISSION_KEY_HEADER } from "#domain/item-kinds.ts";
import { reviewSchema, submissionHeaders } from "#domain/items.ts";
import {
  createReviewInput,
  diaryPageSchema,
  diaryQuery,
  reviewUpdateInput,
} from "#domain/review.ts";
import { requireUser } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { itemContext, itemIdParams } from "#server/modules/items/items.routes.ts";
import { createReview, getDiary, getReviewBySlug, updateReview } from "./reviews.service.ts";

/** Writing reviews; reading and deleting one are the item routes'. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/reviews",
    {
      preValidation: requireUser,
      schema: {
        summary: "Post a dish or restaurant review with its photos",
        description:
          "Photos are uploaded first (POST /api/uploads/images) and referenced by uploadId in " +
          "display order; the first is the Main photo. Restaurant, review and photos are " +
          "written in one transaction.",
        tags: ["reviews"],
        body: createReviewInput,
        headers: submissionHeaders,
        response: { 201: reviewSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const ctx = await itemContext(request);
      const submissionKey = request.headers[SUBMISSION_KEY_HEADER];
      const review = await createReview({ ...ctx, submissionKey }, request.body);
      return reply.status(201).send(review);
    },
  );

  app.get(
    "/reviews/by-slug/:type/:slug",
    {
      schema: {
        summary: "The newest visible review of a type whose slugified title matches",
        description: "For /view/{type}/{slug-title} links; type food or dish means dish.",
        tags: ["reviews"],
        params: z.object({
          type: z.enum(["food", "dish", "restaurant"]),
          slug: z.string().min(1).max(300),
        }),
        response: { 200: reviewSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      getReviewBySlug(
        await itemContext(request),
        request.params.type === "restaurant" ? "restaurant" : "dish",
        request.params.slug,
      ),
  );

  app.get(
    "/profile/diary",
    {
      preValidation: requireUser,
      schema: {
        summary: "Your Diary: your reviews by date visited, newest first, keyset paged",
        description:
          "Your hidden reviews are listed too (isHidden). Pass the previous page's nextCursor.",
        tags: ["reviews"],
        querystring: diaryQuery,
        response: { 200: diaryPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => getDiary(await itemContext(request), request.query),
  );

  app.patch(
    "/reviews/:id",
    {
      preValidation: requireUser,
      schema: {
        summary: "Edit your review (the restaurant cannot change)",
        tags: ["reviews"],
        params: itemIdParams,
        body: reviewUpdateInput,
        response: {
          200: reviewSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => updateReview(await itemContext(request), request.params.id, request.body),
  );
};
