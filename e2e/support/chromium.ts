import { accessSync, constants } from "node:fs";

/**
 * Where the browser suite finds Chromium: CHROMIUM_PATH first, then Debian's and Ubuntu's
 * package paths. The suite drives the system browser through playwright-core, so nothing is
 * downloaded at install time. Shared by scripts/test.ts (skip or fail) and the browser helpers.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not installed there; try the next location.
    }
  }
  return undefined;
}
