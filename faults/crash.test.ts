// The server is killed (SIGKILL, as a crash or the OOM killer would) in the middle of a stream
// of writes. After a restart on the same data, every write the server acknowledged is there,
// nothing is half-made, every counter equals the rows it counts, and no photo file is left
// that no row names. On the embedded database and on PostgreSQL.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { reviews } from "#server/db/schema/reviews.ts";
import { comments, likes } from "#server/db/schema/social.ts";
import {
  type HttpUser,
  randomAuthSecret,
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
  uploadPhotoOverHttp,
} from "#server/test/server-process.ts";
import { syntheticPhoto } from "../scripts/bench/generator/photos.ts";
import {
  dishReviewsWithoutPhotos,
  itemsWithWrongCounters,
  missingFiles,
  orphanedFiles,
} from "./support/integrity.ts";
import {
  canStartPrivatePostgres,
  type PrivatePostgres,
  startPrivatePostgres,
} from "./support/private-postgres.ts";

/**
 * Writes go on until this many reviews, likes and comments are acknowledged (however slow a busy
 * machine makes them), then up to a second more, so the kill lands at a different point each run.
 */
const ACKNOWLEDGED_BEFORE_KILL = 3;
const LIKERS = 3;

interface Acknowledged {
  reviews: string[];
  likes: { userId: string; reviewId: string }[];
  comments: string[];
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function send(
  server: ServerProcess,
  user: HttpUser,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${server.url}${pathname}`, {
    method,
    headers: {
      origin: server.url,
      cookie: user.cookie,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Posts dish reviews with a photo, likes and comments from several people until stopped. */
function writeUntilStopped(server: ServerProcess, author: HttpUser, likers: HttpUser[]) {
  const acknowledged: Acknowledged = { reviews: [], likes: [], comments: [] };
  let running = true;
  const writer = async () => {
    for (let index = 0; running; index++) {
      try {
        const uploadId = await uploadPhotoOverHttp(
          server,
          author,
          await syntheticPhoto(320, 240, index),
        );
        const response = await send(server, author, "POST", "/api/reviews", {
          reviewType: "dish",
          restaurant: { name: "Crash Test Kitchen", address: "1 Fault Line, Springfield" },
          title: `Dish ${index}`,
          rating: 1 + (index % 5),
          images: [{ uploadId }],
        });
        if (response.status === 201) {
          acknowledged.reviews.push(((await response.json()) as { id: string }).id);
        }
      } catch {
        // The server died mid-request: not acknowledged, so either outcome is allowed.
      }
    }
  };
  const liker = async (user: HttpUser) => {
    for (let index = 0; running; index++) {
      const reviewId = acknowledged.reviews.at(-1 - (index % 3));
      if (!reviewId) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      try {
        const liked = await send(server, user, "PUT", `/api/reviews/${reviewId}/like`);
        if (liked.status === 200) acknowledged.likes.push({ userId: user.userId, reviewId });
        const commented = await send(server, user, "POST", `/api/reviews/${reviewId}/comments`, {
          content: `Comment ${index}`,
        });
        if (commented.status === 201) {
          acknowledged.comments.push(((await commented.json()) as { id: string }).id);
        }
      } catch {
        // As above.
      }
    }
  };
  const work = Promise.all([writer(), ...likers.map(liker)]);
  return {
    acknowledged,
    async untilAcknowledged(count: number) {
      const { reviews, likes, comments } = acknowledged;
      while (Math.min(reviews.length, likes.length, comments.length) < count) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      running = false;
      await work;
    },
  };
}

async function setUp(kind: "pglite" | "postgres") {
  let postgres: PrivatePostgres | undefined;
  if (kind === "postgres") {
    postgres = await startPrivatePostgres();
    cleanups.push(() => postgres?.destroy() ?? Promise.resolve());
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "tasted-crash-"));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const options = { dataDir, authSecret: randomAuthSecret(), databaseUrl: postgres?.url };
  const start = async () => {
    const server = await startServerProcess(options);
    cleanups.push(() => server.stop());
    return server;
  };
  return { dataDir, databaseUrl: postgres?.url, start };
}

const databases = canStartPrivatePostgres
  ? (["pglite", "postgres"] as const)
  : (["pglite"] as const);

describe.each(databases)("kill -9 during writes on %s", (kind) => {
  test("every acknowledged write survives, none is half-made, counters and files agree", async () => {
    const { dataDir, databaseUrl, start } = await setUp(kind);
    let server = await start();
    const author = await signUpOverHttp(server, "crash-author");
    const likers = await Promise.all(
      Array.from({ length: LIKERS }, (_, index) => signUpOverHttp(server, `crash-liker-${index}`)),
    );

    const writes = writeUntilStopped(server, author, likers);
    await writes.untilAcknowledged(ACKNOWLEDGED_BEFORE_KILL);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 1_000));
    await server.kill();
    await writes.stop();
    const { acknowledged } = writes;

    // Back on the same data: the acknowledged reviews are served with their photos.
    server = await start();
    for (const id of acknowledged.reviews) {
      const response = await send(server, author, "GET", `/api/reviews/${id}`);
      expect(response.status, `review ${id}`).toBe(200);
      const review = (await response.json()) as { images: { url480: string; url1280: string }[] };
      expect(review.images.length).toBe(1);
      for (const url of [review.images[0]?.url480, review.images[0]?.url1280]) {
        const image = await fetch(`${server.url}${url}`);
        expect(image.status, url).toBe(200);
        expect(image.headers.get("content-type")).toBe("image/webp");
      }
    }
    await server.stop();

    // The rows themselves, read straight from the database the server left.
    const database = await openDatabase({ databaseUrl, dataDir });
    try {
      const { db } = database;
      const storedReviews = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(inArray(reviews.id, acknowledged.reviews));
      expect(storedReviews.length).toBe(acknowledged.reviews.length);
      for (const like of acknowledged.likes) {
        const found = await db
          .select({ userId: likes.userId })
          .from(likes)
          .where(and(eq(likes.userId, like.userId), eq(likes.reviewId, like.reviewId)));
        expect(found.length, `like of ${like.reviewId} by ${like.userId}`).toBe(1);
      }
      const storedComments = await db
        .select({ id: comments.id })
        .from(comments)
        .where(inArray(comments.id, acknowledged.comments));
      expect(storedComments.length).toBe(acknowledged.comments.length);

      expect(await itemsWithWrongCounters(db), "counters that differ from their rows").toEqual([]);
      expect(await dishReviewsWithoutPhotos(db), "dish reviews without a photo").toEqual([]);
      expect(await missingFiles(db, dataDir), "photos whose files are missing").toEqual([]);
      expect(await orphanedFiles(db, dataDir), "files no row names").toEqual([]);
    } finally {
      await database.close();
    }
  });
});
