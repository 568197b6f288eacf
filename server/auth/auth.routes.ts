import { STATUS_CODES } from "node:http";
import type { FastifyPluginAsync } from "fastify";
import type { ApiErrorBody } from "#domain/api-error.ts";
import { errorBody } from "#server/http/errors.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";
import { getSessionUser, sessionsChanged, toFetchHeaders } from "./session.ts";

/** Auth request bodies are small JSON or form posts. */
const AUTH_BODY_LIMIT_BYTES = 64 * 1024;
/** Hop-by-hop or recomputed by Fastify; never copied from better-auth's Response. */
const SKIPPED_RESPONSE_HEADERS = new Set(["set-cookie", "content-length", "transfer-encoding"]);

/**
 * Hands /api/auth/* to better-auth. Registered as its own encapsulated plugin so the raw-body
 * parser below applies to these routes only: better-auth parses bodies itself from the Fetch
 * Request, and each Set-Cookie must reach the browser as its own header (getSetCookie(); a
 * joined string would break cookie attributes).
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: AUTH_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.route({
    method: ["GET", "POST"],
    url: "/auth/*",
    schema: { hide: true },
    handler: async (request, reply) => {
      // Whoever is signed in before a change: a sign-out, a revocation, a new password or
      // email changes their sessions, which every process must stop answering from memory.
      const changing = request.method === "GET" ? null : await getSessionUser(request);
      const headers = toFetchHeaders(request.headers);
      // The only IP better-auth trusts (rate-limit buckets, session records).
      headers.set(CLIENT_IP_HEADER, request.ip);
      const body =
        Buffer.isBuffer(request.body) && request.body.length > 0
          ? new Uint8Array(request.body)
          : null;
      const response = await app.auth.handler(
        new Request(new URL(request.url, app.config.publicUrl), {
          method: request.method,
          headers,
          body,
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (!SKIPPED_RESPONSE_HEADERS.has(name)) reply.header(name, value);
      });
      // better-auth says when to retry only in X-Retry-After; clients and proxies read the
      // standard Retry-After (whole seconds), as every other 429 of the API sends it.
      const retryAfter = Number(response.headers.get("x-retry-after"));
      if (response.status === 429 && !response.headers.has("retry-after") && retryAfter > 0) {
        reply.header("retry-after", String(Math.ceil(retryAfter)));
      }
      if (changing && response.status < 400) await sessionsChanged(app, changing.id);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      if (response.status >= 400) {
        return reply.send(apiErrorBody(response.status, await response.text()));
      }
      const payload = Buffer.from(await response.arrayBuffer());
      return reply.send(payload.length > 0 ? payload : null);
    },
  });
};

/**
 * better-auth answers failures with `{ code, message }` (or no body); the rest of the API with
 * `{ error: { code, message } }`, so one client error handler serves every route. Its browser
 * client reads the inner object back (web/lib/auth-client.ts).
 */
function apiErrorBody(status: number, text: string): ApiErrorBody {
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const fields =
    typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const code = typeof fields.code === "string" && fields.code ? fields.code : `HTTP_${status}`;
  const message =
    typeof fields.message === "string" && fields.message
      ? fields.message
      : (STATUS_CODES[status] ?? "Request failed");
  return errorBody(code, message);
}
