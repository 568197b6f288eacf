import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getSessionUser } from "#server/auth/session.ts";
import { errorResponse } from "#server/http/errors.ts";
import { feedItemSchema, pageQuery } from "./feed.schemas.ts";
import { getFeed } from "./feed.service.ts";

export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/feed",
    {
      schema: {
        summary: "Reviews and posts together, newest first (keyset paged)",
        description:
          "Public. `scope=following` (signed in only) lists people you follow. Pass the previous " +
          "page's `nextCursor` as `cursor`; `nextCursor` is null on the last page.",
        tags: ["feed"],
        querystring: z.object({
          ...pageQuery,
          scope: z.enum(["everyone", "following"]).optional(),
        }),
        response: {
          200: z.object({ items: z.array(feedItemSchema), nextCursor: z.string().nullable() }),
          400: errorResponse,
          401: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const user = await getSessionUser(request, reply);
      return getFeed({ db: app.database.db, user }, request.query);
    },
  );
};
