import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createReviewInput, reviewUpdateInput } from "#domain/review.ts";
import { getSessionUser, requireUser } from "#server/auth/session.ts";
import { errorResponse } from "#server/http/errors.ts";
import {
  type ContentContext,
  createReview,
  deleteReview,
  getReview,
  getReviewBySlug,
  updateReview,
} from "./reviews.service.ts";

export const imageResponse = z.object({
  id: z.string(),
  url: z.string(),
  url480: z.string(),
  url1280: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  placeholder: z.string().nullable(),
  alt: z.string().nullable(),
  displayOrder: z.number(),
});

export const authorResponse = z.object({
  id: z.string(),
  username: z.string(),
  slug: z.string().nullable(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});

export const restaurantRefResponse = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  slug: z.string().nullable(),
  priceLevel: z.number().nullable(),
});

const contentBase = {
  id: z.string(),
  title: z.string(),
  author: authorResponse,
  images: z.array(imageResponse),
  likeCount: z.number(),
  commentCount: z.number(),
  likedByMe: z.boolean().nullable(),
  isOwner: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const reviewResponse = z.object({
  ...contentBase,
  itemType: z.literal("review"),
  reviewType: z.enum(["dish", "restaurant"]),
  description: z.string().nullable(),
  rating: z.number(),
  cost: z.number().nullable(),
  restaurant: restaurantRefResponse,
});

export const postResponse = z.object({
  ...contentBase,
  itemType: z.literal("post"),
  content: z.string().nullable(),
  restaurant: restaurantRefResponse.nullable(),
});

const idParams = z.object({ id: z.string().min(1).max(100) });

/** Build the service context; `user` is whoever is signed in (null for visitors). */
export async function contentContext(request: FastifyRequest): Promise<ContentContext> {
  const app = request.server;
  return {
    db: app.database.db,
    user: request.authSession?.user ?? (await getSessionUser(request)),
    storage: app.storage,
    adminEmails: app.config.adminEmails,
    log: request.log,
  };
}

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
        response: { 201: reviewResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const review = await createReview(await contentContext(request), request.body);
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
        response: { 200: reviewResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) =>
      getReviewBySlug(
        await contentContext(request),
        request.params.type === "restaurant" ? "restaurant" : "dish",
        request.params.slug,
      ),
  );

  app.get(
    "/reviews/:id",
    {
      schema: {
        summary: "One review (hidden or unknown: 404)",
        tags: ["reviews"],
        params: idParams,
        response: { 200: reviewResponse, 404: errorResponse },
      },
    },
    async (request) => getReview(await contentContext(request), request.params.id),
  );

  app.patch(
    "/reviews/:id",
    {
      preValidation: requireUser,
      schema: {
        summary: "Edit your review (the restaurant cannot change)",
        tags: ["reviews"],
        params: idParams,
        body: reviewUpdateInput,
        response: {
          200: reviewResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => updateReview(await contentContext(request), request.params.id, request.body),
  );

  app.delete(
    "/reviews/:id",
    {
      preValidation: requireUser,
      schema: {
        summary: "Delete your review and its photos",
        tags: ["reviews"],
        params: idParams,
        response: {
          204: z.null(),
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      await deleteReview(await contentContext(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
