import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { screenRoutes } from "./screen-paths.ts";

/**
 * docs/screens.md is how a newcomer finds a screen's files; a renamed file or a new screen must
 * change it in the same commit, or this fails.
 */
const root = join(import.meta.dirname, "..");
const doc = readFileSync(join(root, "docs/screens.md"), "utf8");
const tableRows = doc
  .split("\n")
  .filter((line) => line.startsWith("| ") && !line.startsWith("| Screen"));
const codeSpans = tableRows.flatMap((row) =>
  [...row.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ""),
);

describe("docs/screens.md", () => {
  it("names only files and folders that exist", () => {
    const paths = codeSpans.filter((span) => /^(web|server|domain|e2e|scripts)\//.test(span));
    expect(paths.length).toBeGreaterThan(40);
    const missing = paths.filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  it("has a row for every screen of the route table", () => {
    const routeColumn = tableRows.map((row) => row.split("|")[2] ?? "");
    const missing = Object.values(screenRoutes).filter(
      (route) => !routeColumn.some((cell) => cell.includes(`\`${route}\``)),
    );
    expect(missing).toEqual([]);
  });
});
