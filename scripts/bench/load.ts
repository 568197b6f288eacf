// Load generator for scripts/bench/bench.ts and soak.ts, in its own process so the client's work never
// shares an event loop with the server. It reads one JSON LoadRequest per line on stdin, runs
// its phases at once with autocannon, and answers one JSON line of PhaseResults on stdout.
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import autocannon from "autocannon";

/** One HTTP request shape; a phase sends its variants in turn. */
export interface RequestVariant {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A body too big for JSON (an upload), read once from this file. */
  bodyFile?: string;
}

export interface LoadPhase {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  variants: RequestVariant[];
  connections: number;
  /** Requests a second over all its connections; as fast as they go when absent. */
  rate?: number;
  /** Seconds to run, or … */
  duration?: number;
  /** … how many requests to send. */
  amount?: number;
}

export interface LoadRequest {
  id: number;
  /** Run together (a feed load while uploads run); each gets its own result. */
  phases: LoadPhase[];
}

export interface PhaseResult {
  requests: number;
  seconds: number;
  /** Answers per second. */
  rps: number;
  /** Client-side latency on loopback, milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers outside 2xx, by status. */
  statuses: Record<string, number>;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

const bodies = new Map<string, Buffer>();

async function bodyOf(variant: RequestVariant): Promise<string | Buffer | undefined> {
  if (!variant.bodyFile) return variant.body;
  let body = bodies.get(variant.bodyFile);
  if (!body) {
    body = await readFile(variant.bodyFile);
    bodies.set(variant.bodyFile, body);
  }
  return body;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return round2(
    sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN,
  );
}

async function runPhase(phase: LoadPhase): Promise<PhaseResult> {
  const variants = await Promise.all(
    phase.variants.map(async (variant) => ({ ...variant, body: await bodyOf(variant) })),
  );
  let next = 0;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: phase.baseUrl,
        connections: phase.connections,
        ...(phase.rate ? { overallRate: phase.rate } : {}),
        ...(phase.amount ? { amount: phase.amount } : { duration: phase.duration ?? 10 }),
        requests: [
          {
            setupRequest: (request) => {
              const variant = variants[next++ % variants.length];
              if (!variant) return request;
              return {
                ...request,
                method: variant.method,
                path: variant.path,
                headers: { ...request.headers, ...variant.headers },
                ...(variant.body === undefined ? {} : { body: variant.body }),
              };
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode > 299) {
        statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      }
    });
  });
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    seconds: round2(seconds),
    rps: Math.round(latencies.length / seconds),
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: round2(sorted.at(-1) ?? Number.NaN),
    statuses,
    non2xx: Object.values(statuses).reduce((sum, count) => sum + count, 0),
    errors: result.errors + result.timeouts,
  };
}

async function main() {
  for await (const line of createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const request = JSON.parse(line) as LoadRequest;
    const results = await Promise.all(request.phases.map(runPhase));
    process.stdout.write(`${JSON.stringify({ id: request.id, results })}\n`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
