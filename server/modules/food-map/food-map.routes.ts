import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { foodMapSchema } from "#domain/food-map.ts";
import { currentUser, getSessionUser, requireUser } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { profileIdParams } from "#server/modules/shared/people.ts";
import { getOwnMap, getProfileMap } from "./food-map.service.ts";

const tags = ["food-map"];

export const foodMapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/map",
    {
      preHandler: requireUser,
      schema: {
        summary: "The caller's food map: places tried (average rating) and wanted",
        description:
          "Tried places from the caller's visible reviews, grouped by restaurant; restaurants " +
          "of untried Want to try entries not tried yet as `want`. Newest `lastAt` first, at " +
          "most MAP_PLACES_MAX, `truncated` when more exist.",
        tags,
        response: { 200: foodMapSchema, ...errorResponses(401) },
      },
    },
    async (request) => getOwnMap({ db: app.database.db, user: currentUser(request) }),
  );

  app.get(
    "/profiles/:id/map",
    {
      schema: {
        summary: "A person's food map: the places they tried",
        description:
          "Public; from their visible reviews only. Want to try stays private. 404 for someone " +
          "in a block with the caller or whose account is being deleted.",
        tags,
        params: profileIdParams,
        response: { 200: foodMapSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const user = await getSessionUser(request, reply);
      return getProfileMap(app.database.db, request.params.id, user?.id);
    },
  );
};
