// The database's share of an endpoint: the statements its service sends, captured by calling
// the service itself (so they are exactly the server's, with the same parameters), then sent
// again straight through `pg` on one connection and timed. An endpoint's latency over this is
// what HTTP, the session lookup, validation, serialisation and compression cost.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Database, schema } from "#server/db/client.ts";

export interface Statement {
  text: string;
  params: unknown[];
}

/** Runs `call` against a database that records every statement sent, in order. */
export async function captureStatements(
  databaseUrl: string,
  call: (db: Database) => Promise<unknown>,
): Promise<Statement[]> {
  const statements: Statement[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const db = drizzle(pool, {
      schema,
      logger: { logQuery: (text, params) => statements.push({ text, params }) },
    }) as unknown as Database;
    await call(db);
  } finally {
    await pool.end();
  }
  return statements;
}

const WARMUP_RUNS = 10;
/** At least this many timed runs, however slow the statements. */
const MIN_RUNS = 10;

/**
 * Median milliseconds to send `statements` one after another on one connection, as the server
 * does for one request, after a warm-up (plans and pages cached, as they are for the server):
 * `runs` times, or fewer when that would take longer than `budgetMs`.
 */
export async function timeStatements(
  client: pg.Client,
  statements: Statement[],
  runs: number,
  budgetMs: number,
): Promise<number> {
  const samples: number[] = [];
  const started = performance.now();
  for (let run = 0; run < runs + WARMUP_RUNS; run++) {
    if (samples.length >= MIN_RUNS && performance.now() - started > budgetMs) break;
    const runStarted = performance.now();
    for (const statement of statements) await client.query(statement.text, statement.params);
    if (run >= WARMUP_RUNS) samples.push(performance.now() - runStarted);
  }
  samples.sort((a, b) => a - b);
  return Math.round((samples[Math.floor(samples.length / 2)] ?? Number.NaN) * 100) / 100;
}
