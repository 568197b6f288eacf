import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  jsBudgetOf,
  type Manifest,
  routeBytes,
  WEB_BUDGETS,
} from "../scripts/bench/web-budgets.ts";

// Each route's first load, from the build the suite runs against (its global setup rebuilds dist/
// when the sources changed): bytes are what Vite's manifest says the route imports, so this
// costs no browser. `npm run bench:web` measures what Chromium really fetched, and Lighthouse.
const distDir = path.resolve(import.meta.dirname, "../dist");
const manifest = JSON.parse(
  readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8"),
) as Manifest;
const gzipSize = (file: string) => {
  const gz = path.join(distDir, `${file}.gz`);
  return statSync(existsSync(gz) ? gz : path.join(distDir, file)).size;
};
const { routes, unknownLazy } = routeBytes(manifest, gzipSize);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

describe("bundle budgets (gzip)", () => {
  test("every screen the router loads on demand is known to the check", () => {
    expect(unknownLazy, "place it in LAZY_MODULES (scripts/bench/web-budgets.ts)").toEqual([]);
  });

  test("the landing page's JavaScript and CSS stay within budget", () => {
    const landing = routes.find((route) => route.route === "landing");
    expect(landing, "landing measured").toBeDefined();
    expect(
      landing?.jsGzip,
      `${kB(landing?.jsGzip ?? 0)}:\n${landing?.files.join("\n")}`,
    ).toBeLessThanOrEqual(WEB_BUDGETS.landingJsGzip);
    expect(landing?.cssGzip).toBeLessThanOrEqual(WEB_BUDGETS.landingCssGzip);
  });

  test.each(routes.filter((route) => route.route !== "landing"))(
    "$route: first load within its JavaScript budget",
    ({ route, jsGzip, files }) => {
      expect(jsGzip, `${kB(jsGzip)}:\n${files.join("\n")}`).toBeLessThanOrEqual(jsBudgetOf(route));
    },
  );
});
