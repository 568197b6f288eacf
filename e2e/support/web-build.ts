import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Everything `vite build` reads; a change in any of these makes dist/ stale. */
const BUILD_INPUTS = ["web", "domain", "vite.config.ts", "index.html", "package.json"];

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === "node_modules") continue;
    newest = Math.max(newest, newestModification(path.join(entry, child)));
  }
  return newest;
}

/** True when dist/index.html exists and is newer than every source of the web build. */
function webBuildIsFresh(root = process.cwd()): boolean {
  const index = path.join(root, "dist", "index.html");
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return BUILD_INPUTS.every((input) => newestModification(path.join(root, input)) <= built);
}

/**
 * Runs `npx vite build`; rejects on a non-zero exit. Its output goes to ours, or, with `quiet`,
 * is kept and handed back (a build running beside another suite must not interleave with it);
 * a failed quiet build prints what it kept. The test runner sets
 * NODE_ENV=test, and Vite keeps a NODE_ENV it finds, which would make a development bundle
 * (development React, JSX carrying source file paths); the suite must test the production
 * bundle `npm run build` makes.
 */
function buildWeb(root: string, quiet: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["vite", "build"], {
      cwd: root,
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      const text = Buffer.concat(output).toString();
      if (code === 0) return resolve(text);
      if (quiet) process.stderr.write(text);
      reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/**
 * Builds the web app unless dist/ is already newer than its sources; `quiet` keeps the build's
 * output and returns it instead of printing it.
 */
export async function ensureWebBuild(
  root = process.cwd(),
  { quiet = false }: { quiet?: boolean } = {},
): Promise<{ state: "built" | "fresh"; output: string }> {
  if (webBuildIsFresh(root)) return { state: "fresh", output: "" };
  return { state: "built", output: await buildWeb(root, quiet) };
}
