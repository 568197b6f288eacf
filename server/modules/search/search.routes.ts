import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  EXPLORE_RESULT_LIMIT,
  exploreSearchQuery,
  itemSearchResultsSchema,
  restaurantSearchResultsSchema,
  userSearchResultsSchema,
} from "#domain/search.ts";
import { getSessionUser } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import {
  type SearchContext,
  searchItems,
  searchRestaurants,
  searchUsers,
} from "./search.service.ts";

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = async (request: FastifyRequest, reply: FastifyReply): Promise<SearchContext> => ({
    db: app.database.db,
    user: await getSessionUser(request, reply),
  });
  const schema = <Results extends z.ZodType>(summary: string, results: Results) => ({
    summary,
    description:
      `Public. At most ${EXPLORE_RESULT_LIMIT} results, best match first; without \`q\`, the ` +
      "newest (restaurants by name). Words match anywhere, as prefixes, despite a typo, case " +
      "or accents.",
    tags: ["search"],
    querystring: exploreSearchQuery,
    response: { 200: results, ...errorResponses(400) },
  });

  app.get(
    "/search/dishes",
    { schema: schema("Dish reviews matching the name or the text", itemSearchResultsSchema) },
    async (request, reply) => searchItems(await context(request, reply), "dishes", request.query.q),
  );
  app.get(
    "/search/posts",
    { schema: schema("Posts matching the title or the text", itemSearchResultsSchema) },
    async (request, reply) => searchItems(await context(request, reply), "posts", request.query.q),
  );
  app.get(
    "/search/deals",
    {
      schema: schema(
        "Deals that have not ended nor been reported gone, matching what the deal is or its details",
        itemSearchResultsSchema,
      ),
    },
    async (request, reply) => searchItems(await context(request, reply), "deals", request.query.q),
  );
  app.get(
    "/search/restaurants",
    {
      schema: schema(
        "Restaurants matching the name or the address, with their review counts and how " +
          "many people you follow saved each",
        restaurantSearchResultsSchema,
      ),
    },
    async (request, reply) => searchRestaurants(await context(request, reply), request.query.q),
  );
  app.get(
    "/search/users",
    {
      schema: schema(
        "People matching the username or the name (only finished profiles)",
        userSearchResultsSchema,
      ),
    },
    async (request, reply) => searchUsers(await context(request, reply), request.query.q),
  );
};
