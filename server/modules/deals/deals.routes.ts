import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dealVoteInput, dealVoteStateSchema } from "#domain/deal-votes.ts";
import { dealVoteMessages } from "#domain/deal-votes-rules.ts";
import { dealInput, dealPageSchema } from "#domain/deals.ts";
import { idParam } from "#domain/ids.ts";
import { SUBMISSION_KEY_HEADER } from "#domain/item-kinds.ts";
import { dealSchema, submissionHeaders } from "#domain/items.ts";
import { NEARBY_LIMITS, nearbyDealsSchema, nearbyQuery } from "#domain/nearby.ts";
import { pageQuery } from "#domain/paging.ts";
import { pathSegment } from "#domain/text-input.ts";
import { currentUser, requireUser, requireUserWith } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { itemContext } from "#server/modules/items/items.routes.ts";
import { setDealVote } from "./deal-votes.service.ts";
import { createDeal, listNearbyDeals, listRestaurantDeals } from "./deals.service.ts";

/**
 * Sharing a deal, a restaurant's deals (docs/decisions/0029) and "Still on" / "Gone" votes;
 * reading, deleting, likes and comments are the items kernel's routes, as for every kind
 * (ADR 0034).
 */
export const dealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/deals",
    {
      preValidation: requireUser,
      schema: {
        summary: "Share a deal at a restaurant: until a moment, or weekly in its local hours",
        tags: ["deals"],
        body: dealInput,
        headers: submissionHeaders,
        response: { 201: dealSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const ctx = await itemContext(request);
      const submissionKey = request.headers[SUBMISSION_KEY_HEADER];
      const deal = await createDeal({ ...ctx, submissionKey }, request.body);
      return reply.status(201).send(deal);
    },
  );

  app.get(
    "/restaurants/:id/deals",
    {
      schema: {
        summary: "A restaurant's deals that have not ended, newest first, keyset paged",
        description:
          "Public; hidden deals and those past their end never appear. `id` is the " +
          "restaurant's UUID. `isOnNow` tells whether each runs at this moment.",
        tags: ["deals"],
        params: z.object({ id: pathSegment }),
        querystring: pageQuery,
        response: { 200: dealPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      listRestaurantDeals(await itemContext(request), request.params.id, request.query),
  );

  app.get(
    "/nearby/deals",
    {
      schema: {
        summary: "Active deals near a position, nearest first (Nearby's Deals switch)",
        description:
          "Public. The deals a restaurant's Deals tab lists (not hidden, not ended, not " +
          "reported gone, by authors the caller may see), at pinned restaurants within " +
          `\`radius\` metres (default ${NEARBY_LIMITS.radiusMeters}), widened to ` +
          `${NEARBY_LIMITS.maxRadiusMeters} when fewer than ${NEARBY_LIMITS.widenBelow} are ` +
          `found; at most ${NEARBY_LIMITS.shown}. The position is never stored or logged.`,
        tags: ["deals", "nearby"],
        querystring: nearbyQuery,
        response: { 200: nearbyDealsSchema, ...errorResponses(400) },
      },
    },
    async (request) => listNearbyDeals(await itemContext(request), request.query),
  );

  const requireVoter = requireUserWith(dealVoteMessages.signInRequired);
  const voteContext = (request: FastifyRequest) => ({
    db: app.database.db,
    user: currentUser(request),
    events: app.events,
  });
  const voteSchema = {
    tags: ["deals"],
    params: z.object({ id: idParam }),
    response: { 200: dealVoteStateSchema, ...errorResponses(400, 401, 404) },
  };

  app.put(
    "/deals/:id/vote",
    {
      preHandler: requireVoter,
      schema: {
        ...voteSchema,
        summary: 'Say a deal is "Still on" or "Gone": one vote per person, changeable',
        body: dealVoteInput,
      },
    },
    async (request) => setDealVote(voteContext(request), request.params.id, request.body.vote),
  );

  app.delete(
    "/deals/:id/vote",
    {
      preHandler: requireVoter,
      schema: { ...voteSchema, summary: "Take your vote on a deal back" },
    },
    async (request) => setDealVote(voteContext(request), request.params.id, null),
  );
};
