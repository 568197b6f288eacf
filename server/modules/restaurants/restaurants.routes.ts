import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "#domain/api-error.ts";
import { restaurantSchema } from "#domain/restaurant.ts";
import { getRestaurant } from "./restaurants.service.ts";

export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/restaurants/:idOrSlug",
    {
      schema: {
        summary: "A restaurant by id (UUID) or slug, with its rating stats",
        tags: ["restaurants"],
        params: z.object({ idOrSlug: z.string().min(1).max(300) }),
        response: { 200: restaurantSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getRestaurant(app.database.db, request.params.idOrSlug),
  );
};
