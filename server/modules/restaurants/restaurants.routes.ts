import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  FOLLOWED_REVIEWS_LIMIT,
  followedReviewsSchema,
  restaurantFollowStateSchema,
  restaurantItemsPageSchema,
  restaurantItemsQuery,
  restaurantLocationInput,
  restaurantSchema,
} from "#domain/restaurant.ts";
import { restaurantFollowMessages } from "#domain/restaurant-rules.ts";
import { PATH_PARAM_MAX, pathSegment, pathSegmentUpTo } from "#domain/text-input.ts";
import {
  currentUser,
  getSessionUser,
  hasRole,
  requireUser,
  requireUserWith,
} from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { setRestaurantFollow } from "./restaurant-follows.service.ts";
import {
  getFollowedReviews,
  getRestaurant,
  getRestaurantItems,
  type RestaurantViewer,
  setRestaurantLocation,
} from "./restaurants.service.ts";

/** A restaurant id in a path; anything that is not a known restaurant's UUID is a 404. */
const restaurantIdParams = z.object({ id: pathSegment });

export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = async (id: string): Promise<RestaurantViewer> => ({
    id,
    isModerator: await hasRole(app.database.db, id, "moderator"),
  });

  // The page's lists are public; a signed-in viewer also sees their likes and follows.
  const viewContext = async (request: FastifyRequest, reply: FastifyReply) => ({
    db: app.database.db,
    user: await getSessionUser(request, reply),
  });

  app.get(
    "/restaurants/:idOrSlug",
    {
      schema: {
        summary: "A restaurant by id (UUID) or slug, with its rating stats",
        description:
          "Public. A restaurant without a slug gets one from its name and address on first view.",
        tags: ["restaurants"],
        params: z.object({ idOrSlug: pathSegmentUpTo(PATH_PARAM_MAX) }),
        response: { 200: restaurantSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const user = await getSessionUser(request, reply);
      const seenBy = user ? await viewer(user.id) : undefined;
      return getRestaurant(app.database.db, request.params.idOrSlug, seenBy);
    },
  );

  app.put(
    "/restaurants/:id/location",
    {
      preHandler: requireUser,
      schema: {
        summary: "Give a restaurant its address and pin",
        description:
          "The person who added the place, or a moderator. Either the address or the pin " +
          "(lat and lng together) may be left out, not both; what is left out is cleared. " +
          "City and region are the pin's where the place provider reverse geocodes it, else " +
          "the address's. Answers the restaurant as GET does.",
        tags: ["restaurants"],
        params: restaurantIdParams,
        body: restaurantLocationInput,
        response: {
          200: restaurantSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      setRestaurantLocation(
        { db: app.database.db, places: app.places, log: request.log },
        request.params.id,
        await viewer(currentUser(request).id),
        request.body,
      ),
  );

  app.get(
    "/restaurants/:id/items",
    {
      schema: {
        summary: "One tab of a restaurant page (posts, dishes, restaurant), keyset paged",
        description:
          "Public; hidden items never appear. `id` is the restaurant's UUID. Posts sort by recent " +
          "or old only. Pass the previous page's `nextCursor` with the same sort.",
        tags: ["restaurants"],
        params: restaurantIdParams,
        querystring: restaurantItemsQuery,
        response: { 200: restaurantItemsPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      getRestaurantItems(await viewContext(request, reply), request.params.id, request.query),
  );

  app.get(
    "/restaurants/:id/followed-reviews",
    {
      schema: {
        summary:
          "The newest reviews of a restaurant by people you follow, and how many of them saved it",
        description:
          `Public: visitors get an empty list. \`id\` is the restaurant's UUID; at most ` +
          `${FOLLOWED_REVIEWS_LIMIT} reviews, newest first; \`reviewerCount\` counts every ` +
          "followed person who reviewed it, `savedByFollowedCount` every followed person who " +
          "still wants to try it or a dish there.",
        tags: ["restaurants"],
        params: restaurantIdParams,
        response: { 200: followedReviewsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      getFollowedReviews(await viewContext(request, reply), request.params.id),
  );

  const requireSignInToFollow = requireUserWith(restaurantFollowMessages.signInRequired);
  for (const [method, following] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/restaurants/:id/follow",
      preHandler: requireSignInToFollow,
      schema: {
        summary: following
          ? "Follow a restaurant (idempotent): hear of each new deal there"
          : "Stop following a restaurant (idempotent)",
        tags: ["restaurants"],
        params: restaurantIdParams,
        response: {
          200: restaurantFollowStateSchema,
          ...errorResponses(400, 401, 404),
        },
      },
      handler: async (request) =>
        setRestaurantFollow(
          { db: app.database.db, user: currentUser(request), adminEmails: app.config.adminEmails },
          request.params.id,
          following,
        ),
    });
  }
};
