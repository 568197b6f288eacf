// The per-worker test database. TEST_DB=postgres uses a database on the server at
// TEST_DATABASE_URL; otherwise an in-memory PGlite. Either is copied from the migrated template
// global-setup-database.ts made once for the run, so no worker migrates. Tests share it within a
// worker and reset it at the start of each test (useTestApp's start()).
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { inject } from "vitest";
import {
  type Database,
  type DatabaseHandle,
  MEMORY_DATA_DIR,
  openDatabase,
  schema,
} from "#server/db/client.ts";

/** What global-setup-database.ts hands every worker. */
interface TestDatabaseTemplate {
  /** PGlite: a file holding a migrated data directory (PGlite's dumpDataDir). */
  pgliteDump?: string;
  /** PostgreSQL: the migrated template database and the prefix of this run's worker databases. */
  postgres?: { template: string; prefix: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

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

const appTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

/** Empties every app table in one statement. */
export async function resetDatabase(db: Database): Promise<void> {
  await db.execute(sql`truncate table ${sql.join(appTables, sql`, `)} restart identity cascade`);
}

/** Table names, for tests that want to check they are all covered. */
export const appTableNames: readonly string[] = appTables.map((table) => getTableName(table));

function template(): TestDatabaseTemplate {
  const provided = inject("testDatabaseTemplate");
  if (!provided) throw new Error("the test database template is missing: run through vitest");
  return provided;
}

async function openPglite(): Promise<DatabaseHandle> {
  const dump = template().pgliteDump;
  if (!dump) throw new Error("no PGlite template: is TEST_DB set to pglite?");
  // Loading a migrated data directory takes a quarter of the time of creating one and migrating
  // it; openDatabase then finds no migration pending.
  return openDatabase({
    dataDir: MEMORY_DATA_DIR,
    loadDataDir: new Blob([await readFile(dump)]),
  });
}

async function openPostgres(): Promise<DatabaseHandle> {
  const postgres = template().postgres;
  if (!postgres) throw new Error("no PostgreSQL template: is TEST_DATABASE_URL set?");
  // The pool id keeps parallel workers apart.
  const scratch = await createScratchDatabase(
    `${postgres.prefix}_w${process.env.VITEST_POOL_ID ?? "0"}`,
    process.env.TEST_DATABASE_URL,
    postgres.template,
  );
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
  /** A database to copy (no session may be connected to it), instead of an empty one. */
  templateName?: string,
): Promise<ScratchDatabase> {
  if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL (postgres://…)");
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const copy = templateName ? ` template "${templateName}"` : "";
  await withAdminClient(serverUrl, (admin) => admin.query(`create database "${name}"${copy}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

/** Drops every database on the server whose name starts with `prefix` (a run's leftovers). */
export async function dropDatabasesNamed(serverUrl: string, prefix: string): Promise<void> {
  const { rows } = await withAdminClient(serverUrl, (admin) =>
    admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [prefix],
    ),
  );
  for (const { datname } of rows) await dropDatabase(serverUrl, datname);
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
