import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors.ts";

/**
 * Serves the built SPA. Vite's hashed files under /assets never change, so browsers may keep
 * them forever; index.html and the service worker must always be revalidated or users would be
 * stuck on an old release. Unknown non-API paths get index.html so the client router decides
 * (it renders the 404 page).
 */
export async function registerStaticWeb(app: FastifyInstance, webDistDir: string | undefined) {
  const hasWeb = webDistDir !== undefined && existsSync(path.join(webDistDir, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const relative = path.relative(webDistDir, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        } else {
          res.header("cache-control", "no-cache");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === "/api" || request.url.startsWith("/api/");
    const wantsPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !isApi &&
      (request.headers.accept ?? "").includes("text/html");
    if (hasWeb && wantsPage) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply
      .status(404)
      .send(errorBody("NOT_FOUND", `No route for ${request.method} ${request.url.split("?")[0]}`));
  });
}
