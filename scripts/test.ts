/**
 * `npm test`: every suite in turn (the two API projects together), stopping at the first failure.
 *
 *   unit          domain and web unit tests
 *   api           API tests through app.inject on embedded PGlite
 *   api-postgres  the same API tests on PostgreSQL, when TEST_DATABASE_URL is set
 *   faults        real server processes under faults: a database that stops, kill -9, SIGTERM
 *   e2e           the browser suite against a real server, when Chromium is found
 *
 * Under CI a missing PostgreSQL URL or Chromium fails the run instead of skipping a suite.
 */
import { spawn } from "node:child_process";
import { findChromium } from "../e2e/support/chromium.ts";
import { ensureWebBuild } from "../e2e/support/web-build.ts";

type Outcome = "passed" | "failed" | "skipped";

interface Result {
  project: string;
  outcome: Outcome;
  note: string;
}

const results: Result[] = [];
const ci = isSet(process.env.CI);
const databaseUrl = process.env.TEST_DATABASE_URL;
const chromium = findChromium();

function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}

function heading(text: string) {
  console.log(`\n=== ${text} ${"=".repeat(Math.max(3, 76 - text.length))}\n`);
}

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("error", (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function printSummary() {
  heading("Summary");
  for (const { project, outcome, note } of results) {
    console.log(`  ${project.padEnd(14)} ${outcome.padEnd(8)} ${note}`);
  }
  console.log("");
}

function fail(message: string): never {
  console.error(`\nnpm test: ${message}`);
  if (results.length > 0) printSummary();
  process.exit(1);
}

/** Runs the projects in one vitest process (one start-up, one shared worker pool). */
async function runProjects(projects: string[], extraArgs: string[] = []) {
  const project = projects.join(" + ");
  heading(`vitest ${projects.map((name) => `--project ${name}`).join(" ")}`);
  const started = performance.now();
  const args = projects.flatMap((name) => ["--project", name]);
  const code = await run("npx", ["vitest", "run", ...args, "--passWithNoTests", ...extraArgs]);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    results.push({ project, outcome: "failed", note: `exit code ${code} after ${seconds} s` });
    fail(`the ${project} suite failed`);
  }
  results.push({ project, outcome: "passed", note: `${seconds} s` });
}

// Check what CI must have before spending minutes on the suites that come first.
if (ci && !databaseUrl) {
  fail("CI requires TEST_DATABASE_URL (a PostgreSQL database the API suite may reset)");
}
if (ci && !chromium) {
  fail("CI requires Chromium: install Debian's chromium package or set CHROMIUM_PATH");
}

await runProjects(["unit"]);

// The API suite on PGlite and on PostgreSQL side by side: the same files, two databases.
if (databaseUrl) {
  await runProjects(["api", "api-postgres"]);
} else {
  await runProjects(["api"]);
  console.log("\nTEST_DATABASE_URL not set: skipping the PostgreSQL API suite");
  results.push({ project: "api-postgres", outcome: "skipped", note: "TEST_DATABASE_URL not set" });
}

// The browser suite's web build runs beside the fault tests, which mostly wait on the servers
// and clusters they start; its output is printed once they are done.
const webBuild = chromium
  ? ensureWebBuild(process.cwd(), { quiet: true }).then(
      (build) => ({ ok: true as const, build }),
      (error: unknown) => ({ ok: false as const, error }),
    )
  : undefined;

await runProjects(["faults"]);

if (webBuild) {
  heading("web build for the browser suite (made beside the fault tests)");
  const outcome = await webBuild;
  if (!outcome.ok) {
    results.push({ project: "e2e", outcome: "failed", note: "vite build failed" });
    fail(outcome.error instanceof Error ? outcome.error.message : String(outcome.error));
  }
  if (outcome.build.state === "fresh") console.log("dist/ is newer than its sources: reusing it");
  else process.stdout.write(outcome.build.output);
  // The browser suite retries a failed test under CI: the retry report says which ones did.
  await runProjects(["e2e"], ["--reporter=default", "--reporter=./e2e/support/retry-report.ts"]);
} else {
  console.log("\nChromium not found: skipping the browser suite");
  results.push({ project: "e2e", outcome: "skipped", note: "Chromium not found" });
}

printSummary();
