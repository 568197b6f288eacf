// `npm run bench:recs [-- --scale 0.1 --people 300 --database-url URL]`
//
// How well For you recommends (ADR 0033) on the bench data, whose generator plants taste
// (cuisines and a price level per person, ratings following them with noise, half of the visits
// going to a liked cuisine). For a sample of people with at least 5 loves (4–5 stars), 20% of
// each one's loves are held out (deleted in a transaction that is rolled back at the end); then
// For you, the most-popular baseline
// (restaurants with the most loves) and the people-you-follow baseline (restaurants most
// followed people loved) each name their first 10 restaurants the person has not reviewed
// (For you's dishes count as their restaurant), scored against the held-out loves' restaurants
// by precision@10 and NDCG@10. Prints a Markdown table for docs/performance.md.
import path from "node:path";
import { parseArgs } from "node:util";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { LOVED_RATING } from "#domain/for-you.ts";
import { computePicksSql, readPicksSql } from "#server/modules/for-you/for-you.queries.ts";
import { BENCH_DATA_DIR, DEFAULT_BENCH_DATABASE_URL, log, parseScale } from "./bench-options.ts";
import { preparePostgresBenchData } from "./generator/bench-database.ts";

const AT = 10;
const HELD_OUT_SHARE = 0.2;

type Method = "For you" | "Most popular" | "People you follow";
const methods: Method[] = ["For you", "Most popular", "People you follow"];

/** Precision@AT and NDCG@AT (binary relevance) of `ranked` against `relevant`. */
function score(ranked: string[], relevant: Set<string>) {
  const top = ranked.slice(0, AT);
  let dcg = 0;
  let hits = 0;
  top.forEach((id, rank) => {
    if (!relevant.has(id)) return;
    hits++;
    dcg += 1 / Math.log2(rank + 2);
  });
  let ideal = 0;
  for (let rank = 0; rank < Math.min(AT, relevant.size); rank++) ideal += 1 / Math.log2(rank + 2);
  return { precision: hits / AT, ndcg: ideal > 0 ? dcg / ideal : 0 };
}

/** The first AT distinct restaurants of `ids` that are not in `reviewed`. */
function firstUnreviewed(ids: string[], reviewed: Set<string>): string[] {
  const seen = new Set<string>();
  for (const id of ids) {
    if (reviewed.has(id) || seen.has(id)) continue;
    seen.add(id);
    if (seen.size === AT) break;
  }
  return [...seen];
}

async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: "string", default: "0.1" },
      people: { type: "string", default: "300" },
      "database-url": { type: "string", default: DEFAULT_BENCH_DATABASE_URL },
    },
  });
  const scale = parseScale(values.scale);
  const sampleSize = Number.parseInt(values.people, 10);
  const url = values["database-url"];
  await preparePostgresBenchData(url, {
    scale,
    seed: 1,
    uploadsDir: path.join(BENCH_DATA_DIR, "uploads"),
    log,
    fresh: false,
  });
  const client = new pg.Client(url);
  await client.connect();
  const dialect = new PgDialect();
  const loves = `not is_hidden and rating >= ${LOVED_RATING}`;
  try {
    await client.query("begin");
    const people = (
      await client.query<{ user_id: string }>(
        `select user_id from reviews where ${loves} group by user_id having count(*) >= 5
          order by md5(user_id || 'recs') limit $1`,
        [sampleSize],
      )
    ).rows.map((row) => row.user_id);
    const held = (
      await client.query<{ id: string; user_id: string; restaurant_id: string }>(
        `select id, user_id, restaurant_id from (
           select id, user_id, restaurant_id,
                  row_number() over (partition by user_id order by md5(id::text)) as k,
                  count(*) over (partition by user_id) as n
             from reviews where user_id = any($1) and ${loves}) loved
          where k <= greatest(1, round(n * ${HELD_OUT_SHARE}))`,
        [people],
      )
    ).rows;
    await client.query("delete from reviews where id = any($1)", [held.map((row) => row.id)]);
    await client.query("analyze reviews");
    log(`${people.length} people, ${held.length} loves held out`);

    const popular = (
      await client.query<{ restaurant_id: string }>(
        `select restaurant_id from reviews where ${loves}
          group by restaurant_id order by count(*) desc, restaurant_id limit 1000`,
      )
    ).rows.map((row) => row.restaurant_id);

    const totals = new Map(methods.map((method) => [method, { precision: 0, ndcg: 0 }]));
    const times = { compute: [] as number[], read: [] as number[] };
    let evaluated = 0;
    for (const person of people) {
      const reviewed = new Set(
        (
          await client.query<{ restaurant_id: string }>(
            "select distinct restaurant_id from reviews where user_id = $1",
            [person],
          )
        ).rows.map((row) => row.restaurant_id),
      );
      // A held-out love at a place the person still has a review of cannot be recommended.
      const relevant = new Set(
        held
          .filter((row) => row.user_id === person && !reviewed.has(row.restaurant_id))
          .map((row) => row.restaurant_id),
      );
      if (relevant.size === 0) continue;
      evaluated++;
      // What the person's page would answer: their picks computed and stored (rolled back
      // with the rest), then read.
      const compute = dialect.sqlToQuery(computePicksSql(person, new Date()));
      const computeStart = performance.now();
      await client.query(compute.sql, compute.params);
      times.compute.push(performance.now() - computeStart);
      const read = dialect.sqlToQuery(readPicksSql(person));
      const readStart = performance.now();
      const picks = (await client.query<{ restaurant_id: string }>(read.sql, read.params)).rows;
      times.read.push(performance.now() - readStart);
      const followed = (
        await client.query<{ restaurant_id: string }>(
          `select r.restaurant_id from follows f
             join reviews r on r.user_id = f.following_id
                              and not r.is_hidden and r.rating >= ${LOVED_RATING}
            where f.follower_id = $1
            group by r.restaurant_id order by count(distinct r.user_id) desc, r.restaurant_id
            limit 200`,
          [person],
        )
      ).rows;
      const ranked: Record<Method, string[]> = {
        "For you": firstUnreviewed(
          picks.map((row) => row.restaurant_id),
          reviewed,
        ),
        "Most popular": firstUnreviewed(popular, reviewed),
        "People you follow": firstUnreviewed(
          followed.map((row) => row.restaurant_id),
          reviewed,
        ),
      };
      for (const method of methods) {
        const result = score(ranked[method], relevant);
        const total = totals.get(method);
        if (!total) continue;
        total.precision += result.precision;
        total.ndcg += result.ndcg;
      }
    }
    const at = (samples: number[], q: number) => {
      const sorted = [...samples].sort((a, b) => a - b);
      return (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
    };
    const lines = [
      `Scale ${scale}, ${evaluated} people, ${held.length} held-out loves; For you's ` +
        `statements: computing the picks p50 ${at(times.compute, 0.5)} ms, p95 ` +
        `${at(times.compute, 0.95)} ms; reading them p50 ${at(times.read, 0.5)} ms, p95 ` +
        `${at(times.read, 0.95)} ms.`,
      "",
      `| Method | Precision@${AT} | NDCG@${AT} |`,
      "|---|---|---|",
      ...methods.map((method) => {
        const total = totals.get(method) ?? { precision: 0, ndcg: 0 };
        return `| ${method} | ${(total.precision / evaluated).toFixed(4)} | ${(total.ndcg / evaluated).toFixed(4)} |`;
      }),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    await client.query("rollback");
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
