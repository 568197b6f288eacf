import type { FastifyInstance } from "fastify";
import { afterAll, afterEach } from "vitest";
import { type AppDependencies, buildApp } from "#server/app.ts";
import { CapturingEmailSender } from "#server/auth/senders/email.ts";
import { CapturingSmsSender } from "#server/auth/senders/sms.ts";
import {
  type AppConfig,
  type AuthRateLimits,
  DEFAULT_AUTH_RATE_LIMITS,
  loadConfig,
} from "#server/config.ts";
import { getTestDatabase, resetDatabase } from "./database.ts";

/**
 * Tests sign up and in many times from one address; the real limits would throttle them.
 * Tests about throttling pass small limits of their own.
 */
export const TEST_AUTH_RATE_LIMITS: AuthRateLimits = Object.fromEntries(
  Object.entries(DEFAULT_AUTH_RATE_LIMITS).map(([name, rule]) => [
    name,
    { ...rule, max: rule.max * 1000 },
  ]),
) as unknown as AuthRateLimits;

/** Config for API tests: no web build, quiet logs, a fixed origin tests can send. */
async function testConfig(overrides: Partial<AppConfig> = {}): Promise<AppConfig> {
  return loadConfig(
    // The push tests run a push service on 127.0.0.1.
    { NODE_ENV: "test", LOG_LEVEL: "silent", PUSH_LOCAL_SERVICE: "true" },
    {
      authSecret: "test-secret-test-secret-test-secret-000",
      dataDir: "/tmp/tasted-api-tests",
      webDistDir: undefined,
      authRateLimits: TEST_AUTH_RATE_LIMITS,
      ...overrides,
    },
  );
}

export type TestDependencies = Partial<Omit<AppDependencies, "database">>;

/** The origin test configs trust (PUBLIC_URL unset → http://localhost:3000). */
export const TEST_ORIGIN = "http://localhost:3000";

/** A running test app and the senders that caught its text messages and emails. */
export interface TestApp {
  app: FastifyInstance;
  sms: CapturingSmsSender;
  email: CapturingEmailSender;
}

/**
 * The real app on the worker's test database, emptied first. Tests call `app.inject()` (or
 * request.ts); text messages and emails go to capturing senders unless `dependencies` says
 * otherwise.
 */
async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  dependencies: TestDependencies = {},
  { keepData = false, stillRunning = (): boolean => true } = {},
): Promise<TestApp> {
  const sms = new CapturingSmsSender();
  const email = new CapturingEmailSender();
  const database = await getTestDatabase();
  // A test that timed out keeps running in the background; it must neither empty the database
  // under the next test nor start an app that writes into it.
  const ended = () => new Error("useTestApp: the test ended (timed out?) before its app started");
  if (!stillRunning()) throw ended();
  if (!keepData) await resetDatabase(database.db);
  const app = await buildApp(await testConfig(overrides), {
    smsSender: sms,
    emailSender: email,
    ...dependencies,
    database,
  });
  if (!stillRunning()) {
    await app.close();
    throw ended();
  }
  return { app, sms, email };
}

/**
 * The one way API tests get an app: `const testApp = useTestApp()` at the top of a file, then
 * `const { app } = await testApp.start()` in each test (with config overrides or replaced
 * dependencies when a test needs them). Every app started is closed after its test; the
 * database stays for the worker.
 *
 * `useTestApp({ perFile: true })` keeps one app for the whole file, closed after its last test:
 * for files of many short tests that reset the database themselves, where starting an app per
 * test would cost more than the tests.
 */
export function useTestApp(options: { perFile?: boolean } = {}) {
  let current: TestApp | undefined;
  // Counts the tests (or files) that ended: an app started in an earlier one is refused. A
  // closed app refuses requests, so a timed-out test still running stops at its next request.
  let ends = 0;
  (options.perFile ? afterAll : afterEach)(async () => {
    ends += 1;
    await current?.app.close();
    current = undefined;
  });
  const launch = async (
    overrides: Partial<AppConfig>,
    dependencies: TestDependencies,
    keepData: boolean,
  ) => {
    const startedIn = ends;
    await current?.app.close();
    current = await buildTestApp(overrides, dependencies, {
      keepData,
      stillRunning: () => ends === startedIn,
    });
    return current;
  };
  const started = (): TestApp => {
    if (!current) throw new Error("useTestApp: call start() first");
    return current;
  };
  return {
    start(overrides: Partial<AppConfig> = {}, dependencies: TestDependencies = {}) {
      return launch(overrides, dependencies, false);
    },
    /**
     * Closes the running app and starts another on the same data, as a server restarted with
     * a new configuration would be.
     */
    restart(overrides: Partial<AppConfig> = {}, dependencies: TestDependencies = {}) {
      return launch(overrides, dependencies, true);
    },
    /** The app of the running test. */
    get app() {
      return started().app;
    },
    get sms() {
      return started().sms;
    },
    get email() {
      return started().email;
    },
    /** The test database, as the app uses it. */
    get db() {
      return started().app.database.db;
    },
  };
}
