import { describe, expect, test } from "vitest";
import { baseURL } from "./support/browser.ts";

/**
 * The HTTP contract of the running server (started by global-setup.ts exactly as `npm start`
 * does): API errors, health, OpenAPI, security and cache headers, the manifest and which paths are
 * screens of the app. Plain fetch, no browser.
 */

const HTML = { accept: "text/html,application/xhtml+xml" };

function url(path: string): string {
  return `${baseURL()}${path}`;
}

async function expectErrorBody(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code, JSON.stringify(body)).toBe("string");
  expect(typeof body.error?.message, JSON.stringify(body)).toBe("string");
  expect(body.error?.message).not.toBe("");
}

/** The value of one CSP directive, e.g. "'self'" for script-src. */
function cspDirective(policy: string, name: string): string | undefined {
  return policy
    .split(";")
    .map((part) => part.trim())
    .find((part) => part === name || part.startsWith(`${name} `))
    ?.slice(name.length)
    .trim();
}

describe("API", () => {
  test("GET /api/health answers ok", async () => {
    const response = await fetch(url("/api/health"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });

  test("an unknown API route is a 404 JSON error, even for a browser", async () => {
    await expectErrorBody(await fetch(url("/api/nope")), 404);
    await expectErrorBody(await fetch(url("/api/nope"), { headers: HTML }), 404);
  });

  test("a malformed JSON body is a 400 JSON error", async () => {
    // No POST route exists yet in the foundation, but Fastify parses the body before routing to
    // the not-found handler, so the parser's error is what any /api POST answers.
    const response = await fetch(url("/api/health"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    await expectErrorBody(response, 400);
  });

  test("a JSON body over the limit is a 413 JSON error", async () => {
    const response = await fetch(url("/api/health"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "x".repeat(2 * 1024 * 1024) }),
    });
    await expectErrorBody(response, 413);
  });

  test("GET /api/openapi.json is an OpenAPI document", async () => {
    const response = await fetch(url("/api/openapi.json"));
    expect(response.status).toBe(200);
    const document = (await response.json()) as Record<string, unknown>;
    expect(document).toHaveProperty("openapi");
    expect(document).toHaveProperty("paths");
  });
});

describe("web app delivery", () => {
  test("GET / is the app shell, never cached, under a strict CSP", async () => {
    const response = await fetch(url("/"), { headers: HTML });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toMatch(/no-cache/);
    expect(await response.text()).toMatch(/<script[^>]+type="module"/);

    const policy = response.headers.get("content-security-policy") ?? "";
    const scripts = cspDirective(policy, "script-src") ?? cspDirective(policy, "default-src");
    expect(scripts, policy).toBeDefined();
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(cspDirective(policy, "frame-ancestors")).toBe("'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBeTruthy();
  });

  test("hashed assets are cached for good", async () => {
    const html = await (await fetch(url("/"), { headers: HTML })).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length, "index.html references /assets/ files").toBeGreaterThan(0);
    for (const asset of assets) {
      const response = await fetch(url(asset ?? ""));
      expect(response.status, asset).toBe(200);
      expect(response.headers.get("cache-control"), asset).toMatch(/immutable/);
    }
  });

  test("every screen's deep link is the app with 200, for browsers and curl alike", async () => {
    const index = await (await fetch(url("/"), { headers: HTML })).text();
    for (const path of ["/", "/feed", "/user/someone", "/b/r/some-place", "/view/dish/x"]) {
      for (const headers of [HTML, { accept: "*/*" }]) {
        const response = await fetch(url(path), { headers });
        expect(response.status, path).toBe(200);
        expect(response.headers.get("content-type")).toMatch(/^text\/html/);
        expect(response.headers.get("cache-control")).toMatch(/no-cache/);
        expect(await response.text()).toBe(index);
      }
    }
  });

  test("an unknown path is a 404: the app's 404 page for browsers, JSON for others", async () => {
    const index = await (await fetch(url("/"), { headers: HTML })).text();
    const page = await fetch(url("/some/deep/link"), { headers: HTML });
    expect(page.status).toBe(404);
    expect(await page.text()).toBe(index);
    await expectErrorBody(await fetch(url("/some/deep/link")), 404);
  });

  test("the service worker is always revalidated", async () => {
    const response = await fetch(url("/sw.js"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("cache-control")).toMatch(/no-cache/);
  });

  test("the web manifest makes the app installable", async () => {
    const response = await fetch(url("/manifest.webmanifest"));
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as {
      name?: string;
      display?: string;
      start_url?: string;
      theme_color?: string;
      icons?: { src: string; sizes?: string; purpose?: string }[];
    };
    expect(manifest.name).toBe("Tasted");
    expect(manifest.display).toBe("standalone");
    expect(manifest.start_url).toBeTruthy();
    expect(manifest.theme_color).toBeTruthy();
    const icons = manifest.icons ?? [];
    const sizes = icons.flatMap((icon) => (icon.sizes ?? "").split(/\s+/));
    expect(sizes).toContain("192x192");
    expect(sizes).toContain("512x512");
    expect(icons.some((icon) => (icon.purpose ?? "").split(/\s+/).includes("maskable"))).toBe(true);
    for (const icon of icons) {
      const image = await fetch(new URL(icon.src, url("/manifest.webmanifest")));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get("content-type"), icon.src).toMatch(/^image\//);
    }
  });
});
