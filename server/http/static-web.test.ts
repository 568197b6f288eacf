import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "#server/test/app.ts";
import { registerStaticWeb } from "./static-web.ts";

const testApp = useTestApp();

const INDEX = "<!doctype html><title>Tasted</title><div id=root></div>";
const CURL = { accept: "*/*" };
const BROWSER = { accept: "text/html,application/xhtml+xml" };
const API_CLIENT = { accept: "application/json" };

let webDistDir: string;

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(tmpdir(), "tasted-web-"));
  await writeFile(path.join(webDistDir, "index.html"), INDEX);
  await mkdir(path.join(webDistDir, "assets"));
  await writeFile(path.join(webDistDir, "assets", "app-abc123.js"), "console.log(1)");
  await mkdir(path.join(webDistDir, ".vite"));
  await writeFile(path.join(webDistDir, ".vite", "manifest.json"), '{"index.html":{}}');
});

const get = (url: string, headers: Record<string, string>) =>
  testApp.app.inject({ method: "GET", url, headers });

describe("the web app's host", () => {
  it("serves the app with 200 for the root and every screen, whatever the client accepts", async () => {
    const { app } = await testApp.start({ webDistDir });
    for (const url of ["/", "/feed", "/explore", "/user/ann", "/b/r/il-joes", "/view/dish/x"]) {
      for (const headers of [CURL, BROWSER, API_CLIENT, {}]) {
        const response = await get(url, headers);
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(response.headers["content-type"]).toMatch(/^text\/html/);
        expect(response.headers["cache-control"]).toBe("no-cache");
        // The landing page is the file; other screens add their first reads to it.
        expect(response.body.startsWith(INDEX), url).toBe(true);
      }
    }
    expect((await app.inject({ method: "HEAD", url: "/feed" })).statusCode).toBe(200);
  });

  it("answers an unknown path 404: the app (its 404 page) for browsers, JSON for API clients", async () => {
    await testApp.start({ webDistDir });
    const page = await get("/no-such-page", BROWSER);
    expect(page.statusCode).toBe(404);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toBe(INDEX);
    for (const headers of [CURL, API_CLIENT]) {
      const response = await get("/no-such-page", headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: "NOT_FOUND", message: "No route for GET /no-such-page" },
      });
    }
    const api = await get("/api/no-such-thing", BROWSER);
    expect(api.statusCode).toBe(404);
    expect(api.headers["content-type"]).toMatch(/^application\/json/);
    // The build's manifest names every source file; it is for the bundle check, not the web.
    const manifest = await get("/.vite/manifest.json", API_CLIENT);
    expect(manifest.statusCode).toBe(404);
    expect(manifest.body).not.toContain("index.html");
  });

  it("sends the copy with the landing page drawn in for the root only, when the build made one", async () => {
    const withLanding = await mkdtemp(path.join(tmpdir(), "tasted-web-"));
    const landing = "<!doctype html><title>Tasted</title><div id=root><h1>Tasted</h1></div>";
    await writeFile(path.join(withLanding, "index.html"), INDEX);
    await writeFile(path.join(withLanding, "landing.html"), landing);
    await testApp.start({ webDistDir: withLanding });
    const root = await get("/", CURL);
    expect(root.statusCode).toBe(200);
    expect(root.headers["cache-control"]).toBe("no-cache");
    expect(root.body).toBe(landing);
    for (const url of ["/feed", "/terms"]) {
      expect((await get(url, BROWSER)).body.startsWith(INDEX), url).toBe(true);
    }
    expect((await get("/no-such-page", BROWSER)).body).toBe(INDEX);
  });

  it("serves built files as they are, hashed assets cached for good", async () => {
    await testApp.start({ webDistDir });
    const asset = await get("/assets/app-abc123.js", CURL);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect((await get("/assets/missing.js", CURL)).statusCode).toBe(404);
  });
});

describe("screens with link previews", () => {
  it("answers a path under a previewed screen's prefix that is no screen like any unknown path", async () => {
    await testApp.start({ webDistDir });
    for (const url of ["/view/dish/x/more", "/b/r/", "/user/ann/posts"]) {
      const page = await get(url, BROWSER);
      expect(page.statusCode, url).toBe(404);
      expect(page.body, url).toBe(INDEX);
      const api = await get(url, CURL);
      expect(api.statusCode, url).toBe(404);
      expect(api.json(), url).toEqual({
        error: { code: "NOT_FOUND", message: `No route for GET ${url}` },
      });
    }
    // A slug longer than the router's parameter limit is still the app, not a 414.
    expect((await get(`/b/r/${"a".repeat(150)}`, CURL)).statusCode).toBe(200);
  });

  it("serves the default head when finding the tags fails, and logs why", async () => {
    // The static host alone, with a lookup that always fails: no database is involved.
    const logged: string[] = [];
    const app = Fastify({
      logger: { level: "error", stream: { write: (line) => logged.push(line) } },
    });
    await registerStaticWeb(app, webDistDir, {
      routes: ["/b/r/:slug"],
      headTagsFor: async () => {
        throw new Error("database is down");
      },
    });
    try {
      const response = await app.inject({ method: "GET", url: "/b/r/joes" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body.startsWith(INDEX)).toBe(true);
      const log = logged.join("");
      expect(log).toContain("link preview failed; default head served");
      expect(log).toContain("database is down");
    } finally {
      await app.close();
    }
  });
});
