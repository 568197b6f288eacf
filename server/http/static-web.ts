import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isScreenPath } from "#domain/screen-paths.ts";
import { errorBody } from "./errors.ts";
import { type HeadTags, withHeadTags } from "./head-tags.ts";

export interface StaticWebOptions {
  /**
   * The head tags of a screen whose link preview shows what it is (a restaurant, a profile, a
   * review), or undefined for the default head; `pathname` is still percent-encoded.
   */
  headTagsFor?: (pathname: string, request: FastifyRequest) => Promise<HeadTags | undefined>;
}

/**
 * Serves the built SPA. Vite's hashed files under /assets never change, so browsers may keep
 * them forever; index.html and the service worker must always be revalidated or users would be
 * stuck on an old release.
 *
 * Every screen of the route table is the app with 200 for any GET, whatever the client
 * accepts (health checkers, link previews and curl send no text/html). Any other path is a 404:
 * browsers get the app, which renders its 404 page; other clients a JSON error.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  webDistDir: string | undefined,
  options: StaticWebOptions = {},
) {
  const hasWeb = webDistDir !== undefined && existsSync(path.join(webDistDir, "index.html"));
  const withPreview = previewPages(webDistDir, options.headTagsFor);
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
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathnameOf(request);
    const isRead = request.method === "GET" || request.method === "HEAD";
    if (hasWeb && isRead && !isApiPath(pathname)) {
      if (isScreenPath(pathname)) {
        reply.header("cache-control", "no-cache");
        const page = await withPreview(pathname, request);
        // Built per request, so @fastify/compress compresses it; the default page is the
        // build's precompressed file.
        if (page !== undefined) return reply.type("text/html; charset=utf-8").send(page);
        return reply.sendFile("index.html");
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
 * index.html with the head tags of the screen at `pathname`, or undefined when it has none
 * (or finding them failed: that is logged, and the page is still served, with the default
 * head). index.html is read once, on first use.
 */
function previewPages(
  webDistDir: string | undefined,
  headTagsFor: StaticWebOptions["headTagsFor"],
): (pathname: string, request: FastifyRequest) => Promise<string | undefined> {
  let indexHtml: Promise<string> | undefined;
  return async (pathname, request) => {
    if (!webDistDir || !headTagsFor) return undefined;
    try {
      const tags = await headTagsFor(pathname, request);
      if (!tags) return undefined;
      indexHtml ??= readFile(path.join(webDistDir, "index.html"), "utf8").catch((error) => {
        indexHtml = undefined; // read again next time rather than fail for good
        throw error;
      });
      return withHeadTags(await indexHtml, tags);
    } catch (error) {
      request.log.error({ err: error, pathname }, "link preview failed; default head served");
      return undefined;
    }
  };
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
