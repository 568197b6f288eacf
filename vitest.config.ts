import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * One runner, five projects. The API suite runs twice when TEST_DATABASE_URL is set: once on
 * embedded PGlite and once on PostgreSQL, so both databases stay supported. scripts/test.ts
 * decides which projects run (see README "Tests").
 */
/**
 * API test files about HTTP alone (multipart framing, security headers and compression, the
 * Origin check, the SPA host): what they test never reaches SQL a database could answer
 * differently, so they run on PGlite only.
 */
const HTTP_ONLY_TESTS = [
  "server/http/upload-body.test.ts",
  "server/app.test.ts",
  "server/http/origin-check.test.ts",
  "server/http/static-web.test.ts",
];

const apiProject = (name: string, database: "pglite" | "postgres") => ({
  test: {
    name,
    // scripts/: backup and restore, tested against the real server.
    include: ["server/**/*.test.ts", "scripts/**/*.test.ts"],
    // The bench's pure models and the module graph need no database: the unit project runs them.
    exclude: [
      ...configDefaults.exclude,
      "scripts/bench/**",
      "scripts/module-graph.test.ts",
      ...(database === "postgres" ? HTTP_ONLY_TESTS : []),
    ],
    globalSetup: ["server/test/global-setup-database.ts"],
    setupFiles: ["server/test/setup-database.ts"],
    env: { TEST_DB: database, NODE_ENV: "test" },
    // Each worker copies its database once and keeps it for all its files; each test resets
    // the tables, so no state leaks between files.
    isolate: false,
    // Every worker has its own database (a PGlite, or a scratch PostgreSQL database named by its
    // pool id), so files run side by side. Vitest's default of one worker per core less one
    // gives a 2-core machine a single worker; a worker often waits on PostgreSQL or a server
    // process it started, so one more than the cores keeps them busy.
    maxWorkers: availableParallelism() + 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "domain/**/*.test.ts",
            "web/**/*.test.ts",
            "scripts/bench/**/*.test.ts",
            "scripts/module-graph.test.ts",
          ],
        },
      },
      apiProject("api", "pglite"),
      apiProject("api-postgres", "postgres"),
      {
        test: {
          // Real processes under real faults (a database that stops, a server killed or told
          // to stop under load); `npm run test:faults`, and a step of `npm test`.
          name: "faults",
          include: ["faults/**/*.test.ts"],
          // Each file starts its own server processes and PostgreSQL cluster on free ports and
          // spends most of its time waiting on them, so all three run at once.
          maxWorkers: 3,
          env: { NODE_ENV: "test" },
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/support/global-setup.ts"],
          // Two test files at a time against the one server: a browser test often waits (on
          // the server, on Chromium), so two share a 2-core machine's cores; three overloaded
          // it (load 12, actions past their 10 s). Test files must therefore seed their own
          // uniquely named data and never assume an empty database.
          maxWorkers: 2,
          // Under CI a failed browser test runs once more (every attempt checks everything).
          // With two files at a time on two cores, about one full run in three had one timing
          // failure (a navigation not seen within 20 s). One cause is found and fixed (a
          // sign-out on a busy machine raced the profile's guard, now tested on a 6x slower
          // CPU); the retry stays until three full CI runs in a row need none: `npm test`
          // ends the browser suite with a retry report (e2e/support/retry-report.ts) that says.
          retry: process.env.CI ? 1 : 0,
          // A poll waits as long as any other wait of a browser test (ACTION_TIMEOUT_MS in
          // e2e/support/browser.ts), not Vitest's 1 s, which a busy machine's answer can exceed.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
