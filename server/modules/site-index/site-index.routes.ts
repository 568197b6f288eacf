import type { FastifyInstance } from "fastify";
import { robotsTxt, sitemapXml } from "./site-index.service.ts";

/** Crawlers read these often; an hour old is fresh enough and spares the database. */
const CACHE_CONTROL = "public, max-age=3600";

/** Not API routes: /robots.txt and /sitemap.xml at the site's root, for search engines. */
export async function siteIndexRoutes(app: FastifyInstance) {
  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", CACHE_CONTROL)
      .send(robotsTxt(app.config.publicUrl)),
  );
  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", CACHE_CONTROL)
      .send(await sitemapXml(app.database.db, app.config.publicUrl)),
  );
}
