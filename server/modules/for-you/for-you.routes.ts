import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { forYouDismissalSchema, forYouSchema } from "#domain/for-you.ts";
import { forYouMessages } from "#domain/for-you-rules.ts";
import { currentUser, requireUserWith } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { dismiss, getForYou } from "./for-you.service.ts";

const tags = ["for-you"];

export const forYouRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requireUserWith(forYouMessages.signInRequired);

  app.get(
    "/for-you",
    {
      preHandler,
      schema: {
        summary: "Restaurants and dishes picked for the caller, best predicted first",
        description:
          "Signed in. What the caller has not reviewed nor dismissed, from the loves of people " +
          "whose ratings agree with theirs, of people they follow and of everyone lately " +
          "(ADR 0033), computed ahead and read with everyone's visibility as it is now; one " +
          "bounded page, each item with its reason. `sharpen` while the caller has rated only " +
          "a few things.",
        tags,
        response: { 200: forYouSchema, ...errorResponses(401) },
      },
    },
    async (request) =>
      getForYou(
        { db: app.database.db, now: app.clock(), picks: app.forYouPicks },
        currentUser(request).id,
      ),
  );

  app.post(
    "/for-you/dismissals",
    {
      preHandler,
      schema: {
        summary: "Not interested: a restaurant or a dish there never comes back in For you",
        description: "`dishName: null` dismisses the restaurant itself. Saying it twice is fine.",
        tags,
        body: forYouDismissalSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await dismiss(app.database.db, currentUser(request).id, request.body);
      return reply.status(204).send(null);
    },
  );
};
