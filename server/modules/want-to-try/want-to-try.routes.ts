import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "#domain/ids.ts";
import {
  wantToTryKeysSchema,
  wantToTryListQuery,
  wantToTryPageSchema,
  wantToTrySaveStateSchema,
  wantToTryVisibilitySchema,
} from "#domain/want-to-try.ts";
import { wantToTryMessages } from "#domain/want-to-try-rules.ts";
import { currentUser, requireUserWith } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import {
  getWantToTryKeys,
  listWantToTry,
  removeEntry,
  setRestaurantSaved,
  setReviewDishSaved,
  setWantToTryVisibility,
  type WantToTryContext,
} from "./want-to-try.service.ts";

const tags = ["want-to-try"];

export const wantToTryRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requireUserWith(wantToTryMessages.signInRequired);
  const context = (request: FastifyRequest): WantToTryContext => ({
    db: app.database.db,
    user: currentUser(request),
    adminEmails: app.config.adminEmails,
  });

  app.get(
    "/want-to-try",
    {
      preHandler,
      schema: {
        summary: "One half of the caller's Want to try list, keyset paged",
        description:
          "`status=want` (default): still to try, newest saved first; `status=tried`: newest " +
          "tried first. `counts` holds both halves' sizes. Pass the previous page's " +
          "`nextCursor` with the same status.",
        tags,
        querystring: wantToTryListQuery,
        response: { 200: wantToTryPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listWantToTry(context(request), request.query),
  );

  app.put(
    "/want-to-try/visibility",
    {
      preHandler,
      schema: {
        summary: "Who may count your saves: only you, or also the people who follow you",
        description:
          "`private` (the default): nobody else; `followers`: the people who follow you count " +
          "you in a restaurant's savedByFollowedCount. The list itself is never shown to others.",
        tags,
        body: wantToTryVisibilitySchema,
        response: { 200: wantToTryVisibilitySchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => setWantToTryVisibility(context(request), request.body),
  );

  app.get(
    "/want-to-try/keys",
    {
      preHandler,
      schema: {
        summary: "Everything the caller saved and has not tried yet, as keys",
        description:
          "Restaurant ids, and `restaurantId:dishKey(name)` for dishes, so every card can " +
          "show its Save toggle without a request of its own.",
        tags,
        response: { 200: wantToTryKeysSchema, ...errorResponses(401) },
      },
    },
    async (request) => getWantToTryKeys(context(request)),
  );

  const targets = [
    { collection: "restaurants", what: "a restaurant", set: setRestaurantSaved },
    { collection: "reviews", what: "the dish a dish review names", set: setReviewDishSaved },
  ] as const;
  for (const { collection, what, set } of targets) {
    for (const [method, saved] of [
      ["PUT", true],
      ["DELETE", false],
    ] as const) {
      app.route({
        method,
        url: `/${collection}/:id/want-to-try`,
        preHandler,
        schema: {
          summary: saved
            ? `Save ${what} to Want to try (idempotent; a tried one is wanted again)`
            : `Remove ${what} from Want to try (what was tried stays in Tried)`,
          tags,
          params: z.object({ id: idParam }),
          response: {
            200: wantToTrySaveStateSchema,
            ...errorResponses(400, 401, 404),
            // A full list refuses a new entry.
            ...(saved ? { ...errorResponses(409) } : {}),
          },
        },
        handler: async (request) => set(context(request), request.params.id, saved),
      });
    }
  }

  app.delete(
    "/want-to-try/:entryId",
    {
      preHandler,
      schema: {
        summary: "Remove one entry, wanted or tried, from the caller's list",
        tags,
        params: z.object({ entryId: idParam }),
        response: {
          200: wantToTrySaveStateSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => removeEntry(context(request), request.params.entryId),
  );
};
