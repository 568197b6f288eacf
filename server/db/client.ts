import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { type ExtractTablesWithRelations, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { ServerBusyError } from "#server/http/busy.ts";
import { readPgliteSeed } from "./pglite-seed.ts";
import * as accountData from "./schema/account-data.ts";
import * as actionLimits from "./schema/action-limits.ts";
import * as auth from "./schema/auth.ts";
import * as deals from "./schema/deals.ts";
import * as forYou from "./schema/for-you.ts";
import * as imports from "./schema/imports.ts";
import * as lists from "./schema/lists.ts";
import * as moderation from "./schema/moderation.ts";
import * as notificationSettings from "./schema/notification-settings.ts";
import * as notifications from "./schema/notifications.ts";
import * as posts from "./schema/posts.ts";
import * as profiles from "./schema/profiles.ts";
import * as relations from "./schema/relations.ts";
import * as restaurants from "./schema/restaurants.ts";
import * as reviews from "./schema/reviews.ts";
import * as safety from "./schema/safety.ts";
import * as signInFailures from "./schema/sign-in-failures.ts";
import * as social from "./schema/social.ts";
import * as uploads from "./schema/uploads.ts";
import * as wantToTry from "./schema/want-to-try.ts";

/**
 * Settings of every PostgreSQL session the server opens. No JIT compilation: PostgreSQL
 * compiles a statement whose estimated cost passes 100,000, and a search's plan estimates its
 * never-run branches at full size; explore's common word spent 20 ms of its 23 ms compiling at
 * 1M reviews. No statement here runs long enough to win that back.
 */
export const POSTGRES_SESSION_OPTIONS = "-c jit=off";

/** Every table and relation; passed to drizzle so `db.query.<table>` works. */
export const schema = {
  ...auth,
  ...actionLimits,
  ...signInFailures,
  ...profiles,
  ...restaurants,
  ...reviews,
  ...posts,
  ...deals,
  ...social,
  ...notifications,
  ...notificationSettings,
  ...moderation,
  ...uploads,
  ...wantToTry,
  ...forYou,
  ...imports,
  ...lists,
  ...safety,
  ...accountData,
  ...relations,
};
type Schema = typeof schema;

/**
 * What `db.execute()` resolves to. Both drivers return an object with `rows` (node-postgres a
 * QueryResult, PGlite a Results); only `rows` is common, so only `rows` is typed.
 */
interface QueryResultWithRows extends PgQueryResultHKT {
  type: ResultRows<this["row"]>;
}
interface ResultRows<Row> {
  rows: Row[];
}

/** The one database type services use, whichever driver is underneath. */
export type Database = PgDatabase<QueryResultWithRows, Schema>;
type Transaction = PgTransaction<QueryResultWithRows, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * The driver underneath, for what drizzle does not cover (LISTEN/NOTIFY for realtime).
   * A `pg.Pool` when kind is "postgres", a `PGlite` when kind is "pglite".
   */
  client: pg.Pool | PGlite;
  /** Throws when the database cannot answer `select 1`. */
  ping(): Promise<void>;
  /** Idempotent. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… switches from the embedded PGlite to a PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** PGlite lives in `${dataDir}/pglite`; "memory://" keeps it in memory. */
  dataDir: string;
  log?: { info(msg: string): void; error?(msg: string): void } | undefined;
  /**
   * An in-memory PGlite starts from this data directory (PGlite's dumpDataDir of a migrated
   * one): tests copy one migrated database instead of migrating one per worker.
   */
  loadDataDir?: Blob | undefined;
  /** Where a first start looks for the build's seed (build/ unless given: tests give their own). */
  pgliteSeedFolder?: string | undefined;
  /** PostgreSQL's connection pool (POOL_LIMITS unless given; tests make it small, at least 2). */
  pool?: Partial<PoolLimits> | undefined;
}

/**
 * How a server process queues for PostgreSQL. `size` connections; a query that finds them all
 * busy waits its turn for as long as it takes (a burst of 200 connections is served, more
 * slowly, never failed for want of a connection), but at most `maxWaiting` wait: one more is
 * refused at once with ServerBusyError, which the API answers 503 with Retry-After. Connecting
 * itself still gives up after `connectTimeoutMs` (a database that does not answer).
 */
interface PoolLimits {
  size: number;
  maxWaiting: number;
  connectTimeoutMs: number;
}

const POOL_LIMITS: PoolLimits = {
  size: 10,
  // A feed request runs three or four queries at once: this is a few hundred requests waiting,
  // about a second's work for ten connections at the bench's costs.
  maxWaiting: 1_000,
  connectTimeoutMs: 2_000,
};

/** A client refused for a full queue tries again after this many seconds. */
const POOL_RETRY_AFTER_SECONDS = 2;

export const MEMORY_DATA_DIR = "memory://";

/** The extensions the migrations create; every PGlite opened on a data dir loads them. */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/**
 * PostgreSQL's default 128 MB of shared buffers fill up inside PGlite's WebAssembly memory, which
 * never shrinks; 16 MB holds the hot pages of a small instance (the embedded database's use)
 * and keeps the process about 100 MB smaller once it has run for a while.
 */
const PGLITE_SETTINGS = ["shared_buffers=16MB"];

/** Where the embedded database's files live inside DATA_DIR. */
export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

// Resolved from this file, not the working directory, so tests and `npm start` agree: this file
// and the server bundle `npm start` runs (build/server/main.js) are both two folders deep.
export const migrationsFolder = fileURLToPath(
  new URL("../../server/db/migrations", import.meta.url),
);

// Any fixed 64-bit number; instances starting together take turns applying migrations.
const MIGRATION_LOCK_ID = 7_362_840_155_091_733n;

/** Opens the database and applies pending migrations (a no-op when there are none). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.log, { ...POOL_LIMITS, ...options.pool })
    : openPglite(options);
}

/**
 * A pg.Pool whose waiting line has no time limit but a bound (PoolLimits). pg's own
 * connectionTimeoutMillis would time out the wait for a busy pool ("timeout exceeded when
 * trying to connect", the 503s the issue 27 bench saw at 50 connections), so it is given to
 * the connections alone, through the Client class, and the pool waits without one.
 */
function boundedPool(databaseUrl: string, limits: PoolLimits): pg.Pool {
  class TimedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: limits.connectTimeoutMs });
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: limits.size,
    Client: TimedClient,
    options: POSTGRES_SESSION_OPTIONS,
  });
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  // pool.query checks out through this.connect too, so every query passes the bound.
  pool.connect = ((callback?: (error: Error) => void) => {
    // Checkouts queued while a connection is idle are handed one on the next tick: they wait
    // for nothing and do not count.
    if (pool.waitingCount - pool.idleCount >= limits.maxWaiting) {
      const busy = new ServerBusyError("database connections", POOL_RETRY_AFTER_SECONDS);
      if (callback) return callback(busy);
      return Promise.reject(busy);
    }
    return connect(callback);
  }) as typeof pool.connect;
  return pool;
}

async function openPostgres(
  databaseUrl: string,
  log: OpenDatabaseOptions["log"],
  limits: PoolLimits,
): Promise<DatabaseHandle> {
  // A database that does not answer (a host gone, a network cut) fails a request in 2 s rather
  // than holding it; a stopped server refuses at once anyway.
  const pool = boundedPool(databaseUrl, limits);
  // An idle client losing its connection emits "error" on the pool; unhandled, it would crash
  // the process. The pool replaces the client on the next checkout.
  pool.on("error", (error) => log?.error?.(`PostgreSQL pool error: ${error.message}`));
  const db = drizzleNodePg(pool, { schema });
  const close = once(async () => {
    await untilPoolIdle(pool, POOL_IDLE_WAIT_MS);
    await pool.end();
  });
  try {
    const started = performance.now();
    // Held on its own connection while the migrator uses others from the pool.
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID.toString()]);
      await migrateNodePg(db, { migrationsFolder });
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID.toString()]);
      lock.release();
    } catch (error) {
      // Destroying the connection also releases the advisory lock.
      lock.release(true);
      throw error;
    }
    log?.info(`PostgreSQL ready, migrations checked in ${elapsed(started)} ms`);
  } catch (error) {
    await close();
    throw error;
  }
  return handle(db, "postgres", pool, close);
}

async function openPglite({
  dataDir,
  log,
  loadDataDir,
  pgliteSeedFolder,
}: OpenDatabaseOptions): Promise<DatabaseHandle> {
  let location = MEMORY_DATA_DIR;
  if (dataDir !== MEMORY_DATA_DIR) {
    location = pgliteDirectory(dataDir);
    // PGlite does not create missing parent directories.
    await mkdir(location, { recursive: true });
  }
  const started = performance.now();
  const fresh = location !== MEMORY_DATA_DIR && !existsSync(path.join(location, "PG_VERSION"));
  // A first start loads the build's migrated seed rather than creating the database.
  const seed =
    loadDataDir ?? (fresh ? await readPgliteSeed(migrationsFolder, pgliteSeedFolder) : undefined);
  const open = (from?: Blob) =>
    PGlite.create(location, {
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: from,
      startParams: [
        ...PGlite.defaultStartParams,
        ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting]),
      ],
    });
  let client = await open(seed);
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    // Creating the database (or unpacking the seed) grows PGlite's WebAssembly memory by tens
    // to hundreds of megabytes that it never gives back; a second opening starts from a small
    // heap, as every later start does.
    if (fresh) {
      await client.close();
      client = await open();
    }
  } catch (error) {
    await client.close();
    throw error;
  }
  const opened = client;
  log?.info(`PGlite ready at ${location}, migrations checked in ${elapsed(started)} ms`);
  return handle(
    drizzlePglite(opened, { schema }),
    "pglite",
    opened,
    once(() => opened.close()),
  );
}

/**
 * A migrated in-memory database's data directory, dumped: the build's seed for first starts
 * (pglite-seed.ts) and the API tests' template.
 */
export async function dumpMigratedPglite(compression: "gzip" | "none"): Promise<Buffer> {
  const handle = await openPglite({ dataDir: MEMORY_DATA_DIR });
  try {
    const dump = await (handle.client as PGlite).dumpDataDir(compression);
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await handle.close();
  }
}

function handle(
  db: PgDatabase<PgQueryResultHKT, Schema>,
  kind: DatabaseHandle["kind"],
  client: DatabaseHandle["client"],
  close: () => Promise<void>,
): DatabaseHandle {
  // Sound: both drivers' results carry `rows`, the only part QueryResultWithRows promises.
  const database = db as unknown as Database;
  return {
    db: database,
    kind,
    client,
    async ping() {
      await database.execute(sql`select 1`);
    },
    close,
  };
}

/**
 * How long closing waits for queries still running: a request whose client went away during a
 * shutdown is no longer awaited by the HTTP server, but its handler is still using the pool.
 */
const POOL_IDLE_WAIT_MS = 5_000;

/** Resolves once no connection is checked out of the pool and none is awaited, or after `ms`. */
async function untilPoolIdle(pool: pg.Pool, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (pool.totalCount > pool.idleCount || pool.waitingCount > 0) {
    if (Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => {
    result ??= fn();
    return result;
  };
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
