// `npm run bench:data -- --scale N [--seed S] [--database-url URL | --pglite DIR]`
//
// Generates the bench data set (scripts/bench/generator/) into a PostgreSQL database, created
// or replaced (only ever one this generator made), or into a new PGlite data directory. Scale 1
// is the budgets' size (50k people, 1M reviews and posts, 5M likes, 1M comments); 0.01 takes
// seconds. Progress goes to stderr, the summary (row counts, seconds per phase) to stdout.
import path from "node:path";
import { parseArgs } from "node:util";
import { BENCH_DATA_DIR, DEFAULT_BENCH_DATABASE_URL, log, parseScale } from "./bench-options.ts";
import { preparePgliteBenchData, preparePostgresBenchData } from "./generator/bench-database.ts";

async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: "string" },
      seed: { type: "string", default: "1" },
      "database-url": { type: "string" },
      pglite: { type: "string" },
    },
  });
  const scale = parseScale(values.scale);
  const seed = Number.parseInt(values.seed, 10);
  if (values.pglite && values["database-url"]) {
    throw new Error("give --database-url or --pglite, not both");
  }
  const summary = values.pglite
    ? await preparePgliteBenchData(path.resolve(values.pglite), {
        scale,
        seed,
        uploadsDir: path.join(path.resolve(values.pglite), "uploads"),
        log,
      })
    : (
        await preparePostgresBenchData(values["database-url"] ?? DEFAULT_BENCH_DATABASE_URL, {
          scale,
          seed,
          uploadsDir: path.join(BENCH_DATA_DIR, "uploads"),
          log,
          fresh: true,
        })
      ).summary;
  log(`done in ${summary.seconds} s`);
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
