// Realtime bench (docs/architecture budgets: 1,000 open streams cost at most 200 MB of server
// memory). Starts the real server in a child process on the embedded database (fresh DATA_DIR),
// signs up a user, reads the server's resident memory idle, opens the streams from a second
// process with that user's cookie, reads the memory again, then has another user like the
// user's post and measures until every stream got the event. Writes bench-results/sse.json;
// exits non-zero over budget.
//
//   npm run bench:sse
//
// Sizes (env): BENCH_STREAMS (1000).
import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { callOverHttp, signUpOverHttp, startServerProcess } from "#server/test/server-process.ts";
import type { SseClientPlan, SseClientResult } from "./sse-clients.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const BUDGET = { extraMemoryMb: 200 };
/**
 * Lets the server's heap settle before a reading: start-up and the sign-ups' password hashing
 * leave garbage that would otherwise be counted (or freed) between the two readings.
 */
const SETTLE_MS = 5_000;

const streams = Number(process.env.BENCH_STREAMS ?? 1_000);
if (!Number.isInteger(streams) || streams < 1) {
  throw new Error("BENCH_STREAMS must be a positive integer");
}

function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();
const round = (value: number) => Math.round(value * 10) / 10;

/** The process's resident set (VmRSS), megabytes. */
async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kilobytes = status.match(/^VmRSS:\s+(\d+) kB$/m)?.[1];
  if (!kilobytes) throw new Error(`no VmRSS for process ${pid}`);
  return round(Number(kilobytes) / 1024);
}

/** Runs sse-clients.ts; `onReady` runs once every stream is open, its result is awaited. */
async function holdStreams(
  plan: SseClientPlan,
  onReady: () => Promise<void>,
): Promise<SseClientResult> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/bench/sse-clients.ts", JSON.stringify(plan)],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  let result: SseClientResult | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line === "ready") await onReady();
    else result = JSON.parse(line) as SseClientResult;
  }
  const code = await exited;
  if (code !== 0 || !result) throw new Error(`the stream holder exited with ${code}`);
  return result;
}

async function main() {
  const server = await startServerProcess();
  try {
    const { pid } = server;
    const reader = await signUpOverHttp(server, "bench-reader");
    const fan = await signUpOverHttp(server, "bench-fan");
    const created = await callOverHttp(server, "POST", "/api/posts", reader, { title: "Ramen" });
    const post = (await created.json()) as { id: string };
    await sleep(SETTLE_MS);
    const idleMb = await residentMb(pid);
    log(`server idle: ${idleMb} MB`);

    let openMb = Number.NaN;
    let liked = Number.NaN;
    let likeAnswered = Number.NaN;
    const clients = await holdStreams(
      {
        url: `${server.url}/api/events`,
        cookie: reader.cookie,
        streams,
        batch: 100,
        timeoutMs: 30_000,
      },
      async () => {
        await sleep(SETTLE_MS);
        openMb = await residentMb(pid);
        log(`server with ${streams} streams: ${openMb} MB`);
        liked = now();
        await callOverHttp(server, "PUT", `/api/posts/${post.id}/like`, fan);
        likeAnswered = now();
      },
    );

    const extraMb = round(openMb - idleMb);
    const report = {
      date: new Date().toISOString(),
      database: "pglite",
      note: "Server resident memory (VmRSS) and the time from sending the like until streams held by a second process on loopback got the event.",
      streams,
      openAllMs: round(clients.openMs),
      memoryMb: { idle: idleMb, withStreams: openMb, extra: extraMb },
      extraKbPerStream: round((extraMb * 1024) / streams),
      deliveryMs: {
        likeAnswered: round(likeAnswered - liked),
        first: round(clients.firstArrival - liked),
        all: round(clients.lastArrival - liked),
      },
      received: clients.received,
      budget: BUDGET,
      withinBudget: extraMb <= BUDGET.extraMemoryMb && clients.received === streams,
    };
    await mkdir(path.join(root, "bench-results"), { recursive: true });
    await writeFile(
      path.join(root, "bench-results", "sse.json"),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    if (!report.withinBudget) {
      throw new Error(`over budget: ${extraMb} MB extra for ${streams} streams`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
