import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isScreenPath, screenRoutes } from "#domain/screen-paths.ts";
import { errorBody } from "./errors.ts";
import { readFirstReads, withFirstReads } from "./first-reads.ts";
import { type HeadTags, withHeadTags } from "./head-tags.ts";

/** Screens whose links show what they name when shared (a restaurant, a profile, a review). */
export interface ScreenPreviews {
  /** Their patterns in the route table, each with a `:parameter`. */
  routes: readonly string[];
  /**
   * The head tags of the screen at `pathname` (still percent-encoded), or undefined for the
   * default head.
   */
  headTagsFor(pathname: string, request: FastifyRequest): Promise<HeadTags | undefined>;
}

/**
 * Serves the built SPA. Vite's hashed files under /assets never change, so browsers may keep
 * them forever; index.html and the service worker must always be revalidated or users would be
 * stuck on an old release.
 *
 * Every screen of the route table is the app with 200 for any GET, whatever the client
 * accepts (health checkers, link previews and curl send no text/html); "/" gets the copy with the
 * landing page already drawn in. Any other path is a 404: browsers get the app, which renders
 * its 404 page; other clients a JSON error.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  webDistDir: string | undefined,
  previews?: ScreenPreviews,
) {
  const hasWeb = webDistDir !== undefined && existsSync(path.join(webDistDir, "index.html"));
  // The build's copy of index.html with the landing page already drawn (vite.config.ts).
  const landingPage =
    hasWeb && existsSync(path.join(webDistDir, "landing.html")) ? "landing.html" : "index.html";
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text file; the one the client accepts is
      // sent (with Vary: Accept-Encoding), the file itself to clients that take neither.
      preCompressed: true,
      setHeaders(res, filePath) {
        const relative = path.relative(webDistDir, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        } else {
          res.header("cache-control", "no-cache");
        }
      },
    });
    registerScreens(app, webDistDir, previews);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = pathnameOf(request);
    const isRead = request.method === "GET" || request.method === "HEAD";
    if (hasWeb && isRead && !isApiPath(pathname)) {
      if (isScreenPath(pathname)) {
        const page = pathname === screenRoutes.landing ? landingPage : "index.html";
        return reply.header("cache-control", "no-cache").sendFile(page);
      }
      if ((request.headers.accept ?? "").includes("text/html")) {
        return reply.status(404).header("cache-control", "no-cache").sendFile("index.html");
      }
    }
    return reply
      .status(404)
      .send(errorBody("NOT_FOUND", `No route for ${request.method} ${pathname}`));
  });
}

/**
 * Every screen but the landing page is a route of its own (a wildcard per path prefix, not a
 * `:param` route, so a long slug is not refused as 414 by the router's limit on parameters),
 * because its page is built per request: the app's index.html with the screen's link-preview
 * tags (a restaurant, a profile, a review) and its first reads (server/http/first-reads.ts).
 * Only routes get @fastify/compress, which such a page needs. A path under a prefix that is no
 * screen goes on to the not-found handler. index.html is read once, on first use.
 */
function registerScreens(app: FastifyInstance, webDistDir: string, previews?: ScreenPreviews) {
  let indexHtml: Promise<string> | undefined;
  const readIndex = () =>
    (indexHtml ??= readFile(path.join(webDistDir, "index.html"), "utf8").catch((error) => {
      indexHtml = undefined; // read again next time rather than fail for good
      throw error;
    }));
  const headTags = async (pathname: string, request: FastifyRequest) => {
    try {
      return await previews?.headTagsFor(pathname, request);
    } catch (error) {
      request.log.error({ err: error, pathname }, "link preview failed; default head served");
      return undefined;
    }
  };
  const routes = new Set<string>();
  for (const route of Object.values(screenRoutes)) {
    if (route === screenRoutes.landing) continue;
    const parameter = route.indexOf(":");
    routes.add(parameter < 0 ? route : `${route.slice(0, parameter)}*`);
  }
  for (const route of routes) {
    app.get(route, { schema: { hide: true } }, async (request, reply) => {
      const pathname = pathnameOf(request);
      if (!isScreenPath(pathname)) return reply.callNotFound();
      const [index, tags, reads] = await Promise.all([
        readIndex(),
        headTags(pathname, request),
        readFirstReads(app, request, pathname),
      ]);
      // A page carrying someone's own answers is theirs alone: never stored, by any cache.
      reply.header("cache-control", reads.personal ? "private, no-store" : "no-cache");
      reply.header("vary", "cookie");
      if (reads.cookies.length > 0) reply.header("set-cookie", reads.cookies);
      const page = withFirstReads(tags ? withHeadTags(index, tags) : index, reads);
      return reply.type("text/html; charset=utf-8").send(page);
    });
  }
}

/** The request target's path, also for absolute-form targets ("http://host/path"). */
function pathnameOf(request: FastifyRequest): string {
  try {
    return new URL(request.url, "http://host").pathname;
  } catch {
    return request.url.split("?")[0] ?? "/";
  }
}

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}
