import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { feedPageSchema, feedQuery } from "#domain/feed.ts";
import { getSessionUser } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
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
        querystring: feedQuery,
        response: { 200: feedPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const user = await getSessionUser(request, reply);
      const read = () => getFeed({ db: app.database.db, user }, request.query);
      // A visitor's first page is the same for every visitor (and the busiest read there is).
      const { cursor, limit, scope } = request.query;
      if (!user && cursor === undefined && (scope ?? "everyone") === "everyone") {
        return app.publicAnswers.send(request, reply, `feed:${limit ?? ""}`, read);
      }
      return read();
    },
  );
};
