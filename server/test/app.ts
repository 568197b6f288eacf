import type { FastifyInstance } from "fastify";
import { buildApp } from "#server/app.ts";
import { type AppConfig, loadConfig } from "#server/config.ts";
import { getTestDatabase, resetDatabase } from "./database.ts";

/** Config for API tests: no web build, quiet logs, a fixed origin tests can send. */
export async function testConfig(overrides: Partial<AppConfig> = {}): Promise<AppConfig> {
  return loadConfig(
    { NODE_ENV: "test", LOG_LEVEL: "silent" },
    {
      authSecret: "test-secret-test-secret-test-secret-000",
      dataDir: "/tmp/tasted-api-tests",
      webDistDir: undefined,
      ...overrides,
    },
  );
}

/**
 * The real app on the worker's test database, emptied first. Tests call `app.inject()`;
 * close the app in afterEach/afterAll (the database stays for the worker).
 */
export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const database = await getTestDatabase();
  await resetDatabase(database.db);
  return buildApp(await testConfig(overrides), { database });
}
