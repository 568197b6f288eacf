import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { reviewSchema } from "#domain/items.ts";
import { ownCategoriesSchema, rankingsSchema, rankPlacementInput } from "#domain/rankings.ts";
import { currentUser, requireUser } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { itemContext, itemIdParams } from "#server/modules/items/items.routes.ts";
import { profileIdParams } from "#server/modules/shared/people.ts";
import { getOwnCategories, getRankings, rankDish } from "./rankings.service.ts";

const tags = ["rankings"];

/** Dish rankings (ADR 0030): placing a dish in its category, and reading a person's rankings. */
export const rankingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    "/reviews/:id/rank",
    {
      preValidation: requireUser,
      schema: {
        summary: "Place your ranked dish in its category",
        description:
          "`aboveId`: just above that dish of the same category (null: at the bottom); " +
          "`tieWithId`: level with that dish. One row changes; scores follow.",
        tags,
        params: itemIdParams,
        body: rankPlacementInput,
        response: { 200: reviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => rankDish(await itemContext(request), request.params.id, request.body),
  );

  app.get(
    "/profiles/:id/rankings",
    {
      schema: {
        summary: "A person's rankings: each category's dishes best first, with scores",
        description: "Read as the person's reviews are (hidden ones, blocks and privacy apply).",
        tags,
        params: profileIdParams,
        response: { 200: rankingsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getRankings(await itemContext(request), request.params.id),
  );

  app.get(
    "/profile/categories",
    {
      preValidation: requireUser,
      schema: {
        summary: "The categories you have ranked dishes in, A to Z",
        tags,
        response: { 200: ownCategoriesSchema, ...errorResponses(401) },
      },
    },
    async (request) => getOwnCategories(app.database.db, currentUser(request).id),
  );
};
