// Stream holder for the bench's realtime scenario, in its own process so the client's work never
// shares an event loop with the server. Input: one JSON argument (SseClientPlan). It opens every
// stream and prints "ready"; on a line "fire" on stdin it has the actors follow the holders at
// the planned rate, each follow a pair never used before, and times until each of the followed
// person's streams got that follow's event. Output: one JSON line (SseClientResult).
import { createInterface } from "node:readline";
import { EventStreamReader } from "#server/test/event-stream.ts";

export interface SsePerson {
  userId: string;
  cookie: string;
}

export interface SseClientPlan {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** People whose streams are held; each holds `streamsPerHolder` (tabs, devices). */
  holders: SsePerson[];
  streamsPerHolder: number;
  /** People who follow the holders; actors × holders must cover `fires` distinct pairs. */
  actors: SsePerson[];
  fires: number;
  firesPerSecond: number;
  /** Streams opened at once (more would overflow the server's accept backlog). */
  batch: number;
  timeoutMs: number;
}

export interface SseClientResult {
  streams: number;
  openMs: number;
  fires: number;
  fireErrors: number;
  /** Follow events that reached a stream of the followed person, of `expected`. */
  delivered: number;
  expected: number;
  /** From sending the follow until a stream got its event, milliseconds. */
  deliveryMs: Percentiles;
  /** How long the follow requests themselves took, milliseconds. */
  followMs: Percentiles;
}

interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) };
}

const followKey = (followerId: string, followingId: string) => `${followerId} ${followingId}`;

async function main() {
  const plan = JSON.parse(process.argv[2] ?? "{}") as SseClientPlan;
  const started = performance.now();
  const opened: { holder: SsePerson; stream: EventStreamReader }[] = [];
  const wanted = plan.holders.flatMap((holder) =>
    Array.from({ length: plan.streamsPerHolder }, () => holder),
  );
  for (let at = 0; at < wanted.length; at += plan.batch) {
    const batch = await Promise.all(
      wanted.slice(at, at + plan.batch).map(async (holder) => {
        const stream = await EventStreamReader.open(`${plan.baseUrl}/api/events`, {
          cookie: holder.cookie,
        });
        if (stream.response.statusCode !== 200) {
          throw new Error(`stream answered ${stream.response.statusCode}`);
        }
        await stream.waitForOpen(plan.timeoutMs);
        return { holder, stream };
      }),
    );
    opened.push(...batch);
  }
  const openMs = performance.now() - started;
  process.stdout.write("ready\n");
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === "fire") break;
  }

  const pairs = Array.from({ length: plan.fires }, (_, index) => ({
    actor: plan.actors[index % plan.actors.length],
    holder: plan.holders[index % plan.holders.length],
  }));
  const firesFor = new Map<string, number>();
  for (const { holder } of pairs) {
    if (holder) firesFor.set(holder.userId, (firesFor.get(holder.userId) ?? 0) + 1);
  }
  const sentAt = new Map<string, number>();
  const firingMs = (plan.fires / plan.firesPerSecond) * 1000;
  // Every stream is watched while the follows are sent, so an arrival is timed when it happens.
  const watching = opened.map(async ({ holder, stream }) => {
    const expected = firesFor.get(holder.userId) ?? 0;
    const deadline = performance.now() + firingMs + plan.timeoutMs;
    const delays = new Map<string, number>();
    let read = 0;
    while (delays.size < expected && performance.now() < deadline) {
      try {
        await stream.waitForMessages(read + 1, Math.max(1, deadline - performance.now()));
      } catch {
        break;
      }
      const now = performance.now();
      for (; read < stream.messages.length; read++) {
        const event = JSON.parse(stream.messages[read]?.data ?? "{}") as {
          type?: string;
          followerId?: string;
          followingId?: string;
        };
        if (event.type !== "follow" || !event.followerId || !event.followingId) continue;
        const key = followKey(event.followerId, event.followingId);
        const sent = sentAt.get(key);
        if (sent !== undefined && !delays.has(key)) delays.set(key, now - sent);
      }
    }
    return [...delays.values()];
  });

  let fireErrors = 0;
  const followMs: number[] = [];
  const interval = 1000 / plan.firesPerSecond;
  const fireStarted = performance.now();
  const requests: Promise<void>[] = [];
  for (const [index, { actor, holder }] of pairs.entries()) {
    if (!actor || !holder) break;
    const wait = fireStarted + index * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    sentAt.set(followKey(actor.userId, holder.userId), sent);
    requests.push(
      fetch(`${plan.baseUrl}/api/profiles/${holder.userId}/follow`, {
        method: "PUT",
        headers: { cookie: actor.cookie, origin: plan.baseUrl },
      }).then(
        async (response) => {
          await response.arrayBuffer();
          followMs.push(performance.now() - sent);
          if (!response.ok) fireErrors++;
        },
        () => {
          fireErrors++;
        },
      ),
    );
  }
  await Promise.all(requests);
  const delays = await Promise.all(watching);
  for (const { stream } of opened) stream.close();
  const expected = pairs.length * plan.streamsPerHolder;

  const delivered = delays.flat();
  const result: SseClientResult = {
    streams: opened.length,
    openMs: Math.round(openMs),
    fires: sentAt.size,
    fireErrors,
    delivered: delivered.length,
    expected,
    deliveryMs: percentiles(delivered),
    followMs: percentiles(followMs),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
