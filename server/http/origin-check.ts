import type { FastifyInstance } from "fastify";
import { ApiError } from "./errors.ts";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF floor for every API route (better-auth checks its own routes; this covers ours too): a
 * state-changing request that carries a cookie must come from one of our origins. Browsers
 * send Origin on every such request; without it the Referer's origin is used; with neither the
 * request is refused, since a cookie is riding along with no proof of where it came from.
 * Requests without cookies carry no ambient authority and pass.
 *
 * Registered inside the API plugin, so it runs for every request the router sent to an API
 * route, whatever the raw target looked like (percent-encoded, absolute-form): checking the
 * URL text instead would let `/%61pi/…` through.
 */
export function registerOriginCheck(api: FastifyInstance, trustedOrigins: readonly string[]): void {
  const allowed = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  api.addHook("onRequest", async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!request.headers.cookie) return;
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    if (!origin || !allowed.has(origin)) {
      throw new ApiError(403, "FORBIDDEN_ORIGIN", "Request origin is not allowed");
    }
  });
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
