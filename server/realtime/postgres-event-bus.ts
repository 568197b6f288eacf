import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { RealtimeEvent } from "#domain/realtime.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import type { EventBus } from "./event-bus.ts";
import { LocalFanout } from "./local-fanout.ts";

/** The one NOTIFY channel every server process of one database listens on. */
const CHANNEL = "tasted_events";

/** Waits between attempts to get the LISTEN connection back: doubling from the first to the last. */
const RECONNECT_FIRST_DELAY_MS = 250;
const RECONNECT_MAX_DELAY_MS = 10_000;

/** What travels through pg_notify: who the event is for, and the event (ids only, a few bytes). */
interface Notification {
  userId: string;
  event: RealtimeEvent;
}

/** Stops listening; idempotent. */
type StopListening = () => Promise<void>;

/**
 * The bus of a deployment with any number of server processes on one database: `publish` is a
 * `pg_notify` on the shared pool, and every process holds one LISTEN connection that hands what
 * arrives to the streams open on it. PostgreSQL delivers a NOTIFY to every listener of the
 * database, the sending process included; PGlite does the same within its one process.
 */
export async function createPostgresEventBus(
  handle: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<EventBus> {
  const fanout = new LocalFanout();
  const receive = (payload: string) => {
    const notification = parseNotification(payload);
    if (notification) fanout.deliver(notification.userId, notification.event);
    else log.warn({ payload }, "ignored a malformed realtime notification");
  };
  const stopListening =
    handle.kind === "postgres"
      ? await listenOnPostgres(handle.client as pg.Pool, receive, log, () => fanout.endAll())
      : await (handle.client as PGlite).listen(CHANNEL, receive);

  return {
    async publish(userId, event) {
      const notification: Notification = { userId, event };
      try {
        await handle.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(notification)})`);
      } catch (error) {
        log.error({ err: error, userId, event }, "could not publish a realtime event");
      }
    },
    subscribe: (userId, subscriber) => fanout.subscribe(userId, subscriber),
    watch: (listener) => fanout.watch(listener),
    // The streams are the route's to end; the bus only stops listening.
    close: stopListening,
  };
}

function parseNotification(payload: string): Notification | undefined {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== "object" || value === null) return undefined;
    const { userId, event } = value as Partial<Record<keyof Notification, unknown>>;
    if (typeof userId !== "string" || typeof event !== "object" || event === null) return undefined;
    if (typeof (event as { type?: unknown }).type !== "string") return undefined;
    return { userId, event: event as RealtimeEvent };
  } catch {
    return undefined;
  }
}

/**
 * Holds one dedicated connection (outside the pool, which would hand it to queries) that
 * LISTENs on the channel. When it drops (PostgreSQL restarted, network cut) it is rebuilt with
 * growing waits; once back, `onResumed` runs, because whatever was notified in between is lost.
 */
async function listenOnPostgres(
  pool: pg.Pool,
  receive: (payload: string) => void,
  log: FastifyBaseLogger,
  onResumed: () => void,
): Promise<StopListening> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_FIRST_DELAY_MS;

  const connect = async (resumed: boolean): Promise<void> => {
    retryTimer = undefined;
    // TCP keepalive notices a connection that died silently, which a listener never writes to.
    const candidate = new pg.Client({ ...pool.options, keepAlive: true });
    candidate.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload !== undefined) receive(message.payload);
    });
    // A dropped connection emits "error" and then "end"; "end" decides what happens next.
    candidate.on("error", (error) =>
      log.warn({ err: error }, "realtime listener connection error"),
    );
    candidate.on("end", () => {
      if (client !== candidate) return;
      client = undefined;
      if (stopped) return;
      log.warn("realtime listener connection lost; reconnecting");
      retry();
    });
    try {
      await candidate.connect();
      await candidate.query(`listen ${CHANNEL}`);
    } catch (error) {
      candidate.end().catch(() => {});
      log.error({ err: error }, "realtime listener could not connect");
      retry();
      return;
    }
    if (stopped) {
      await candidate.end();
      return;
    }
    client = candidate;
    delay = RECONNECT_FIRST_DELAY_MS;
    if (resumed) {
      log.info("realtime listener reconnected");
      onResumed();
    }
  };

  // Every connection but the first resumes after a gap (ending no stream when none was open).
  const retry = () => {
    if (stopped) return;
    retryTimer = setTimeout(() => void connect(true), delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_DELAY_MS);
  };

  await connect(false);

  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const current = client;
    client = undefined;
    await current?.end();
  };
}
