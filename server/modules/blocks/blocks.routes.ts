import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { blockStateSchema, muteStateSchema, restrictedAccountPageSchema } from "#domain/blocks.ts";
import { blockMessages } from "#domain/blocks-rules.ts";
import { pageQuery } from "#domain/paging.ts";
import { currentUser, requireUserWith } from "#server/auth/session.ts";
import type { RateLimitRule } from "#server/config.ts";
import { throttleCaller } from "#server/http/action-limit.ts";
import { errorResponses } from "#server/http/errors.ts";
import { profileIdParams } from "#server/modules/shared/people.ts";
import { listRestricted, setBlocked, setMuted } from "./blocks.service.ts";

/**
 * Blocks and mutes (and their undoing) per user and window, shared by every server instance:
 * far more than a person clicks, a wall for a script cycling blocks to churn other people's
 * follows and counters.
 */
export const SAFETY_RATE_LIMIT: RateLimitRule = { window: 60, max: 60 };

export const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const requireSignIn = requireUserWith(blockMessages.signIn);
  const throttleSafety = throttleCaller("safety", SAFETY_RATE_LIMIT);
  const errors = errorResponses(400, 401, 404);

  for (const [method, on] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/profiles/:id/block",
      preHandler: [requireSignIn, throttleSafety],
      schema: {
        summary: on
          ? "Block a person (idempotent): ends follows, likes, comments and notifications between you"
          : "Unblock a person (nothing the block removed comes back)",
        tags: ["blocks"],
        params: profileIdParams,
        response: { 200: blockStateSchema, ...errors, ...errorResponses(429) },
      },
      handler: async (request) => {
        const user = currentUser(request);
        return setBlocked(
          { db, user, events: app.events, ties: app.personTies },
          request.params.id,
          on,
        );
      },
    });
    app.route({
      method,
      url: "/profiles/:id/mute",
      preHandler: [requireSignIn, throttleSafety],
      schema: {
        summary: on ? "Mute a person (idempotent)" : "Unmute a person",
        tags: ["blocks"],
        params: profileIdParams,
        response: { 200: muteStateSchema, ...errors, ...errorResponses(429) },
      },
      handler: async (request) => {
        const user = currentUser(request);
        return setMuted({ db, user }, request.params.id, on);
      },
    });
  }

  for (const kind of ["block", "mute"] as const) {
    app.get(
      kind === "block" ? "/blocks" : "/mutes",
      {
        preHandler: requireSignIn,
        schema: {
          summary:
            kind === "block"
              ? "The people you blocked, newest first (keyset paged)"
              : "The people you muted, newest first (keyset paged)",
          tags: ["blocks"],
          querystring: pageQuery,
          response: {
            200: restrictedAccountPageSchema,
            ...errorResponses(400, 401),
          },
        },
      },
      async (request) => listRestricted({ db, user: currentUser(request) }, kind, request.query),
    );
  }
};
