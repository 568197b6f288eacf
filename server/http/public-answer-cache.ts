import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Answers everyone gets alike (a visitor's first feed page: every landing visit and every
 * visitor's feed asks for it), kept for a moment as the bytes that are sent: serialized once
 * and compressed once per encoding, instead of per request. Any successful write through this
 * process drops them all, so a person never reads an answer older than their own write; another
 * process's write shows within PUBLIC_ANSWER_TTL_MS. A kept answer is also what visitors get
 * in the first moment of a database outage, until it expires (then 503 as for every read).
 */

/** How long a kept answer is sent: a second, below what anyone would notice as stale. */
export const PUBLIC_ANSWER_TTL_MS = 1_000;

/** Methods that change nothing. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

type Encoding = "br" | "gzip" | "identity";

interface Answer {
  expiresAt: number;
  /** The serialized JSON, as bytes. */
  json: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
}

const ENCODE: Record<Encoding, (json: Buffer) => Buffer> = {
  // Compressed once for many readers: a higher brotli quality than per-request compression's 4.
  br: (json) =>
    brotliCompressSync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (json) => gzipSync(json),
  identity: (json) => json,
};

/** The best encoding the client takes (brotli, then gzip), by Accept-Encoding; q=0 refuses. */
function pickEncoding(header: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

export class PublicAnswerCache {
  readonly #ttlMs: number;
  readonly #now: () => number;
  /** Answers kept or being made; a drop removes those being made too (they are sent, not kept). */
  readonly #answers = new Map<string, Promise<Answer>>();

  constructor(ttlMs: number, now: () => number = Date.now) {
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  /** Forgets every answer (a write may have changed any of them). */
  drop(): void {
    this.#answers.clear();
  }

  /**
   * Sends the answer kept under `key`, or makes it with `make` (its result serialized by the
   * route's own response schema, so the bytes are those the route would send) and keeps it.
   * Concurrent requests for a missing answer share one `make`.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    make: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    let answer = this.#answers.get(key);
    if (answer) {
      const kept = await answer.catch(() => undefined);
      if (!kept || kept.expiresAt <= this.#now()) answer = undefined;
    }
    if (!answer) {
      const made = make().then((payload): Answer => {
        const serialized = reply.serialize(payload);
        return {
          expiresAt: this.#now() + this.#ttlMs,
          json:
            typeof serialized === "string"
              ? Buffer.from(serialized)
              : Buffer.from(serialized as ArrayBuffer),
          encoded: {},
        };
      });
      this.#answers.set(key, made);
      // A failed make is not kept: the next request tries again.
      made.catch(() => {
        if (this.#answers.get(key) === made) this.#answers.delete(key);
      });
      answer = made;
    }
    const ready = await answer;
    const encoding = pickEncoding(request.headers["accept-encoding"]);
    ready.encoded[encoding] ??= ENCODE[encoding](ready.json);
    const bytes = ready.encoded[encoding];
    reply.header("vary", "accept-encoding").type("application/json; charset=utf-8");
    if (encoding !== "identity") reply.header("content-encoding", encoding);
    return reply.send(bytes);
  }
}

/** Gives the app its `publicAnswers`, dropped after every successful write. */
export function registerPublicAnswers(app: FastifyInstance): void {
  const cache = new PublicAnswerCache(PUBLIC_ANSWER_TTL_MS, () => app.clock().getTime());
  app.decorate("publicAnswers", cache);
  // A write that succeeded may change what any kept answer says (a review, a like count, a
  // name, a hidden item); dropped before its answer leaves, so the writer's next read is new.
  // A refused or failed write changed nothing.
  app.addHook("onSend", async (request, reply, payload) => {
    if (!READS.has(request.method) && reply.statusCode < 400) cache.drop();
    return payload;
  });
}
