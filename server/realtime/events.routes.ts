import type { ServerResponse } from "node:http";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "#domain/api-error.ts";
import { REALTIME_MESSAGE_EVENT, type RealtimeEvent } from "#domain/realtime.ts";
import { currentUser, requireUser } from "#server/auth/session.ts";
import type { RealtimeSubscriber } from "./event-bus.ts";

/** How long a client waits before reconnecting a dropped stream (the SSE `retry:` field). */
const RECONNECT_DELAY_MS = 2_000;
/** Proxies and load balancers close connections idle for a minute or so; a comment keeps ours busy. */
const HEARTBEAT_INTERVAL_MS = 25_000;
/**
 * A client this far behind (bytes queued in the socket) is cut off rather than buffered for: it
 * reconnects and refetches, which costs less than holding its backlog.
 */
const MAX_QUEUED_BYTES = 64 * 1024;

/** One open `GET /api/events` response. */
class EventStream implements RealtimeSubscriber {
  #lastId = 0;

  constructor(private readonly response: ServerResponse) {}

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
  const open = new Set<EventStream>();
  const heartbeat = setInterval(() => {
    for (const stream of open) stream.comment("heartbeat");
  }, HEARTBEAT_INTERVAL_MS);
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
        response: { 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
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
      const stream = new EventStream(response);
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
