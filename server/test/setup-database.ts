// vitest setupFiles entry for suites that use the test database: the worker copies its database
// from the run's template before the file's first test, in a hook with its own longer timeout,
// so a test's 30 s are its own. The database stays for the worker's later files; the run's
// global setup drops what is left.
import { beforeAll } from "vitest";
import { getTestDatabase } from "#server/test/database.ts";

beforeAll(async () => {
  await getTestDatabase();
});
