/**
 * `npm test`: every suite, stopping at the first failure: the two API projects together, then the
 * fault tests with the unit tests and the web build beside them, then the browser suite.
 *
 *   unit          domain and web unit tests
 *   api           API tests through app.inject on embedded PGlite
 *   api-postgres  the same API tests on PostgreSQL, when TEST_DATABASE_URL is set
 *   faults        real server processes under faults: a database that stops, kill -9, SIGTERM
 *   e2e           the browser suite against a real server, when Chromium is found
 *
 * Under CI a missing PostgreSQL URL or Chromium fails the run instead of skipping a suite.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { findChromium } from "../e2e/support/chromium.ts";
import { ensureWebBuild } from "../e2e/support/web-build.ts";

type Outcome = "passed" | "failed" | "skipped";

interface Result {
  project: string;
  outcome: Outcome;
  note: string;
}

const results: Result[] = [];
/** The suites' processes still running (a suite may run beside another). */
const running = new Set<ChildProcess>();
const ci = isSet(process.env.CI);
const databaseUrl = process.env.TEST_DATABASE_URL;
const chromium = findChromium();

function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}

function heading(text: string) {
  console.log(`\n=== ${text} ${"=".repeat(Math.max(3, 76 - text.length))}\n`);
}

/**
 * Runs a command to its end. Its output goes to ours, or, with `keep`, is collected and handed
 * back (a suite running beside another must not interleave with it).
 */
function run(
  command: string,
  args: string[],
  { keep = false }: { keep?: boolean } = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(command, args, { stdio: keep ? ["ignore", "pipe", "pipe"] : "inherit" });
    running.add(child);
    child.on("exit", () => running.delete(child));
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    child.on("error", (error) => {
      output += `could not start ${command}: ${error.message}\n`;
      if (!keep) console.error(output);
      resolve({ code: 1, output });
    });
    child.on("exit", (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
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
  // A suite still running beside the failed one stops with the run.
  for (const child of running) child.kill("SIGTERM");
  process.exit(1);
}

/** A vitest run of some projects: its verdict, and its output when it was kept. */
interface SuiteRun {
  project: string;
  code: number;
  output: string;
  seconds: string;
}

/**
 * Runs the projects in one vitest process (one start-up, one shared worker pool). Its output
 * streams, or with `keep` waits for reportSuite, so a suite can run beside another.
 */
async function startProjects(
  projects: string[],
  { extraArgs = [], keep = false }: { extraArgs?: string[]; keep?: boolean } = {},
): Promise<SuiteRun> {
  const project = projects.join(" + ");
  if (!keep) heading(`vitest ${projects.map((name) => `--project ${name}`).join(" ")}`);
  const started = performance.now();
  const args = projects.flatMap((name) => ["--project", name]);
  const { code, output } = await run(
    "npx",
    ["vitest", "run", ...args, "--passWithNoTests", ...extraArgs],
    { keep },
  );
  return { project, code, output, seconds: ((performance.now() - started) / 1000).toFixed(1) };
}

/** Prints a kept suite's output, records its verdict, and stops the run if it failed. */
function reportSuite({ project, code, output, seconds }: SuiteRun, kept = false) {
  if (kept) {
    heading(`vitest --project ${project} (run beside the fault tests)`);
    process.stdout.write(output);
  }
  if (code !== 0) {
    results.push({ project, outcome: "failed", note: `exit code ${code} after ${seconds} s` });
    fail(`the ${project} suite failed`);
  }
  results.push({ project, outcome: "passed", note: `${seconds} s` });
}

async function runProjects(projects: string[], extraArgs: string[] = []) {
  reportSuite(await startProjects(projects, { extraArgs }));
}

// Check what CI must have before spending minutes on the suites that come first.
if (ci && !databaseUrl) {
  fail("CI requires TEST_DATABASE_URL (a PostgreSQL database the API suite may reset)");
}
if (ci && !chromium) {
  fail("CI requires Chromium: install Debian's chromium package or set CHROMIUM_PATH");
}

// The API suite on PGlite and on PostgreSQL side by side: the same files, two databases.
if (databaseUrl) {
  await runProjects(["api", "api-postgres"]);
} else {
  await runProjects(["api"]);
  console.log("\nTEST_DATABASE_URL not set: skipping the PostgreSQL API suite");
  results.push({ project: "api-postgres", outcome: "skipped", note: "TEST_DATABASE_URL not set" });
}

// The unit tests and the browser suite's web build run beside the fault tests, which mostly
// wait on the servers and clusters they start; their output is printed once those are done.
const unit = startProjects(["unit"], { keep: true });
const webBuild = chromium
  ? ensureWebBuild(process.cwd(), { quiet: true }).then(
      (build) => ({ ok: true as const, build }),
      (error: unknown) => ({ ok: false as const, error }),
    )
  : undefined;

await runProjects(["faults"]);
reportSuite(await unit, true);

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
