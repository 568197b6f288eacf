import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type AppConfigDto, appConfigSchema } from "#domain/app-config.ts";

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  // Settled at boot: the answer never changes while the server runs.
  const answer: AppConfigDto = {
    signInMethods: { email: true, phone: true, google: app.config.google !== undefined },
    mapStyleUrl: app.config.mapStyleUrl ?? null,
  };

  app.get(
    "/config",
    {
      schema: {
        summary: "Which sign-in methods this server offers, and the map style",
        tags: ["system"],
        response: { 200: appConfigSchema },
      },
    },
    async () => answer,
  );
};
