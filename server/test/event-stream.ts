// Reading `GET /api/events` over real HTTP the way a browser's EventSource does, reduced to what
// tests and the bench need (app.inject cannot stream). node:http rather than fetch: after an
// aborted body, fetch opens a spare connection that a closing server would wait for.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { RealtimeEvent } from "#domain/realtime.ts";
import type { EventBus } from "#server/realtime/event-bus.ts";

/** One Server-Sent Events message: its fields as received. */
export interface StreamMessage {
  event: string | undefined;
  id: string | undefined;
  data: string;
}

export class EventStreamReader {
  /** Every message received so far, in order (comments and the `retry:` block not counted). */
  readonly messages: StreamMessage[] = [];
  /** Every byte received so far, as text. */
  text = "";
  /** Resolves when the server ended the stream or the connection broke. */
  readonly ended: Promise<void>;
  readonly #waiters = new Set<() => void>();
  #isEnded = false;

  private constructor(
    private readonly request: http.ClientRequest,
    readonly response: http.IncomingMessage,
  ) {
    this.ended = this.#read().finally(() => {
      this.#isEnded = true;
      for (const wake of this.#waiters) wake();
    });
  }

  /**
   * Opens the stream and waits for the response headers. The body is read in the background;
   * a response that is not a stream (401) is returned all the same, for the caller to check.
   */
  static open(url: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
    return new Promise((resolve, reject) => {
      // A connection of its own, as a browser's stream has: the default agent would cap them.
      const request = http.get(url, { headers, agent: false }, (response) =>
        resolve(new EventStreamReader(request, response)),
      );
      request.on("error", reject);
    });
  }

  /** The realtime events received so far. */
  get events(): RealtimeEvent[] {
    return this.messages.map((message) => JSON.parse(message.data) as RealtimeEvent);
  }

  /** Waits until `count` messages arrived; rejects after `timeoutMs` or when the stream ends. */
  async waitForMessages(count: number, timeoutMs: number): Promise<StreamMessage[]> {
    await this.#waitUntil(() => this.messages.length >= count, timeoutMs, `${count} message(s)`);
    return this.messages;
  }

  /** Waits until the first block (the `retry:` line and a comment) arrived. */
  async waitForOpen(timeoutMs: number): Promise<void> {
    await this.#waitUntil(() => this.text.includes("\n\n"), timeoutMs, "the opening block");
  }

  /** Hangs up, as a closed tab does. */
  close(): void {
    this.request.destroy();
  }

  #waitUntil(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (done()) finish();
        else if (this.#isEnded) finish(new Error(`the stream ended before ${what} arrived`));
      };
      const timer = setTimeout(
        () => finish(new Error(`${what} did not arrive within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.#waiters.delete(check);
        if (error) reject(error);
        else resolve();
      };
      this.#waiters.add(check);
      check();
    });
  }

  async #read(): Promise<void> {
    this.response.setEncoding("utf8");
    let pending = "";
    try {
      for await (const text of this.response as AsyncIterable<string>) {
        this.text += text;
        pending += text;
        let boundary = pending.indexOf("\n\n");
        while (boundary !== -1) {
          const message = parseBlock(pending.slice(0, boundary));
          if (message) this.messages.push(message);
          pending = pending.slice(boundary + 2);
          boundary = pending.indexOf("\n\n");
        }
        for (const wake of this.#waiters) wake();
      }
    } catch {
      // Closed by close(), or the connection broke: either way the stream has ended.
    }
  }
}

/** A block with a `data:` field is a message; comments and `retry:` alone are not. */
function parseBlock(block: string): StreamMessage | undefined {
  let event: string | undefined;
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const separator = line.indexOf(":");
    const field = separator === -1 ? line : line.slice(0, separator);
    const value = separator === -1 ? "" : line.slice(separator + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "id") id = value;
    else if (field === "data") data.push(value);
  }
  return data.length > 0 ? { event, id, data: data.join("\n") } : undefined;
}

/**
 * Every event the bus delivers to `userId` from now on, in order: a test's view of what the
 * user's open streams would receive, without opening one.
 */
export function recordBusEvents(events: EventBus, userId: string): RealtimeEvent[] {
  const received: RealtimeEvent[] = [];
  events.subscribe(userId, { deliver: (event) => received.push(event), end: () => {} });
  return received;
}

/**
 * Resolves once the bus has delivered every event published before the call. On PostgreSQL
 * events travel through NOTIFY and arrive a moment after the request that caused them; one
 * LISTEN connection receives notifications in commit order, so when a marker published now
 * arrives, everything published earlier has arrived too.
 */
export async function busSettled(events: EventBus, timeoutMs = 5_000): Promise<void> {
  const markerUserId = `bus-marker-${randomUUID()}`;
  let unsubscribe = () => {};
  const arrived = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the event bus delivered nothing")), timeoutMs);
    unsubscribe = events.subscribe(markerUserId, {
      deliver: () => {
        clearTimeout(timer);
        resolve();
      },
      end: () => {},
    });
  });
  try {
    await events.publish(markerUserId, { type: "notification" });
    await arrived;
  } finally {
    unsubscribe();
  }
}
