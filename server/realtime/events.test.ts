import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { REALTIME_MESSAGE_EVENT, type RealtimeEvent } from "#domain/realtime.ts";
import type { AppConfig } from "#server/config.ts";
import { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER } from "#server/realtime/events.routes.ts";
import { useTestApp } from "#server/test/app.ts";
import { cookieFrom, signInByEmail, signUpByEmail } from "#server/test/auth-helpers.ts";
import { EventStreamReader } from "#server/test/event-stream.ts";
import { createPost } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

/** Long enough for a loaded CI machine; a working stream answers in milliseconds. */
const ARRIVAL_MS = 5_000;

const streams: EventStreamReader[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

/** The real app listening on a free loopback port: streaming needs a socket. */
async function listening(
  overrides: Partial<AppConfig> = {},
): Promise<{ app: FastifyInstance; base: string }> {
  const { app } = await testApp.start(overrides);
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, base };
}

async function openStream(base: string, cookie: string): Promise<EventStreamReader> {
  const stream = await EventStreamReader.open(`${base}/api/events`, {
    cookie,
    "accept-encoding": "br, gzip",
  });
  streams.push(stream);
  expect(stream.response.statusCode).toBe(200);
  await stream.waitForOpen(ARRIVAL_MS);
  return stream;
}

describe("GET /api/events", () => {
  it("answers visitors 401 with the usual JSON error", async () => {
    const { app } = await testApp.start();
    const response = await request(app, "GET", "/api/events");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.objectContaining({ code: "UNAUTHORIZED" }) });
  });

  it("streams uncompressed at once, with the security headers and a reconnect delay", async () => {
    const { app, base } = await listening();
    const me = await signUpByEmail(app);
    const stream = await openStream(base, me.cookie);

    const headers = stream.response.headers;
    expect(headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(headers["cache-control"]).toBe("no-cache, no-transform");
    expect(headers["x-accel-buffering"]).toBe("no");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(stream.text).toMatch(/^retry: 2000\n:[^\n]*\n\n/);
  });

  it("delivers a user's events to that user's streams only", async () => {
    const { app, base } = await listening();
    const ann = await signUpByEmail(app);
    const bob = await signUpByEmail(app);
    const annStream = await openStream(base, ann.cookie);
    const bobStream = await openStream(base, bob.cookie);
    const forBob: RealtimeEvent = {
      type: "follow",
      followerId: ann.userId,
      followingId: bob.userId,
    };
    const forAnn: RealtimeEvent = { type: "notification" };
    const againForBob: RealtimeEvent = { type: "item-deleted", kind: "post", id: "p1" };

    // Published in this order on one process, a leak of Bob's first event would reach Ann's
    // stream before her own.
    await app.events.publish(bob.userId, forBob);
    await app.events.publish(ann.userId, forAnn);
    await app.events.publish(bob.userId, againForBob);

    await annStream.waitForMessages(1, ARRIVAL_MS);
    await bobStream.waitForMessages(2, ARRIVAL_MS);
    expect(annStream.events).toEqual([forAnn]);
    expect(bobStream.events).toEqual([forBob, againForBob]);
    expect(bobStream.messages.map(({ event, id }) => ({ event, id }))).toEqual([
      { event: REALTIME_MESSAGE_EVENT, id: "1" },
      { event: REALTIME_MESSAGE_EVENT, id: "2" },
    ]);
  });

  it("tells every open stream of the author when someone likes their post", async () => {
    const { app, base } = await listening();
    const author = await signUpByEmail(app);
    const fan = await signUpByEmail(app);
    const post = await createPost(testApp.db, { userId: author.userId });
    const phone = await openStream(base, author.cookie);
    const laptop = await openStream(base, author.cookie);
    const fanStream = await openStream(base, fan.cookie);

    const liked = await request(app, "PUT", `/api/posts/${post.id}/like`, { cookie: fan.cookie });
    expect(liked.statusCode, liked.body).toBe(200);

    for (const stream of [phone, laptop]) {
      expect(await stream.waitForMessages(1, ARRIVAL_MS)).toHaveLength(1);
      expect(stream.events).toEqual([{ type: "notification" }]);
    }
    expect(fanStream.messages).toEqual([]);
  });

  it("ends a stream once its session is signed out, and only that stream", async () => {
    const { app, base } = await listening({ realtimeHeartbeatSeconds: 1 });
    const me = await signUpByEmail(app);
    const laptopCookie = cookieFrom(await signInByEmail(app, me.email, me.password));
    const phone = await openStream(base, me.cookie);
    const laptop = await openStream(base, laptopCookie);

    const signedOut = await request(app, "POST", "/api/auth/sign-out", {
      cookie: me.cookie,
      body: {},
    });
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    // Within a beat or two (one second each here).
    await Promise.race([
      phone.ended,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error("the signed-out stream stayed open")), ARRIVAL_MS),
      ),
    ]);
    // The other session's stream lives on: it was told the person's sessions changed (its
    // Settings list refetches) and still gets events after a few more beats.
    expect(await laptop.waitForMessages(1, ARRIVAL_MS)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const fan = await signUpByEmail(app);
    const post = await createPost(app.database.db, { userId: me.userId });
    await request(app, "PUT", `/api/posts/${post.id}/like`, { cookie: fan.cookie });
    await laptop.waitForMessages(2, ARRIVAL_MS);
    expect(laptop.events).toEqual([{ type: "sessions" }, { type: "notification" }]);
  });

  it("keeps at most 5 streams per session and 20 per person, ending the oldest for a new one", async () => {
    const { app, base } = await listening();
    const me = await signUpByEmail(app);
    const cookies = [me.cookie];
    for (let i = 1; i < 5; i += 1) {
      cookies.push(cookieFrom(await signInByEmail(app, me.email, me.password)));
    }
    const [first, ...others] = cookies as [string, ...string[]];

    // A sixth stream of one session ends that session's first.
    const firstSession: EventStreamReader[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i += 1) {
      firstSession.push(await openStream(base, first));
    }
    const sixth = await openStream(base, first);
    await firstSession[0]?.ended;

    // The person's other sessions fill up to 20 streams; the 21st ends their oldest, which is
    // now the first session's second stream.
    const perPerson: EventStreamReader[] = [...firstSession.slice(1), sixth];
    for (const cookie of others.slice(0, 3)) {
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i += 1) {
        perPerson.push(await openStream(base, cookie));
      }
    }
    expect(perPerson).toHaveLength(MAX_STREAMS_PER_USER);
    const newest = await openStream(base, others[3] as string);
    await perPerson[0]?.ended;

    // Every other stream still delivers.
    await app.events.publish(me.userId, { type: "notification" });
    for (const stream of [...perPerson.slice(1), newest]) {
      await stream.waitForMessages(1, ARRIVAL_MS);
    }
    expect(newest.events).toEqual([{ type: "notification" }]);
  });

  it("ends every open stream when the app closes, without waiting for them", async () => {
    const { app, base } = await listening();
    const me = await signUpByEmail(app);
    const stream = await openStream(base, me.cookie);

    // An event stream never ends by itself: a close that waited for it would never return.
    await app.close();
    await stream.ended;
  });

  // PGlite lives in this process: there is no connection to lose.
  it.runIf(process.env.TEST_DB === "postgres")(
    "ends open streams once its lost database listener is back, so clients refetch, then delivers again",
    async () => {
      const { app, base } = await listening();
      const me = await signUpByEmail(app);
      const before = await openStream(base, me.cookie);

      // What a PostgreSQL restart does to the listening connection.
      const terminated = await app.database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query = 'listen tasted_events'`);
      expect(terminated.rows).toHaveLength(1);

      await before.ended;
      const after = await openStream(base, me.cookie);
      await app.events.publish(me.userId, { type: "notification" });
      await after.waitForMessages(1, ARRIVAL_MS);
      expect(after.events).toEqual([{ type: "notification" }]);
    },
  );
});
