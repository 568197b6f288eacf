// What `npm run bench:data` and `npm run bench` share: where the bench database and files live,
// and how a scale is read.
import path from "node:path";

export const DEFAULT_BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tasted_bench";
/** The bench server's DATA_DIR (under the git-ignored data/): the pictures rows point at live here. */
export const BENCH_DATA_DIR = path.resolve("data/bench");

export function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`);
}

export function parseScale(value: string | undefined): number {
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 10) {
    throw new Error("--scale must be a number above 0 and at most 10 (1 = the budgets' size)");
  }
  return scale;
}
