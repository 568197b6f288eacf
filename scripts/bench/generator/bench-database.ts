// A PostgreSQL or PGlite database holding the bench data: created with the app's own
// migrations, filled by generateBenchData, and marked with what it holds so `npm run bench`
// can reuse it instead of spending minutes regenerating the same rows.

import pg from "pg";
import { openDatabase } from "#server/db/client.ts";
import { pgliteTarget, postgresTarget } from "./bulk-target.ts";
import { type BenchDataSummary, generateBenchData } from "./generate.ts";

/** Bumped whenever the generator's output changes, so older bench databases are rebuilt. */
const GENERATOR_VERSION = 6;
const MARKER_PREFIX = "tasted bench data ";

export interface BenchDatabaseOptions {
  scale: number;
  seed: number;
  uploadsDir: string;
  log: (message: string) => void;
}

interface Marker {
  version: number;
  scale: number;
  seed: number;
  summary: BenchDataSummary;
}

function adminUrl(databaseUrl: string): { admin: string; name: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!name) throw new Error(`no database name in ${databaseUrl}`);
  url.pathname = "/postgres";
  return { admin: url.toString(), name };
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The bench data in the PostgreSQL database at `databaseUrl`: reused when it already holds this
 * scale and seed (unless `fresh`), else (re)created and generated. A database that exists but
 * was not made by this generator is never dropped.
 */
export async function preparePostgresBenchData(
  databaseUrl: string,
  options: BenchDatabaseOptions & { fresh: boolean },
): Promise<{ summary: BenchDataSummary; reused: boolean }> {
  const { admin, name } = adminUrl(databaseUrl);
  const server = new pg.Client({ connectionString: admin });
  await server.connect();
  try {
    const { rows } = await server.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    const exists = rows.length > 0;
    const comment = rows[0]?.comment ?? null;
    const marker = comment?.startsWith(MARKER_PREFIX)
      ? (JSON.parse(comment.slice(MARKER_PREFIX.length)) as Marker)
      : undefined;
    if (
      marker &&
      !options.fresh &&
      marker.version === GENERATOR_VERSION &&
      marker.scale === options.scale &&
      marker.seed === options.seed
    ) {
      options.log(`reusing ${name}: bench data at scale ${marker.scale}, seed ${marker.seed}`);
      return { summary: marker.summary, reused: true };
    }
    if (exists && !marker && (await hasTables(databaseUrl))) {
      throw new Error(
        `database ${name} exists and was not made by the bench generator; drop it or pick another`,
      );
    }
    if (exists) await server.query(`drop database ${quoted(name)} with (force)`);
    await server.query(`create database ${quoted(name)}`);
  } finally {
    await server.end();
  }

  const migrated = await openDatabase({ databaseUrl, dataDir: options.uploadsDir });
  await migrated.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const summary = await generateBenchData({ ...options, target: postgresTarget(client) });
    const marker: Marker = {
      version: GENERATOR_VERSION,
      scale: options.scale,
      seed: options.seed,
      summary,
    };
    await client.query(
      `comment on database ${quoted(name)} is ${pg.escapeLiteral(MARKER_PREFIX + JSON.stringify(marker))}`,
    );
    return { summary, reused: false };
  } finally {
    await client.end();
  }
}

async function hasTables(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select 1 from pg_tables where schemaname not in ('pg_catalog', 'information_schema') limit 1",
    );
    return rows.length > 0;
  } finally {
    await client.end();
  }
}

/** Bench data in a new embedded database under `dataDir` (the server's DATA_DIR). */
export async function preparePgliteBenchData(
  dataDir: string,
  options: BenchDatabaseOptions,
): Promise<BenchDataSummary> {
  const handle = await openDatabase({ dataDir });
  try {
    if (handle.kind !== "pglite" || !("exec" in handle.client)) throw new Error("not PGlite");
    return await generateBenchData({ ...options, target: pgliteTarget(handle.client) });
  } finally {
    await handle.close();
  }
}
