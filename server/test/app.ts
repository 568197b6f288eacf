import type { FastifyInstance } from "fastify";
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
export async function testConfig(overrides: Partial<AppConfig> = {}): Promise<AppConfig> {
  return loadConfig(
    { NODE_ENV: "test", LOG_LEVEL: "silent" },
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

/**
 * The real app on the worker's test database, emptied first. Tests call `app.inject()`;
 * close the app in afterEach/afterAll (the database stays for the worker). Text messages and
 * emails go to capturing senders unless `dependencies` says otherwise.
 */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  dependencies: TestDependencies = {},
): Promise<FastifyInstance> {
  const database = await getTestDatabase();
  await resetDatabase(database.db);
  return buildApp(await testConfig(overrides), {
    smsSender: new CapturingSmsSender(),
    emailSender: new CapturingEmailSender(),
    ...dependencies,
    database,
  });
}
