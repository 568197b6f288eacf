import fastifyHelmet from "@fastify/helmet";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { AppConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { registerErrorHandling } from "./http/errors.ts";
import { registerStaticWeb } from "./http/static-web.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";

export interface AppDependencies {
  database: DatabaseHandle;
}

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
  }
}

/** JSON bodies above this are refused with 413 before they are buffered. Uploads use multipart. */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the whole HTTP application without listening, so tests drive it through `inject`
 * and main.ts decides about ports and signals.
 */
export async function buildApp(
  config: AppConfig,
  dependencies: AppDependencies,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ["req.headers.cookie", "req.headers.authorization"] },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate("config", config);
  app.decorate("database", dependencies.database);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> tag and style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith("https://") ? [] : null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith("https://"),
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Tasted API",
        description: "Track what you try. Remember what you love.",
        version: "1.0.0",
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      api.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes);
    },
    { prefix: "/api" },
  );

  await registerStaticWeb(app, config.webDistDir);
  return app;
}
