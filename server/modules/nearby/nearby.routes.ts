import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NEARBY_LIMITS, nearbyQuery, nearbySchema } from "#domain/nearby.ts";
import { getSessionUser } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { getNearby } from "./nearby.service.ts";

export const nearbyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/nearby",
    {
      schema: {
        summary: "Restaurants near a position, the best-loved nearest first",
        description:
          `Public. Within \`radius\` metres (default ${NEARBY_LIMITS.radiusMeters}, at most ` +
          `${NEARBY_LIMITS.maxRadiusMeters}), widened to ${NEARBY_LIMITS.maxRadiusMeters} when ` +
          `fewer than ${NEARBY_LIMITS.widenBelow} are found; at most ${NEARBY_LIMITS.shown}. ` +
          "Ranked by a blend of everyone's rating, the rating of people the caller follows and " +
          "the distance (ADR 0028). The position is never stored or logged.",
        tags: ["nearby"],
        querystring: nearbyQuery,
        response: { 200: nearbySchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const user = await getSessionUser(request, reply);
      return getNearby(app.database.db, request.query, user?.id);
    },
  );
};
