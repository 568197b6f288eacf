import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { FIRST_READS_ELEMENT_ID } from "#domain/first-reads.ts";
import { baseURL } from "./support/browser.ts";

/**
 * The HTTP contract of the running server (started by global-setup.ts exactly as `npm start`
 * does): API errors, health, OpenAPI, security and cache headers, the manifest and which paths are
 * screens of the app. Plain fetch, no browser.
 */

const HTML = { accept: "text/html,application/xhtml+xml" };

/** The built web app global-setup.ts serves (the same `dist/` `npm start` builds). */
const DIST = path.resolve("dist");

function url(path: string): string {
  return `${baseURL()}${path}`;
}

/** The app's empty shell, which every screen but the landing page is served as. */
function shell(): Promise<string> {
  return readFile(path.join(DIST, "index.html"), "utf8");
}

/** A screen's HTML without what the server adds to the shell for it: its reads and photo preload. */
function withoutFirstReads(html: string): string {
  return html
    .replace(
      new RegExp(`\\s*<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">.*?</script>`),
      "",
    )
    .replace(/\s*<link rel="preload" as="image"[^>]*fetchpriority="high" \/>/, "");
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
  test("GET / is the app shell with the landing page drawn in, never cached, under a strict CSP", async () => {
    const response = await fetch(url("/"), { headers: HTML });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toMatch(/no-cache/);
    const page = await response.text();
    // Prerendered at build (vite.config.ts): the landing page drawn into the shell's #root, and
    // the shell's own entry script started by /landing-boot.js once the page has been painted.
    const entry = (await shell()).match(/<script type="module" crossorigin src="([^"]+)"/)?.[1];
    expect(entry, "the shell's entry script").toBeDefined();
    expect(page).toContain(`<script src="/landing-boot.js" data-entry="${entry}"`);
    expect(page.split('<div id="root">')[1]).toContain("Track what you try.");
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

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

  test("every text file is compressed on the wire: brotli where accepted, else gzip", async () => {
    const html = await (await fetch(url("/"), { headers: HTML })).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1] ?? "",
    );
    const texts = ["/", "/feed", "/sw.js", "/manifest.webmanifest", "/api/openapi.json", ...assets];
    expect(assets.length).toBeGreaterThan(0);
    for (const path of texts) {
      const plain = await fetch(url(path), { headers: { ...HTML, "accept-encoding": "identity" } });
      expect(plain.headers.get("content-encoding"), path).toBeNull();
      const body = await plain.text();
      for (const [accepted, expected] of [
        ["br, gzip, deflate", "br"],
        ["gzip, deflate", "gzip"],
      ]) {
        const response = await fetch(url(path), {
          headers: { ...HTML, "accept-encoding": accepted ?? "" },
        });
        expect(response.status, path).toBe(200);
        expect(response.headers.get("content-encoding"), `${path} for ${accepted}`).toBe(expected);
        expect(response.headers.get("vary") ?? "", path).toMatch(/accept-encoding/i);
        expect(await response.text(), path).toBe(body);
      }
    }
  });

  test("every screen's deep link is the app with 200, for browsers and curl alike", async () => {
    const index = await shell();
    for (const path of ["/feed", "/user/someone", "/b/r/some-place", "/view/dish/x"]) {
      for (const headers of [HTML, { accept: "*/*" }]) {
        const response = await fetch(url(path), { headers });
        expect(response.status, path).toBe(200);
        expect(response.headers.get("content-type")).toMatch(/^text\/html/);
        expect(response.headers.get("cache-control")).toMatch(/no-cache/);
        // The shell, plus the screen's first API answers and its lead photo's preload, which
        // the server adds (e2e/first-reads.test.ts looks at those).
        const html = await response.text();
        expect(html).toContain(`id="${FIRST_READS_ELEMENT_ID}"`);
        expect(withoutFirstReads(html)).toBe(index);
      }
    }
  });

  test("an unknown path is a 404: the app's 404 page for browsers, JSON for others", async () => {
    const index = await shell();
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

describe("what the build publishes", () => {
  // Source maps would hand anyone the app's full source, and both maps and development builds
  // carry the absolute paths of the machine that built them.
  const buildPath = process.cwd();

  /** Every file under dir, as paths relative to it. */
  async function filesUnder(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  }

  /** The service worker, its Workbox runtime and the scripts index.html loads. */
  async function servedScripts(): Promise<string[]> {
    // A screen's shell: "/" starts the same entry script from data attributes.
    const html = await (await fetch(url("/feed"), { headers: HTML })).text();
    const entries = [...html.matchAll(/src="(\/[^"]+\.js)"/g)].map((m) => m[1] ?? "");
    const worker = await (await fetch(url("/sw.js"))).text();
    const workbox = [...worker.matchAll(/workbox-[\w-]+\.js/g)].map((m) => `/${m[0]}`);
    return [...new Set(["/sw.js", ...workbox, ...entries])];
  }

  test("dist holds no source map", async () => {
    const maps = (await filesUnder(DIST)).filter((file) => file.endsWith(".map"));
    expect(maps).toEqual([]);
  });

  test("no built text file points at a source map or names the build machine's paths", async () => {
    const textFiles = (await filesUnder(DIST)).filter((file) =>
      /\.(js|css|html|webmanifest|json)$/.test(file),
    );
    expect(textFiles.length).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const file of textFiles) {
      const text = await readFile(path.join(DIST, file), "utf8");
      if (text.includes("sourceMappingURL")) offenders.push(`${file}: sourceMappingURL`);
      if (text.includes(buildPath)) offenders.push(`${file}: ${buildPath}`);
    }
    expect(offenders).toEqual([]);
  });

  test("no built file carries a secret or a database address", async () => {
    // The values of this machine's secrets and connection settings (the build ran with this
    // environment), and the shapes such values take. Names alone are fine: better-auth's client
    // lists the variables it would read on a server.
    const secretValues = Object.entries(process.env)
      .filter(([name, value]) => /SECRET|TOKEN|PASSWORD|DATABASE_URL|API_KEY/.test(name) && value)
      .map(([, value]) => value as string)
      .filter((value) => value.length >= 8);
    const shapes = [/postgres(ql)?:\/\/\w/, /smtps?:\/\/[^"'`\s]*@/];
    const offenders: string[] = [];
    for (const file of await filesUnder(DIST)) {
      if (!/\.(js|css|html|webmanifest|json)$/.test(file)) continue;
      const text = await readFile(path.join(DIST, file), "utf8");
      for (const pattern of shapes) if (pattern.test(text)) offenders.push(`${file}: ${pattern}`);
      if (secretValues.some((value) => text.includes(value))) offenders.push(`${file}: a secret`);
    }
    expect(offenders).toEqual([]);
  });

  test("the service worker and the app's scripts are served without map links or build paths", async () => {
    const scripts = await servedScripts();
    expect(scripts).toContain("/sw.js");
    expect(scripts.some((script) => script.startsWith("/assets/"))).toBe(true);
    for (const script of scripts) {
      const response = await fetch(url(script));
      expect(response.status, script).toBe(200);
      const text = await response.text();
      expect(text.includes("sourceMappingURL"), `${script} links a source map`).toBe(false);
      expect(text.includes(buildPath), `${script} names ${buildPath}`).toBe(false);
      expect(response.headers.get("sourcemap"), script).toBeNull();
      expect(response.headers.get("x-sourcemap"), script).toBeNull();
    }
  });

  test("asking for a script's .map is a 404", async () => {
    for (const script of await servedScripts()) {
      await expectErrorBody(await fetch(url(`${script}.map`)), 404);
    }
  });
});
