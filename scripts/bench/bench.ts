// `npm run bench [-- --scale 1 --scenarios a,b --duration 10 --connections 10 --fresh]`
//
// The server bench (budgets in scenarios.ts). It fills (or reuses) a PostgreSQL
// database with the bench data set, starts the real server on it as `npm start` would (in
// production mode), signs bench accounts in, then for each scenario: warms up, sends the
// endpoint alone on one connection next to its SQL sent straight through `pg` (reads), and
// loads it from a second process with autocannon while reading the server's memory. Writes
// bench/results/<date>.json and the table in docs/performance.md.
//
// The database is postgres://postgres@127.0.0.1:5432/tasted_bench unless --database-url says
// otherwise; it is created on first use and reused while it holds the same scale and seed.
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import type { SessionUser } from "#domain/profile.ts";
import { POSTGRES_SESSION_OPTIONS } from "#server/db/client.ts";
import { encodeCursor } from "#server/modules/shared/keyset.ts";
import { type ServerProcess, startServerProcess } from "#server/test/server-process.ts";
import { BENCH_DATA_DIR, DEFAULT_BENCH_DATABASE_URL, log, parseScale } from "./bench-options.ts";
import { preparePostgresBenchData } from "./generator/bench-database.ts";
import { BENCH_PASSWORD, BENCH_READERS, benchEmail } from "./generator/generate.ts";
import { syntheticPhoto } from "./generator/photos.ts";
import {
  hostMachine,
  LoadDriver,
  loadAverages,
  residentMb,
  round1,
  sleep,
  withMemorySamples,
  writeUploadBody,
} from "./harness.ts";
import type { LoadPhase } from "./load.ts";
import { captureStatements, timeStatements } from "./raw-sql.ts";
import { type BenchReport, type Machine, withChecks, writeReport } from "./report.ts";
import {
  type BenchUser,
  benchAddress,
  benchScenarios,
  type HttpScenario,
  type ScenarioInputs,
  type ScenarioResult,
} from "./scenarios.ts";
import type { SseClientPlan, SseClientResult } from "./sse-clients.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
/** The feed page the deep-page scenario reads, at scale 1. */
const DEEP_ROW = 500_000;
const WARMUP_SECONDS = 2;
/**
 * An endpoint and its SQL are each sent this many times on one connection, or for this long
 * when they are slow (the Following feed of 1,000+ follows takes most of a second).
 */
const ONE_CONNECTION = { runs: 300, seconds: 5 };
const MAX_WRITERS = 300;
const SETTLE_AFTER_LOAD_MS = 1_000;
/**
 * 1,000 streams held by 200 people, 5 each: a session keeps at most 5 open
 * (MAX_STREAMS_PER_SESSION), and each holder's streams share one sign-in.
 */
const SSE = { streams: 1_000, holders: 200, actors: 21, firesPerSecond: 20, settleMs: 3_000 };

async function signIn(server: ServerProcess, email: string, address: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

async function signInAll(
  server: ServerProcess,
  db: pg.Client,
  indexes: number[],
): Promise<BenchUser[]> {
  const emails = indexes.map(benchEmail);
  const { rows } = await db.query<SessionUser & { email: string }>(
    `select id, email, email_verified as "emailVerified", phone_number as "phoneNumber",
            coalesce(two_factor_enabled, false) as "twoFactorEnabled"
       from "user" where email = any($1)`,
    [emails],
  );
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  const users: BenchUser[] = [];
  // A few at a time: each is a password check (argon2, ~20 ms of a core).
  for (let at = 0; at < emails.length; at += 4) {
    const batch = emails.slice(at, at + 4);
    users.push(
      ...(await Promise.all(
        batch.map(async (email, offset) => {
          const user = byEmail.get(email);
          if (!user) throw new Error(`no bench account ${email}`);
          return { user, cookie: await signIn(server, email, benchAddress(10_000 + at + offset)) };
        }),
      )),
    );
  }
  return users;
}

/** A multipart body holding one 12-megapixel JPEG, written once for the load process to send. */
async function uploadBody(): Promise<ScenarioInputs["upload"]> {
  const photo = await syntheticPhoto(4000, 3000, 12);
  log(`upload body: a 4000×3000 JPEG of ${(photo.length / 1e6).toFixed(1)} MB`);
  return writeUploadBody(path.join(BENCH_DATA_DIR, "upload-12mp.multipart"), photo);
}

async function scenarioInputs(
  server: ServerProcess,
  db: pg.Client,
  scale: number,
  users: number,
): Promise<ScenarioInputs> {
  const writerCount = Math.min(MAX_WRITERS, Math.floor((users - 2) / 2));
  const writerIndexes = Array.from({ length: writerCount }, (_, index) => 2 + index);
  const signInIndexes = Array.from(
    { length: Math.min(500, users - 2 - writerCount) },
    (_, index) => 2 + writerCount + index,
  );
  const [reader100, reader1000] = await signInAll(server, db, [
    BENCH_READERS.follows100,
    BENCH_READERS.follows1000,
  ]);
  if (!reader100 || !reader1000) throw new Error("the bench readers could not sign in");
  const writers = await signInAll(server, db, writerIndexes);
  log(`${writers.length + 2} accounts signed in`);

  const [items] = (
    await db.query<{ count: number }>(
      `select (select count(*) from reviews where not is_hidden)
            + (select count(*) from posts where not is_hidden) as count`,
    )
  ).rows;
  const position = Math.min(Math.round(DEEP_ROW * scale), Number(items?.count ?? 1) - 1);
  const deep = (
    await db.query<{ kind: string; id: string; created_at_text: string }>(
      `select kind, id,
              to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at_text
         from (select 'review' as kind, id, created_at from reviews where not is_hidden
               union all
               select 'post', id, created_at from posts where not is_hidden) u
        order by created_at desc, id desc offset $1 limit 1`,
      [position],
    )
  ).rows[0];
  if (!deep) throw new Error("no item at the deep position");
  const restaurant = (
    await db.query<{ id: string; slug: string }>(
      `select r.id, r.slug from reviews v join restaurants r on r.id = v.restaurant_id
        where not v.is_hidden group by r.id order by count(*) desc limit 1`,
    )
  ).rows[0];
  const profile = (
    await db.query<{ id: string; username: string }>(
      "select id, username from profiles where not is_private order by follower_count desc, id limit 1",
    )
  ).rows[0];
  if (!restaurant || !profile) throw new Error("the bench database has no restaurant or profile");
  const reviewIds = (
    await db.query<{ id: string }>(
      `select v.id from reviews v join profiles p on p.id = v.user_id
        where not v.is_hidden and not p.is_private order by v.id limit 1000`,
    )
  ).rows.map((row) => row.id);
  const followTargets = (
    await db.query<{ id: string }>(
      "select id from profiles where not is_private and not (id = any($1)) order by id limit 1000",
      [[reader100.user.id, reader1000.user.id, ...writers.map((writer) => writer.user.id)]],
    )
  ).rows.map((row) => row.id);
  log(`deep page at row ${position.toLocaleString("en")}`);
  return {
    baseUrl: server.url,
    reader100,
    reader1000,
    writers,
    deepCursor: encodeCursor({ createdAt: deep.created_at_text, id: deep.id, kind: deep.kind }),
    restaurant,
    profile,
    reviewIds,
    followTargets,
    signInEmails: signInIndexes.map(benchEmail),
    password: BENCH_PASSWORD,
    upload: await uploadBody(),
  };
}

async function runHttpScenario(
  scenario: HttpScenario,
  context: {
    server: ServerProcess;
    driver: LoadDriver;
    db: pg.Client;
    databaseUrl: string;
    duration: number;
    connections: number;
  },
): Promise<ScenarioResult> {
  const { server, driver, db } = context;
  const connections = scenario.connections ?? context.connections;
  const phase = (seconds: number, overrides: Partial<LoadPhase> = {}): LoadPhase => ({
    baseUrl: server.url,
    variants: scenario.variants,
    connections,
    duration: seconds,
    ...overrides,
  });
  const alongside = (seconds: number): LoadPhase[] =>
    scenario.alongside ? [{ baseUrl: server.url, ...scenario.alongside, duration: seconds }] : [];
  if (!scenario.sql) {
    // The bench's own database: clear the per-user and per-address counters a previous
    // scenario (or run) left, so each write scenario starts from the limits a fresh minute has.
    await db.query("delete from action_limits; delete from rate_limit");
  }
  await driver.run([phase(WARMUP_SECONDS), ...alongside(WARMUP_SECONDS)]);

  let oneConnection: ScenarioResult["oneConnection"];
  if (scenario.sql) {
    const [single] = await driver.run([phase(ONE_CONNECTION.seconds, { connections: 1 })]);
    const statements = await captureStatements(context.databaseUrl, scenario.sql);
    const sqlP50 = await timeStatements(
      db,
      statements,
      ONE_CONNECTION.runs,
      ONE_CONNECTION.seconds * 1000,
    );
    const endpointP50 = single?.p50 ?? Number.NaN;
    oneConnection = {
      endpointP50,
      sqlP50,
      statements: statements.length,
      ratio: Math.round((endpointP50 / sqlP50) * 100) / 100,
    };
  }

  const { result, rssMb } = await withMemorySamples(server.pid, () =>
    driver.run([phase(context.duration), ...alongside(context.duration)]),
  );
  // autocannon stops with requests in flight; let the server finish them before what follows.
  await sleep(SETTLE_AFTER_LOAD_MS);
  return {
    name: scenario.name,
    title: scenario.title,
    connections,
    ...(result[0] ? { load: result[0] } : {}),
    ...(oneConnection ? { oneConnection } : {}),
    rssMb,
    loadAverage: round1(os.loadavg()[0] ?? 0),
  };
}

/**
 * 1,000 streams held by a second process for 200 signed-in people (five tabs or devices each,
 * a session's most), while 21 others follow them at a steady rate: each follow writes a
 * notification and sends a realtime event to both people; the holder times each event from the
 * follow's request. The holders are public accounts: following a private one asks to follow,
 * which sends a request's event instead (2026-12-02: five private holders, 25 events "lost").
 */
async function runSseScenario(
  title: string,
  inputs: ScenarioInputs,
  server: ServerProcess,
  db: pg.Client,
  duration: number,
): Promise<ScenarioResult> {
  const { rows: walled } = await db.query<{ id: string }>(
    "select id from profiles where is_private and id = any($1)",
    [inputs.writers.map((writer) => writer.user.id)],
  );
  const privateIds = new Set(walled.map((row) => row.id));
  const holders = inputs.writers
    .filter((writer) => !privateIds.has(writer.user.id))
    .slice(0, SSE.holders);
  const actors = inputs.writers.filter((writer) => !holders.includes(writer)).slice(0, SSE.actors);
  const fires = Math.min(holders.length * actors.length, SSE.firesPerSecond * duration);
  // Every follow must be new to send its event: undo the ones an earlier run left.
  const pairs = Array.from({ length: fires }, (_, index) => ({
    actor: actors[index % actors.length],
    holder: holders[index % holders.length],
  }));
  const { rows: existing } = await db.query<{ follower_id: string; following_id: string }>(
    "select follower_id, following_id from follows where follower_id = any($1) and following_id = any($2)",
    [actors.map((actor) => actor.user.id), holders.map((holder) => holder.user.id)],
  );
  const followed = new Set(existing.map((row) => `${row.follower_id} ${row.following_id}`));
  for (const { actor, holder } of pairs) {
    if (!actor || !holder || !followed.has(`${actor.user.id} ${holder.user.id}`)) continue;
    await fetch(`${server.url}/api/profiles/${holder.user.id}/follow`, {
      method: "DELETE",
      headers: { origin: server.url, cookie: actor.cookie },
    });
  }
  const person = (user: BenchUser) => ({ userId: user.user.id, cookie: user.cookie });
  const plan: SseClientPlan = {
    baseUrl: server.url,
    holders: holders.map(person),
    streamsPerHolder: Math.ceil(SSE.streams / holders.length),
    actors: actors.map(person),
    fires,
    firesPerSecond: SSE.firesPerSecond,
    batch: 100,
    timeoutMs: 30_000,
  };
  await sleep(SSE.settleMs);
  const idle = await residentMb(server.pid);
  let withStreams = Number.NaN;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/bench/sse-clients.ts", JSON.stringify(plan)],
    { cwd: root, stdio: ["pipe", "pipe", "inherit"] },
  );
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  let outcome: SseClientResult | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line === "ready") {
      await sleep(SSE.settleMs);
      withStreams = await residentMb(server.pid);
      child.stdin.write("fire\n");
      child.stdin.end();
    } else {
      outcome = JSON.parse(line) as SseClientResult;
    }
  }
  const code = await exited;
  if (code !== 0 || !outcome) throw new Error(`the stream holder exited with ${code}`);
  return {
    name: "sse",
    title,
    connections: outcome.streams,
    loadAverage: round1(os.loadavg()[0] ?? 0),
    sse: {
      streams: outcome.streams,
      openMs: outcome.openMs,
      rssMb: { idle, withStreams, extra: round1(withStreams - idle) },
      fires: outcome.fires,
      fireErrors: outcome.fireErrors,
      delivered: outcome.delivered,
      expected: outcome.expected,
      deliveryMs: outcome.deliveryMs,
      followMs: outcome.followMs,
    },
  };
}

async function machine(db: pg.Client): Promise<Machine> {
  const { rows } = await db.query<{ version: string }>("select version()");
  return { ...hostMachine(), postgres: rows[0]?.version.split(" on ")[0] ?? "PostgreSQL" };
}

async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: "string", default: "1" },
      seed: { type: "string", default: "1" },
      scenarios: { type: "string" },
      duration: { type: "string", default: "10" },
      connections: { type: "string", default: "10" },
      "database-url": { type: "string", default: DEFAULT_BENCH_DATABASE_URL },
      fresh: { type: "boolean", default: false },
    },
  });
  const scale = parseScale(values.scale);
  const seed = Number.parseInt(values.seed, 10);
  const duration = Number(values.duration);
  const connections = Number.parseInt(values.connections, 10);
  const databaseUrl = values["database-url"];
  const wanted = values.scenarios?.split(",").map((name) => name.trim());
  const loadAtStart = loadAverages();

  const { summary, reused } = await preparePostgresBenchData(databaseUrl, {
    scale,
    seed,
    uploadsDir: path.join(BENCH_DATA_DIR, "uploads"),
    log,
    fresh: values.fresh,
  });
  // The server's own session settings, so the SQL column times what its statements cost there.
  const db = new pg.Client({ connectionString: databaseUrl, options: POSTGRES_SESSION_OPTIONS });
  await db.connect();
  // Each run's server gets a new AUTH_SECRET; signing keys a reused database kept from an
  // earlier run are encrypted with the old one and would fail every session read.
  await db.query("delete from jwks");
  // The server as `npm start` runs it in production; TRUST_PROXY lets the sign-in scenario
  // come from many client addresses (X-Forwarded-For), as real sign-ins do.
  const server = await startServerProcess({
    databaseUrl,
    env: {
      NODE_ENV: "production",
      AUTH_RATE_LIMITS: "strict",
      TRUST_PROXY: "true",
      DATA_DIR: BENCH_DATA_DIR,
    },
    onLine: (line) => process.stderr.write(`[server] ${line}\n`),
  });
  const driver = new LoadDriver();
  try {
    const inputs = await scenarioInputs(server, db, scale, summary.rows.user ?? 0);
    const scenarios = benchScenarios(inputs);
    const known = scenarios.map((scenario) => scenario.name);
    const unknown = wanted?.filter((name) => !known.includes(name)) ?? [];
    if (unknown.length > 0) {
      throw new Error(`unknown scenarios ${unknown.join(", ")}; known: ${known.join(", ")}`);
    }
    const selected = (name: string) => !wanted || wanted.includes(name);
    const results: ScenarioResult[] = [];
    const context = { server, driver, db, databaseUrl, duration, connections };
    for (const scenario of scenarios.filter((candidate) => selected(candidate.name))) {
      if ("realtime" in scenario) {
        const result = await runSseScenario(scenario.title, inputs, server, db, duration);
        results.push(result);
        log(`sse: ${JSON.stringify(result.sse)}`);
        continue;
      }
      const result = await runHttpScenario(scenario, context);
      results.push(result);
      const { load, oneConnection } = result;
      log(
        `${scenario.name}: ${load?.rps} req/s, p50/p95/p99 ${load?.p50}/${load?.p95}/${load?.p99} ms, ` +
          `${(load?.errors ?? 0) + (load?.non2xx ?? 0)} failed` +
          (oneConnection
            ? `; 1 conn ${oneConnection.endpointP50} ms vs SQL ${oneConnection.sqlP50} ms (${oneConnection.statements} statements)`
            : ""),
      );
    }
    const report: BenchReport = {
      date: new Date().toISOString(),
      machine: await machine(db),
      loadAverage: { start: loadAtStart, end: loadAverages() },
      scale,
      seed,
      data: { reused, generatedSeconds: summary.seconds, rows: summary.rows },
      options: { durationSeconds: duration, connections },
      note:
        "Latency is what autocannon, in a second process on the same machine, saw over loopback: " +
        "server time plus HTTP. Reads send a browser's Accept-Encoding, so JSON is compressed as " +
        "it would be. The SQL column is the endpoint's own statements sent through `pg` alone.",
      scenarios: withChecks(results),
    };
    const file = await writeReport(root, report);
    log(`wrote ${path.relative(root, file)} and docs/performance.md`);
  } finally {
    driver.close();
    await server.stop();
    await db.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
