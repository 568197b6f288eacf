import type { ServerResponse } from "node:http";
import { and, gt, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { REALTIME_MESSAGE_EVENT, type RealtimeEvent } from "#domain/realtime.ts";
import { currentUser, requireUser } from "#server/auth/session.ts";
import type { Executor } from "#server/db/client.ts";
import { session } from "#server/db/schema/auth.ts";
import { errorResponses } from "#server/http/errors.ts";
import type { RealtimeSubscriber } from "./event-bus.ts";

/** How long a client waits before reconnecting a dropped stream (the SSE `retry:` field). */
const RECONNECT_DELAY_MS = 2_000;
/**
 * A client this far behind (bytes queued in the socket) is cut off rather than buffered for: it
 * reconnects and refetches, which costs less than holding its backlog.
 */
const MAX_QUEUED_BYTES = 64 * 1024;
/**
 * Open streams one session (a browser, its tabs share it) and one person (all their devices)
 * may hold on this process. A new stream past either cap ends that session's or person's oldest
 * one: a tab left open somewhere is likelier abandoned than the one just opened, and a client
 * looping on reconnects can no longer exhaust the process's file descriptors.
 */
export const MAX_STREAMS_PER_SESSION = 5;
export const MAX_STREAMS_PER_USER = 20;

/** One open `GET /api/events` response, held by one session. */
class EventStream implements RealtimeSubscriber {
  #lastId = 0;

  constructor(
    private readonly response: ServerResponse,
    readonly sessionId: string,
    readonly userId: string,
  ) {}

  deliver(event: RealtimeEvent): void {
    this.#lastId += 1;
    this.#write(
      `event: ${REALTIME_MESSAGE_EVENT}\nid: ${this.#lastId}\ndata: ${JSON.stringify(event)}\n\n`,
    );
  }

  /** A comment line: clients ignore it, connections see traffic. */
  comment(text: string): void {
    this.#write(`: ${text}\n\n`);
  }

  end(): void {
    if (!this.response.writableEnded) this.response.end();
  }

  #write(chunk: string): void {
    if (this.response.writableEnded || this.response.destroyed) return;
    if (this.response.writableLength > MAX_QUEUED_BYTES) this.end();
    else this.response.write(chunk);
  }
}

/**
 * `GET /api/events`: the signed-in user's Server-Sent Events stream of RealtimeEvents, hints to
 * refetch. Nothing is replayed: a client that reconnects refetches what it shows instead.
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new OpenStreams();
  /**
   * Every beat ends the streams whose session has ended since they opened (signed out, revoked
   * from another device, expired), in one indexed read for all of them, then writes a comment
   * to the rest: proxies close connections idle for a minute or so.
   */
  const beat = async () => {
    if (open.size === 0) return;
    const sessionIds = open.sessionIds();
    try {
      const live = await liveSessionIds(app.database.db, sessionIds);
      for (const stream of open) if (!live.has(stream.sessionId)) stream.end();
    } catch (error) {
      // A database hiccup must not cut everyone off; the next beat checks again.
      app.log.warn({ err: error }, "checking the sessions of open event streams failed");
    }
    for (const stream of open) stream.comment("heartbeat");
  };
  const heartbeat = setInterval(() => void beat(), app.config.realtimeHeartbeatSeconds * 1000);
  // The server stops on its own close, not by waiting for this timer.
  heartbeat.unref();
  // Before the server waits for open connections to finish: these never would by themselves.
  app.addHook("preClose", async () => {
    clearInterval(heartbeat);
    for (const stream of open) stream.end();
  });

  app.get(
    "/events",
    {
      preHandler: requireUser,
      // Compression would hold messages back until its buffer filled.
      compress: false,
      schema: {
        summary: "Realtime hints for the signed-in user (Server-Sent Events)",
        description: `Each message is \`event: ${REALTIME_MESSAGE_EVENT}\` with one RealtimeEvent as JSON in \`data\`.`,
        tags: ["realtime"],
        produces: ["text/event-stream"],
        response: { ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const sessionId = request.authSession?.session.id;
      if (!sessionId) throw new Error("requireUser let a request without a session through");
      reply.hijack();
      const response = reply.raw;
      // Headers set before the hijack (a refreshed session cookie) still go out.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) response.setHeader(name, value);
      }
      response.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        // nginx would otherwise buffer the stream.
        "x-accel-buffering": "no",
      });
      const stream = new EventStream(response, sessionId, user.id);
      // Written at once, so the client's EventSource reports `open` without waiting for an event.
      response.write(`retry: ${RECONNECT_DELAY_MS}\n`);
      stream.comment("connected");
      open.add(stream);
      const unsubscribe = app.events.subscribe(user.id, stream);
      const forget = () => {
        open.delete(stream);
        unsubscribe();
      };
      response.on("close", forget);
      // The client may have gone before the listener was attached.
      if (response.destroyed) forget();
    },
  );
};

/**
 * The streams open on this process, in opening order, also grouped by session and by user so
 * the caps above find the oldest of each at once.
 */
class OpenStreams implements Iterable<EventStream> {
  readonly #all = new Set<EventStream>();
  readonly #bySession = new Map<string, Set<EventStream>>();
  readonly #byUser = new Map<string, Set<EventStream>>();

  get size(): number {
    return this.#all.size;
  }

  [Symbol.iterator](): Iterator<EventStream> {
    return this.#all[Symbol.iterator]();
  }

  sessionIds(): string[] {
    return [...this.#bySession.keys()];
  }

  /** Adds `stream`, first ending the oldest streams of its session and user that are over a cap. */
  add(stream: EventStream): void {
    this.#endOldest(this.#bySession.get(stream.sessionId), MAX_STREAMS_PER_SESSION - 1);
    this.#endOldest(this.#byUser.get(stream.userId), MAX_STREAMS_PER_USER - 1);
    this.#all.add(stream);
    group(this.#bySession, stream.sessionId).add(stream);
    group(this.#byUser, stream.userId).add(stream);
  }

  delete(stream: EventStream): void {
    this.#all.delete(stream);
    ungroup(this.#bySession, stream.sessionId, stream);
    ungroup(this.#byUser, stream.userId, stream);
  }

  /**
   * Ends the oldest of `streams` (a Set keeps insertion order) until at most `keep` remain.
   * They are forgotten at once rather than when their sockets close, so they no longer count.
   */
  #endOldest(streams: Set<EventStream> | undefined, keep: number): void {
    for (const stream of [...(streams ?? [])].slice(0, Math.max(0, (streams?.size ?? 0) - keep))) {
      stream.end();
      this.delete(stream);
    }
  }
}

function group(groups: Map<string, Set<EventStream>>, key: string): Set<EventStream> {
  let streams = groups.get(key);
  if (!streams) {
    streams = new Set();
    groups.set(key, streams);
  }
  return streams;
}

function ungroup(groups: Map<string, Set<EventStream>>, key: string, stream: EventStream): void {
  const streams = groups.get(key);
  streams?.delete(stream);
  if (streams?.size === 0) groups.delete(key);
}

/** Which of `ids` are sessions that still exist and have not expired. */
async function liveSessionIds(db: Executor, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: session.id })
    .from(session)
    .where(and(inArray(session.id, ids), gt(session.expiresAt, new Date())));
  return new Set(rows.map((row) => row.id));
}
