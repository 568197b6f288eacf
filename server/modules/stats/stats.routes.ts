import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  statsFirstsPageSchema,
  statsFirstsQuery,
  statsQuery,
  statsSchema,
  statsVisibilityInput,
  statsVisibilitySchema,
} from "#domain/stats.ts";
import { currentUser, getSessionUser, requireUser } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { profileIdParams } from "#server/modules/shared/people.ts";
import { getStats, getStatsFirsts, setStatsVisibility } from "./stats.service.ts";

const tags = ["stats"];

const notShown =
  "The owner always; anyone else only while the owner shows their stats (stats_public) and " +
  "neither has blocked the other, else 404 as for an unknown person.";

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/profiles/:id/stats",
    {
      schema: {
        summary: "A person's stats from their visible reviews, over a year or the last 12 months",
        description: `Months are UTC calendar months. ${notShown}`,
        tags,
        params: profileIdParams,
        querystring: statsQuery,
        response: { 200: statsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const user = await getSessionUser(request, reply);
      return getStats(app.database.db, request.params.id, user?.id, request.query);
    },
  );

  app.get(
    "/profiles/:id/stats/firsts",
    {
      schema: {
        summary: "A person's first times: each dish's and restaurant's first review, newest first",
        description: `Keyset paged (pass nextCursor with the same year). ${notShown}`,
        tags,
        params: profileIdParams,
        querystring: statsFirstsQuery,
        response: { 200: statsFirstsPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const user = await getSessionUser(request, reply);
      return getStatsFirsts(app.database.db, request.params.id, user?.id, request.query);
    },
  );

  app.put(
    "/profile/stats-visibility",
    {
      preHandler: requireUser,
      schema: {
        summary: "Show or hide your Stats tab to others",
        tags,
        body: statsVisibilityInput,
        response: { 200: statsVisibilitySchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      setStatsVisibility(app.database.db, currentUser(request).id, request.body.public),
  );
};
