import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  followListKinds,
  followListPageSchema,
  followRequestPageSchema,
  followStateSchema,
  privacyInput,
  privacySchema,
  suggestedPeopleSchema,
} from "#domain/follows.ts";
import { followMessages } from "#domain/follows-rules.ts";
import { pageQuery } from "#domain/paging.ts";
import { getSessionUser, requireUserWith } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { profileIdParams } from "#server/modules/shared/people.ts";
import {
  answerFollowRequest,
  type FollowContext,
  listFollowRequests,
  listFollows,
  setFollow,
  setPrivacy,
  suggestPeople,
} from "./follows.service.ts";

export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = async (request: FastifyRequest, reply: FastifyReply): Promise<FollowContext> => ({
    db: app.database.db,
    user: await getSessionUser(request, reply),
    adminEmails: app.config.adminEmails,
    events: app.events,
    push: app.push,
  });
  const requireSignIn = requireUserWith(followMessages.signIn);

  for (const [method, following] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/profiles/:id/follow",
      preHandler: requireSignIn,
      schema: {
        summary: following ? "Follow a person (idempotent)" : "Stop following a person",
        tags: ["follows"],
        params: profileIdParams,
        response: {
          200: followStateSchema,
          ...errorResponses(400, 401, 404),
        },
      },
      handler: async (request, reply) =>
        setFollow(await context(request, reply), request.params.id, following),
    });
  }

  app.get(
    "/people/suggested",
    {
      preHandler: requireSignIn,
      schema: {
        summary: "People to follow: followed by people you follow, else active reviewers",
        description:
          "At most six people the caller does not follow or asked to: those followed by the " +
          "people they follow first, then authors of recent reviews in the city of their " +
          "profile, then of the most liked recent reviews. Never anyone in a block with them.",
        tags: ["follows"],
        response: { 200: suggestedPeopleSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => suggestPeople(await context(request, reply)),
  );

  app.get(
    "/follow-requests",
    {
      preHandler: requireSignIn,
      schema: {
        summary: "The requests to follow your private account still waiting, newest first",
        description:
          "Keyset paged; each is answered with POST /api/follow-requests/:id/accept|decline.",
        tags: ["follows"],
        querystring: pageQuery,
        response: { 200: followRequestPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => listFollowRequests(await context(request, reply), request.query),
  );

  for (const [answer, accept] of [
    ["accept", true],
    ["decline", false],
  ] as const) {
    app.post(
      `/follow-requests/:id/${answer}`,
      {
        preHandler: requireSignIn,
        schema: {
          summary: accept
            ? "Accept a person's request to follow your private account (an ordinary follow)"
            : "Decline a person's request to follow your private account",
          description: "`:id` is the requester's profile id; 404 when no request of theirs waits.",
          tags: ["follows"],
          params: profileIdParams,
          response: { 200: followStateSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) =>
        answerFollowRequest(await context(request, reply), request.params.id, accept),
    );
  }

  app.put(
    "/profile/privacy",
    {
      preHandler: requireSignIn,
      schema: {
        summary: "Switch Private Profile on or off",
        description:
          "Private: only approved followers see your reviews, posts, lists, saves and stats; " +
          "the followers you have stay. Switching it off accepts every request waiting.",
        tags: ["follows"],
        body: privacyInput,
        response: { 200: privacySchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => setPrivacy(await context(request, reply), request.body.private),
  );

  for (const kind of followListKinds) {
    app.get(
      `/profiles/:id/${kind}`,
      {
        schema: {
          summary:
            kind === "followers"
              ? "Who follows a person, newest follow first (keyset paged)"
              : "Whom a person follows, newest follow first (keyset paged)",
          description: "Public; `followedByMe` says whether the signed-in viewer follows each.",
          tags: ["follows"],
          params: profileIdParams,
          querystring: pageQuery,
          response: { 200: followListPageSchema, ...errorResponses(400, 404) },
        },
      },
      async (request, reply) =>
        listFollows(await context(request, reply), request.params.id, kind, request.query),
    );
  }
};
