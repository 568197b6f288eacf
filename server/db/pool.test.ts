import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { busyCause } from "#server/http/busy.ts";
import { getTestDatabase } from "#server/test/database.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
});

/** A second handle on the worker's test database, with a pool of the given limits. */
async function withPool(pool: { size: number; maxWaiting?: number }): Promise<DatabaseHandle> {
  const test = await getTestDatabase();
  const databaseUrl = (test.client as pg.Pool).options.connectionString;
  const handle = await openDatabase({ databaseUrl, dataDir: "unused", pool });
  opened.push(handle);
  return handle;
}

/** A query holding its connection `seconds`, started now (drizzle's run when awaited). */
const nap = (handle: DatabaseHandle, seconds: number) =>
  Promise.resolve(handle.db.execute(sql`select pg_sleep(${seconds})`));

// PGlite has no pool: one connection inside the process serves queries in turn.
describe.runIf(process.env.TEST_DB === "postgres")("the PostgreSQL pool", () => {
  it("serves a burst far past its connections, however long the wait, without a driver timeout", async () => {
    const handle = await withPool({ size: 2 });
    // 60 queries of 0.1 s on two connections: 3 s of waiting for the last, past the 2 s that
    // used to fail a waiting query with "timeout exceeded when trying to connect".
    const results = await Promise.allSettled(Array.from({ length: 60 }, () => nap(handle, 0.1)));
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
  });

  it("refuses at once with ServerBusyError past its queue depth, and serves those waiting", async () => {
    // Two connections (opening holds one for its migration lock while migrating on another).
    const handle = await withPool({ size: 2, maxWaiting: 3 });
    const pool = handle.client as pg.Pool;
    const admitted = Array.from({ length: 5 }, () => nap(handle, 0.3));
    await vi.waitFor(() => expect(pool.waitingCount).toBe(3));

    const refused = await nap(handle, 0).catch((error: unknown) => error);
    // What the API's error handler answers 503 with Retry-After.
    expect(busyCause(refused)?.retryAfterSeconds).toBeGreaterThan(0);
    await expect(Promise.all(admitted)).resolves.toHaveLength(5);
    // The line has room again.
    await expect(nap(handle, 0)).resolves.toBeDefined();
  });
});
