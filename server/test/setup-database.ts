// vitest setupFiles entry for suites that use the test database: after each test file, drop
// that worker's PostgreSQL test database (PGlite stays for the worker's next file).
import { afterAll } from "vitest";
import { closeTestDatabase } from "#server/test/database.ts";

afterAll(async () => {
  await closeTestDatabase();
});
