// PostgreSQL goes away for a while under load and comes back: the server answers 503 quickly
// the whole time (never hangs, never crashes, never signs anyone out), says so on
// /api/health, and serves again within seconds of the database's return without a restart.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PUBLIC_ANSWER_TTL_MS } from "#server/http/public-answer-cache.ts";
import {
  type HttpUser,
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
} from "#server/test/server-process.ts";
import {
  canStartPrivatePostgres,
  type PrivatePostgres,
  startPrivatePostgres,
} from "./support/private-postgres.ts";
import { type TimedAnswer, timedGet } from "./support/timed-get.ts";

/** How long the database stays down (the reliability budget names 30 s; FAULTS_OUTAGE_SECONDS shortens it locally). */
const OUTAGE_MS = Number(process.env.FAULTS_OUTAGE_SECONDS ?? 30) * 1000;
/** Every answer while the database is down must come within this. */
const ANSWER_WITHIN_MS = 2_000;
/** Service must be back this soon after the database is. */
const RECOVERY_WITHIN_MS = 5_000;
/** A request that takes longer than this has hung. */
const HUNG_AFTER_MS = 10_000;
/** Concurrent clients reading (visitor and signed-in) and writing. */
const CLIENTS = 6;

let postgres: PrivatePostgres;
let server: ServerProcess;
let reader: HttpUser;

beforeAll(async () => {
  if (!canStartPrivatePostgres) return;
  postgres = await startPrivatePostgres();
  server = await startServerProcess({ databaseUrl: postgres.url });
  reader = await signUpOverHttp(server, "outage-reader");
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await postgres?.destroy();
});

function ask(path: string, user?: HttpUser): Promise<TimedAnswer> {
  return timedGet(server, path, user, HUNG_AFTER_MS);
}

/** Requests from several clients, one after another each, until stopped. */
function driveLoad(): { stop: () => Promise<TimedAnswer[]> } {
  const answers: TimedAnswer[] = [];
  let running = true;
  const paths = ["/api/feed", "/api/feed?scope=following", "/api/me", "/api/notifications"];
  const clients = Array.from({ length: CLIENTS }, async (_, index) => {
    while (running) {
      const path = paths[index % paths.length] as string;
      answers.push(await ask(path, path === "/api/feed" ? undefined : reader));
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(clients);
      return answers;
    },
  };
}

describe.runIf(canStartPrivatePostgres)("the database stops under load and comes back", () => {
  test("503 within 2 s while it is down, health says so, and service returns within 5 s", async () => {
    const load = driveLoad();
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const stopping = Date.now();
    await postgres.stop();
    const stopped = Date.now();

    // Halfway through the outage: the server is alive and says what is wrong.
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2));
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "unavailable", database: "unreachable" });
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2));

    const restarting = Date.now();
    await postgres.start();
    const back = Date.now();
    // Give recovery its budget, then keep loading a little longer to see it hold.
    await new Promise((resolve) => setTimeout(resolve, RECOVERY_WITHIN_MS + 2_000));
    const answers = await load.stop();

    const before = answers.filter((answer) => answer.startedAt + answer.ms < stopping);
    const during = answers.filter(
      (answer) => answer.startedAt >= stopped && answer.startedAt + answer.ms < restarting,
    );
    const afterRecovery = answers.filter((answer) => answer.startedAt >= back + RECOVERY_WITHIN_MS);
    expect(before.length, "requests served before the outage").toBeGreaterThan(0);
    expect(before.every((answer) => answer.outcome === 200)).toBe(true);

    // Down: every answer is the API's 503, quickly; nothing hangs and nobody is signed out.
    expect(during.length, "requests made during the outage").toBeGreaterThan(CLIENTS * 10);
    // A visitor's first feed page may still come, for its last second, from the answers kept as
    // sent (server/http/public-answer-cache.ts): the page as it was just before the outage.
    const keptPage = (answer: TimedAnswer) =>
      answer.path === "/api/feed" &&
      answer.outcome === 200 &&
      answer.startedAt < stopped + PUBLIC_ANSWER_TTL_MS;
    const wrong = during.filter(
      (answer) =>
        !keptPage(answer) &&
        (answer.outcome !== 503 ||
          answer.errorCode !== "DATABASE_UNAVAILABLE" ||
          answer.ms > ANSWER_WITHIN_MS),
    );
    expect(wrong.slice(0, 5), "answers while the database was down").toEqual([]);

    // Back: every request made once the recovery budget has passed succeeds, signed in too.
    expect(afterRecovery.length, "requests after recovery").toBeGreaterThan(0);
    const failedAfter = afterRecovery.filter((answer) => answer.outcome !== 200);
    expect(failedAfter.slice(0, 5), "answers after the database came back").toEqual([]);
    const me = await ask("/api/me", reader);
    expect(me.outcome).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
