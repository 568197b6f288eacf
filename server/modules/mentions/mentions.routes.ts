import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { mentionSuggestionListSchema, mentionSuggestionsQuery } from "#domain/mentions.ts";
import { currentUser, requireUser } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { suggestMentions } from "./mentions.service.ts";

export const mentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    "/mentions/suggestions",
    {
      preHandler: requireUser,
      schema: {
        summary: "People to mention: followed first, then others the caller may see",
        description:
          "With kind and itemId (the item being commented on or edited), only people who may see it; without, only people who may see the caller's items (a new review or post).",
        tags: ["mentions"],
        querystring: mentionSuggestionsQuery,
        response: { 200: mentionSuggestionListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => suggestMentions(db, currentUser(request), request.query),
  );
};
