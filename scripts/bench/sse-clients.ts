// Stream holder for scripts/bench/sse.ts, run as its own process so the client's work never
// shares an event loop with the server. Input: one JSON argument (SseClientPlan). Output on
// stdout: "ready" once every stream is open, then one JSON line (SseClientResult) once every
// stream received its first event.
import { EventStreamReader } from "#server/test/event-stream.ts";

export interface SseClientPlan {
  url: string;
  cookie: string;
  streams: number;
  /** Streams opened at once (more would overflow the server's accept backlog). */
  batch: number;
  timeoutMs: number;
}

export interface SseClientResult {
  /** How long opening every stream took, milliseconds. */
  openMs: number;
  /** Wall-clock time (ms since the epoch, sub-millisecond) the first and last stream got the event. */
  firstArrival: number;
  lastArrival: number;
  received: number;
}

const now = () => performance.timeOrigin + performance.now();

async function main() {
  const plan = JSON.parse(process.argv[2] ?? "{}") as SseClientPlan;
  const started = performance.now();
  const streams: EventStreamReader[] = [];
  while (streams.length < plan.streams) {
    const batch = Math.min(plan.batch, plan.streams - streams.length);
    const opened = await Promise.all(
      Array.from({ length: batch }, async () => {
        const stream = await EventStreamReader.open(plan.url, { cookie: plan.cookie });
        if (stream.response.statusCode !== 200) {
          throw new Error(`stream answered ${stream.response.statusCode}`);
        }
        await stream.waitForOpen(plan.timeoutMs);
        return stream;
      }),
    );
    streams.push(...opened);
  }
  const openMs = performance.now() - started;
  process.stdout.write("ready\n");

  const arrivals = await Promise.all(
    streams.map(async (stream) => {
      await stream.waitForMessages(1, plan.timeoutMs);
      return now();
    }),
  );
  const result: SseClientResult = {
    openMs,
    firstArrival: Math.min(...arrivals),
    lastArrival: Math.max(...arrivals),
    received: arrivals.length,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  for (const stream of streams) stream.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
