// Load generator for scripts/bench/feed.ts, run as its own process so the client's work never
// shares an event loop with the server. Input: one JSON argument; output: one JSON line.
import { performance } from "node:perf_hooks";

interface Scenario {
  name: string;
  url: string;
  cookie?: string;
}

interface LoadPlan {
  scenarios: Scenario[];
  /** Measured requests per scenario. */
  requests: number;
  /** Unmeasured requests per scenario first (JIT, caches, connection pool). */
  warmup: number;
  concurrency: number;
}

export interface ScenarioResult {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return round(sorted[Math.max(0, index)] ?? Number.NaN);
}

const round = (value: number) => Math.round(value * 100) / 100;

async function once(scenario: Scenario): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  try {
    const response = await fetch(scenario.url, {
      headers: scenario.cookie ? { cookie: scenario.cookie } : {},
    });
    await response.arrayBuffer();
    return { ms: performance.now() - started, ok: response.status === 200 };
  } catch {
    return { ms: performance.now() - started, ok: false };
  }
}

async function run(scenario: Scenario, total: number, concurrency: number) {
  const samples: number[] = [];
  let errors = 0;
  let issued = 0;
  const worker = async () => {
    while (issued < total) {
      issued += 1;
      const result = await once(scenario);
      if (result.ok) samples.push(result.ms);
      else errors += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { samples, errors };
}

async function main() {
  const plan = JSON.parse(process.argv[2] ?? "{}") as LoadPlan;
  const results: Record<string, ScenarioResult> = {};
  for (const scenario of plan.scenarios) {
    await run(scenario, plan.warmup, plan.concurrency);
    const { samples, errors } = await run(scenario, plan.requests, plan.concurrency);
    const sorted = [...samples].sort((a, b) => a - b);
    results[scenario.name] = {
      count: samples.length,
      errors,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      mean: round(samples.reduce((sum, value) => sum + value, 0) / Math.max(1, samples.length)),
      max: round(sorted.at(-1) ?? Number.NaN),
    };
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
