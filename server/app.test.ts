import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestApp } from "#server/test/app.ts";

const testApp = useTestApp();

beforeEach(async () => {
  const { app } = await testApp.start();
  // A route that accepts a JSON body, to exercise the app-wide body parsing and error shape.
  app.post(
    "/api/test/echo",
    { schema: { body: z.object({ name: z.string().min(3, "Name is too short") }) } },
    async (request) => request.body,
  );
});

describe("health", () => {
  it("reports the database as reachable", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers 503 when the database is gone", async () => {
    const { app: broken } = await testApp.start();
    broken.database.ping = async () => {
      throw new Error("connection refused");
    };
    const response = await broken.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "unavailable", database: "unreachable" });
  });
});

describe("error shape", () => {
  it("answers unknown API routes with a JSON 404", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.json()).toEqual({
      error: { code: "NOT_FOUND", message: "No route for GET /api/no-such-thing" },
    });
  });

  it("answers malformed JSON with a 400", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "INVALID_JSON", message: "Request body is not valid JSON" },
    });
  });

  it("answers a failed validation with the first issue's message", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/test/echo",
      payload: { name: "x" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "VALIDATION_ERROR", message: "Name is too short" },
    });
  });

  it("refuses a body over the limit with a 413", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ name: "x".repeat(1024 * 1024 + 1) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses an unsupported content type with a 415", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "text/csv" },
      payload: "a,b",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("hides internal errors behind a generic 500", async () => {
    const { app: failing } = await testApp.start();
    failing.get("/api/test/boom", async () => {
      throw new Error("secret connection string postgres://user:pw@host");
    });
    const response = await failing.inject({ method: "GET", url: "/api/test/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: "INTERNAL", message: "Something went wrong on our side" },
    });
    expect(response.body).not.toContain("postgres://");
  });
});

describe("openapi", () => {
  it("documents the API", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe("Tasted API");
    expect(Object.keys(document.paths)).toContain("/api/health");
  });
});

describe("security headers", () => {
  it("sends a strict CSP that forbids inline script and framing", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  /** The CSP's directives by name, each with its sources. */
  async function cspDirectives(): Promise<Map<string, string[]>> {
    const response = await testApp.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    return new Map(
      csp.split(";").map((directive) => {
        const [name = "", ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
    );
  }

  it("lets the map style's origin serve data and images, and maps need no eval", async () => {
    await testApp.start({ mapStyleUrl: "https://maps.example.com:8443/styles/liberty.json" });
    const directives = await cspDirectives();
    expect(directives.get("connect-src")).toEqual(["'self'", "https://maps.example.com:8443"]);
    expect(directives.get("img-src")).toContain("https://maps.example.com:8443");
    // The map's worker is one of the app's own files.
    expect(directives.get("worker-src")).toEqual(["'self'"]);
    expect(directives.get("script-src")).toEqual(["'self'"]);
  });

  it("adds no origin when no map style is set", async () => {
    await testApp.start({ mapStyleUrl: undefined });
    const directives = await cspDirectives();
    expect(directives.get("connect-src")).toEqual(["'self'"]);
    expect(directives.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
  });
});
