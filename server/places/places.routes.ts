import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  placeAddressSchema,
  placeReverseQuery,
  placeSearchQuery,
  placeSearchResultSchema,
} from "#domain/places.ts";
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
      return unavailableAs503(request.log, async () => ({
        provider: provider.name,
        results: await provider.search(q, { lat, lng }),
      }));
    },
  );

  app.get(
    "/places/reverse",
    {
      preHandler: [
        requireUser,
        throttleCaller("place-search", app.config.contentRateLimits.placeSearch),
      ],
      schema: {
        summary: 'The address at a pin (for "Use my location")',
        description:
          "From the OpenStreetMap provider; the others cannot tell and answer nulls. The " +
          "position is used for this answer only: never stored or logged.",
        tags: ["places"],
        querystring: placeReverseQuery,
        response: {
          200: placeAddressSchema,
          ...errorResponses(400, 401, 429, 503),
        },
      },
    },
    async (request) => {
      const { lat, lng } = request.query;
      const found = await unavailableAs503(request.log, async () =>
        provider.reverse ? provider.reverse(lat, lng) : null,
      );
      return found ?? { address: null, city: null, region: null };
    },
  );
};

/** A provider that is down is a 503 to clients; its own words stay in the log. */
async function unavailableAs503<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PlacesUnavailableError) {
      log.warn({ err: error }, "place search failed");
      throw new ApiError(503, "PLACES_UNAVAILABLE", "Place search is unavailable right now");
    }
    throw error;
  }
}
