import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { placeSearchQuery, placeSearchResultSchema } from "#domain/places.ts";
import { requireUser } from "#server/auth/session.ts";
import { throttleCaller } from "#server/http/action-limit.ts";
import { ApiError, errorResponses } from "#server/http/errors.ts";
import { PlacesUnavailableError } from "./places.ts";

export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.places;

  app.get(
    "/places/search",
    {
      preHandler: [
        requireUser,
        throttleCaller("place-search", app.config.contentRateLimits.placeSearch),
      ],
      schema: {
        summary: "Restaurant suggestions for a name (from 2 characters), nearest first",
        description:
          "Google Places when GOOGLE_MAPS_API_KEY is set (the key stays on the server), " +
          "otherwise restaurants already known. distance is in metres from lat/lng.",
        tags: ["places"],
        querystring: placeSearchQuery,
        response: {
          200: placeSearchResultSchema,
          ...errorResponses(400, 401, 429, 503),
        },
      },
    },
    async (request) => {
      const { q, lat, lng } = request.query;
      try {
        return { provider: provider.name, results: await provider.search(q, { lat, lng }) };
      } catch (error) {
        if (error instanceof PlacesUnavailableError) {
          request.log.warn({ err: error }, "place search failed");
          throw new ApiError(503, "PLACES_UNAVAILABLE", "Place search is unavailable right now");
        }
        throw error;
      }
    },
  );
};
