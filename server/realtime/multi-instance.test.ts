import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "#server/test/database.ts";
import { EventStreamReader } from "#server/test/event-stream.ts";
import {
  callOverHttp,
  randomAuthSecret,
  SERVER_STARTUP_TIMEOUT_MS,
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
} from "#server/test/server-process.ts";

/** The promise of the realtime design: an event reaches another instance's stream within this. */
const CROSS_INSTANCE_MS = 1_000;

// Two server processes share one database only on PostgreSQL: PGlite lives inside one process.
describe.skipIf(process.env.TEST_DB !== "postgres")(
  "realtime across two server processes (PostgreSQL only: PGlite cannot be shared)",
  () => {
    let database: ScratchDatabase | undefined;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      database = await createScratchDatabase("tasted_realtime");
      // The same secret, so a session made on one instance is good on the other.
      const options = { databaseUrl: database.url, authSecret: randomAuthSecret() };
      // One at a time: the first applies the migrations.
      servers.push(await startServerProcess(options));
      servers.push(await startServerProcess(options));
      // Room for two start-ups at their full limit each on a loaded machine, beyond the
      // suite's 60 s for hooks that start nothing.
    }, 3 * SERVER_STARTUP_TIMEOUT_MS);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.drop();
    });

    it("a like on instance A reaches the author's stream on instance B", async () => {
      const [a, b] = servers;
      if (!a || !b) throw new Error("both servers must have started");
      const fan = await signUpOverHttp(a, "fan");
      const author = await signUpOverHttp(a, "author");
      const created = await callOverHttp(a, "POST", "/api/posts", author, { title: "Dumplings" });
      const post = (await created.json()) as { id: string };
      const stream = await EventStreamReader.open(`${b.url}/api/events`, {
        cookie: author.cookie,
      });
      try {
        expect(stream.response.statusCode).toBe(200);
        await stream.waitForOpen(CROSS_INSTANCE_MS);

        const liked = Date.now();
        await callOverHttp(a, "PUT", `/api/posts/${post.id}/like`, fan);
        await stream.waitForMessages(1, CROSS_INSTANCE_MS);

        expect(Date.now() - liked).toBeLessThan(CROSS_INSTANCE_MS);
        expect(stream.events).toEqual([{ type: "notification" }]);
      } finally {
        stream.close();
      }
    });

    it("a sign-out on instance A ends the session on instance B within a second", async () => {
      const [a, b] = servers;
      if (!a || !b) throw new Error("both servers must have started");
      const person = await signUpOverHttp(a, "leaver");
      // What /api/me answers on B (callOverHttp would throw on the 401).
      const meOnB = async () =>
        (await fetch(`${b.url}/api/me`, { headers: { cookie: person.cookie } })).status;
      // B reads the session and, since ADR 0024, remembers it for a few seconds.
      expect(await meOnB()).toBe(200);
      expect(await meOnB()).toBe(200);

      const signedOut = await callOverHttp(a, "POST", "/api/auth/sign-out", person, {});
      expect(signedOut.status).toBe(200);
      const after = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - after < CROSS_INSTANCE_MS) {
        status = await meOnB();
      }
      expect(status).toBe(401);
    });
  },
);
