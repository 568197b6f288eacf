import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors.ts";

/** A client turned away during a restart tries again after this many seconds. */
const RETRY_AFTER_SECONDS = 2;

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Starts turning requests away (see refuseRequestsWhileClosing) while still listening, for
     * `ms`, so that clients on open keep-alive connections get a clean 503 and move to a new
     * connection before the server closes the connections left idle. Then call close().
     */
    drainConnections(ms: number): Promise<void>;
  }
}

/**
 * Once the server is closing (SIGTERM: a deploy, a scale-down), every request that still
 * reaches it gets the API's 503 at once, and every answer, the 503s and those of requests
 * already being handled (which finish), carries `Connection: close`, so the client's next try
 * opens a new connection, to the process taking over. Registered before every other plugin,
 * so its preClose hook runs first.
 */
export function refuseRequestsWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.decorate("drainConnections", async (ms: number) => {
    closing = true;
    await sleep(ms);
  });
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async (_request, reply) => {
    if (!closing) return;
    return reply
      .status(503)
      .header("retry-after", String(RETRY_AFTER_SECONDS))
      .send(errorBody("SHUTTING_DOWN", "Tasted is restarting. Please try again in a moment."));
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });
}
