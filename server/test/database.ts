// The per-worker test database. TEST_DB=postgres uses a fresh database on the server at
// TEST_DATABASE_URL (created here, dropped by closeTestDatabase); otherwise an in-memory PGlite.
// Tests share it within a worker and call resetDatabase() between tests.
import { randomBytes } from "node:crypto";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import {
  type Database,
  type DatabaseHandle,
  MEMORY_DATA_DIR,
  openDatabase,
  schema,
} from "#server/db/client.ts";

interface TestDatabaseState {
  handle?: Promise<DatabaseHandle>;
}

// Kept on globalThis, not in module scope alone, so it survives module re-evaluation when
// vitest runs several files in one worker without isolation.
const stateKey = Symbol.for("tasted.testDatabase");
const globals = globalThis as { [stateKey]?: TestDatabaseState };
globals[stateKey] ??= {};
const state: TestDatabaseState = globals[stateKey];

function testDatabaseKind(): DatabaseHandle["kind"] {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

/** The worker's database, migrated, created on first use. */
export function getTestDatabase(): Promise<DatabaseHandle> {
  state.handle ??= (testDatabaseKind() === "postgres" ? openPostgres() : openPglite()).catch(
    (error: unknown) => {
      state.handle = undefined;
      throw error;
    },
  );
  return state.handle;
}

/**
 * Closes the worker's database. A PostgreSQL test database is dropped; an in-memory PGlite is
 * kept for the worker's next test file unless `force` is set (it costs ~3 s to build and dies
 * with the worker anyway).
 */
export async function closeTestDatabase(options: { force?: boolean } = {}): Promise<void> {
  const pending = state.handle;
  if (!pending) return;
  const handle = await pending.catch(() => undefined);
  if (!handle || (handle.kind === "pglite" && !options.force)) return;
  state.handle = undefined;
  await handle.close();
}

const appTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

/** Empties every app table in one statement. */
export async function resetDatabase(db: Database): Promise<void> {
  await db.execute(sql`truncate table ${sql.join(appTables, sql`, `)} restart identity cascade`);
}

/** Table names, for tests that want to check they are all covered. */
export const appTableNames: readonly string[] = appTables.map((table) => getTableName(table));

async function openPglite(): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: MEMORY_DATA_DIR });
}

async function openPostgres(): Promise<DatabaseHandle> {
  // The pool id keeps parallel workers apart.
  const scratch = await createScratchDatabase(`tasted_test_${process.env.VITEST_POOL_ID ?? "0"}`);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: scratch.url, dataDir: MEMORY_DATA_DIR });
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** An empty database on the TEST_DATABASE_URL server, for tests that start servers of their own. */
export interface ScratchDatabase {
  /** postgres://… of the new database. */
  url: string;
  /** Drops it, ending any connection still open. */
  drop(): Promise<void>;
}

/**
 * Creates a database with a fresh name (so a crashed earlier run never leaves rows behind) on the
 * server at `serverUrl` (TEST_DATABASE_URL unless given).
 */
export async function createScratchDatabase(
  prefix: string,
  serverUrl = process.env.TEST_DATABASE_URL,
): Promise<ScratchDatabase> {
  if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL (postgres://…)");
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(serverUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  // WITH (FORCE) (PostgreSQL 13+) ends connections a failed test may have leaked.
  await withAdminClient(serverUrl, (admin) =>
    admin.query(`drop database if exists "${name}" with (force)`),
  );
}

async function withAdminClient<T>(
  serverUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
