import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponse } from "#server/http/errors.ts";
import { getRestaurant } from "./restaurants.service.ts";

const ratingStat = z.object({ average: z.number().nullable(), count: z.number() });

export const restaurantResponse = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  priceLevel: z.number().nullable(),
  priceLevelSource: z.enum(["google", "reviews"]).nullable(),
  googleRating: z.number().nullable(),
  stats: z.object({
    dishRating: ratingStat,
    restaurantRating: ratingStat,
    postCount: z.number(),
  }),
});

export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/restaurants/:idOrSlug",
    {
      schema: {
        summary: "A restaurant by id (UUID) or slug, with its rating stats",
        tags: ["restaurants"],
        params: z.object({ idOrSlug: z.string().min(1).max(300) }),
        response: { 200: restaurantResponse, 404: errorResponse },
      },
    },
    async (request) => getRestaurant(app.database.db, request.params.idOrSlug),
  );
};
