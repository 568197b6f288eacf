// Feed bench (docs/architecture budgets: feed page p99 ≤ 50 ms, a deep page within 1.5× of
// page 1). Creates a fresh PostgreSQL database on TEST_DATABASE_URL's server, fills it with
// generated data, starts the real server in a child process, loads it from a second child
// process over loopback with a bounded number of requests, writes bench-results/feed.json
// and drops the database.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
//
// Sizes (env): BENCH_USERS (10000), BENCH_REVIEWS (200000), BENCH_POSTS (50000),
// BENCH_LIKES (1000000), BENCH_REQUESTS (400 per scenario), BENCH_CONCURRENCY (4).
// The budget's full size is BENCH_USERS=50000 BENCH_REVIEWS=1000000 BENCH_LIKES=5000000
// (takes several minutes to generate on this machine).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { openDatabase } from "#server/db/client.ts";
import { feedPageSql } from "#server/modules/feed/feed.queries.ts";
import { type Cursor, encodeCursor } from "#server/modules/items/cursor.ts";
import {
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
} from "#server/test/server-process.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const execFileAsync = promisify(execFile);

const size = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};

const sizes = {
  users: size("BENCH_USERS", 10_000),
  restaurants: size("BENCH_RESTAURANTS", 5_000),
  reviews: size("BENCH_REVIEWS", 200_000),
  posts: size("BENCH_POSTS", 50_000),
  likes: size("BENCH_LIKES", 1_000_000),
};
const requests = size("BENCH_REQUESTS", 400);
const concurrency = size("BENCH_CONCURRENCY", 4);
const DEEP_POSITION = Math.min(500_000, Math.floor((sizes.reviews + sizes.posts) / 2));
const BUDGET = { p99Ms: 50, deepToFirstP99: 1.5 };

function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`);
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await fn();
  log(`${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

async function generate(client: pg.Client) {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  await timed(`${sizes.users} users`, async () => {
    await q(
      `insert into "user" (id, name, email, email_verified)
       select 'bench-' || g, '', 'bench' || g || '@example.com', true
       from generate_series(1, $1) g`,
      [sizes.users],
    );
    await q(
      `insert into profiles (id, username, slug, full_name, avatar_url)
       select 'bench-' || g, 'bench_' || g, 'bench_' || g,
              case when g % 10 = 0 then null else 'Bench User ' || g end,
              case when g % 3 = 0 then '/uploads/avatars/bench-' || g || '.webp' end
       from generate_series(1, $1) g`,
      [sizes.users],
    );
  });
  await timed(`${sizes.restaurants} restaurants`, () =>
    q(
      `insert into restaurants (name, address, price_level)
       select 'Restaurant ' || g, g || ' Main St, Springfield', 1 + g % 4
       from generate_series(1, $1) g`,
      [sizes.restaurants],
    ),
  );
  // Spread over about two years, a few rows sharing a timestamp; 1 in 100 hidden.
  await timed(`${sizes.reviews} reviews`, () =>
    q(
      `with r as (select array_agg(id) ids from restaurants)
       insert into reviews (user_id, restaurant_id, review_type, title, description, rating,
                            cost, is_hidden, created_at)
       select 'bench-' || (1 + (g::bigint * 7919) % $2), r.ids[1 + (g * 31) % array_length(r.ids, 1)],
              case when g % 4 = 0 then 'restaurant' else 'dish' end,
              'Dish ' || g, 'Generated review number ' || g || ' with a few words of text.',
              1 + g % 5, case when g % 4 = 0 then 1 + g % 4 else (g % 4000) / 100.0 end,
              g % 100 = 0, now() - (g / 2) * interval '90 seconds'
       from generate_series(1, $1) g, r`,
      [sizes.reviews, sizes.users],
    ),
  );
  await timed(`${sizes.posts} posts`, () =>
    q(
      `with r as (select array_agg(id) ids from restaurants)
       insert into posts (user_id, restaurant_id, title, content, is_hidden, created_at)
       select 'bench-' || (1 + (g::bigint * 104729) % $2),
              case when g % 2 = 0 then r.ids[1 + g % array_length(r.ids, 1)] end,
              'Post ' || g, 'Generated post ' || g, g % 100 = 0,
              now() - g * interval '350 seconds' - interval '17 seconds'
       from generate_series(1, $1) g, r`,
      [sizes.posts, sizes.users],
    ),
  );
  await timed("images (1-2 per review, 1 per post)", async () => {
    await q(
      `insert into review_images (review_id, image_url, display_order, width, height)
       select id, '/uploads/bench/' || id || '-' || n || '-1280.webp', n, 1280, 960
       from reviews, generate_series(0, 1) n where n = 0 or length(title) % 2 = 0`,
    );
    await q(
      `insert into post_images (post_id, image_url, display_order, width, height)
       select id, '/uploads/bench/' || id || '-1280.webp', 0, 1280, 960 from posts`,
    );
  });
  await timed(`${sizes.likes} likes (duplicates dropped)`, async () => {
    await q(`create temp table numbered as
             select id, row_number() over (order by id) rn from reviews`);
    await q(`create unique index on numbered (rn)`);
    await q(
      `insert into likes (user_id, review_id)
       select 'bench-' || (1 + (g::bigint * 7907) % $2), n.id
       from generate_series(1, $1) g
       join numbered n on n.rn = 1 + ((g::bigint * 104723) % $3)
       on conflict do nothing`,
      [sizes.likes, sizes.users, sizes.reviews],
    );
    await q(
      `update reviews set like_count = c.n
       from (select review_id, count(*)::int n from likes group by review_id) c
       where c.review_id = reviews.id`,
    );
  });
  await timed("follows (20 per user)", () =>
    q(
      `insert into follows (follower_id, following_id)
       select 'bench-' || g, 'bench-' || (1 + (g + k * 97) % $1)
       from generate_series(1, $1) g, generate_series(1, 20) k
       where (g + k * 97) % $1 + 1 <> g
       on conflict do nothing`,
      [sizes.users],
    ),
  );
  await timed("analyze", () => q("vacuum analyze"));
}

async function deepCursor(client: pg.Client): Promise<Cursor> {
  const { rows } = await client.query<{ kind: string; id: string; created_at_text: string }>(
    `select kind, id,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') created_at_text
       from (select 'review' kind, id, created_at from reviews where not is_hidden
             union all
             select 'post', id, created_at from posts where not is_hidden) u
      order by created_at desc, id desc offset $1 limit 1`,
    [DEEP_POSITION],
  );
  const row = rows[0];
  if (!row) throw new Error("no row at the deep position");
  return { createdAt: row.created_at_text, id: row.id, kind: row.kind };
}

/**
 * The feed statement alone (exactly what the server sends), run sequentially on one
 * connection: the database's share of a page without HTTP, auth or serialisation.
 */
async function sqlOnly(client: pg.Client, after: Cursor | undefined, runs: number) {
  const query = new PgDialect().sqlToQuery(feedPageSql({ limit: 21, after }));
  const samples: number[] = [];
  for (let index = 0; index < runs + 20; index++) {
    const started = performance.now();
    await client.query(query.sql, query.params);
    if (index >= 20) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(
      (samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)] ?? 0) * 100,
    ) / 100;
  return { count: samples.length, p50: at(50), p95: at(95), p99: at(99) };
}

async function main() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      "Set TEST_DATABASE_URL=postgres://… (a server the bench may create databases on)",
    );
  const name = `tasted_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = await mkdtemp(path.join(tmpdir(), "tasted-bench-"));
  let server: ServerProcess | undefined;
  try {
    const migrated = await openDatabase({ databaseUrl, dataDir });
    await migrated.close();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let deep: string;
    let sqlTimes: Record<string, Awaited<ReturnType<typeof sqlOnly>>>;
    try {
      await generate(client);
      const deepAt = await timed(`cursor at position ${DEEP_POSITION}`, () => deepCursor(client));
      deep = encodeCursor(deepAt);
      sqlTimes = await timed("feed statement alone", async () => ({
        page1: await sqlOnly(client, undefined, requests),
        deep: await sqlOnly(client, deepAt, requests),
      }));
    } finally {
      await client.end();
    }

    server = await timed("server start", () =>
      startServerProcess({
        databaseUrl,
        env: { NODE_ENV: "production" },
        onLine: (line) => process.stderr.write(`${line}\n`),
      }),
    );
    const base = server.url;
    const { cookie } = await signUpOverHttp(server, "bench-viewer");
    const feedUrl = `${base}/api/feed`;
    const deepUrl = `${feedUrl}?cursor=${encodeURIComponent(deep)}`;
    const plan = {
      requests,
      warmup: Math.min(100, requests),
      concurrency,
      scenarios: [
        { name: "page1", url: feedUrl },
        { name: "deep", url: deepUrl },
        { name: "page1SignedIn", url: feedUrl, cookie },
        { name: "deepSignedIn", url: deepUrl, cookie },
        { name: "followingSignedIn", url: `${feedUrl}?scope=following`, cookie },
      ],
    };
    const { stdout } = await timed(
      `load (${requests} requests × 5 scenarios, ${concurrency} at once)`,
      () =>
        execFileAsync(
          process.execPath,
          ["--import", "tsx", "scripts/bench/load.ts", JSON.stringify(plan)],
          {
            cwd: root,
            maxBuffer: 1024 * 1024,
          },
        ),
    );
    const scenarios = JSON.parse(stdout) as Record<string, { p99: number; errors: number }>;
    const ratio = (scenarios.deep?.p99 ?? Number.NaN) / (scenarios.page1?.p99 ?? Number.NaN);
    const report = {
      date: new Date().toISOString(),
      database: "postgresql",
      note: "Latency as seen by a client process on loopback (server time plus HTTP on 127.0.0.1), milliseconds.",
      sizes,
      deepPosition: DEEP_POSITION,
      requestsPerScenario: requests,
      concurrency,
      scenarios,
      sqlOnly: sqlTimes,
      budget: BUDGET,
      deepToFirstP99: Math.round(ratio * 100) / 100,
      withinBudget:
        (scenarios.page1?.p99 ?? Infinity) <= BUDGET.p99Ms &&
        (scenarios.deep?.p99 ?? Infinity) <= BUDGET.p99Ms &&
        ratio <= BUDGET.deepToFirstP99,
    };
    await mkdir(path.join(root, "bench-results"), { recursive: true });
    await writeFile(
      path.join(root, "bench-results", "feed.json"),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await server?.stop();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
