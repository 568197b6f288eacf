import { createHmac } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { type DataExportDto, dataExportMessages } from "#domain/data-export.ts";
import { dataExports } from "#server/db/schema/account-data.ts";
import { user } from "#server/db/schema/auth.ts";
import { forYouDismissals } from "#server/db/schema/for-you.ts";
import { listEntries, lists } from "#server/db/schema/lists.ts";
import { userBlocks, userMutes } from "#server/db/schema/safety.ts";
import { wantToTry } from "#server/db/schema/want-to-try.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor, signUpWithProfile } from "#server/test/auth-helpers.ts";
import { postDishReview, testJpeg, uploadImage } from "#server/test/content-helpers.ts";
import {
  createComment,
  createFollow,
  createLike,
  createRestaurant,
  createUser,
} from "#server/test/factories.ts";
import { multipart } from "#server/test/multipart.ts";
import { request } from "#server/test/request.ts";
import { readZip } from "#server/test/zip.ts";

const testApp = useTestApp();

/** Where the test app's disk storage keeps public uploads and private files. */
const DATA_DIR = "/tmp/tasted-api-tests";
const uploadedFile = (url: string) => path.join(DATA_DIR, url.replace(/^\/uploads\//, "uploads/"));
const originalOf = (url1280: string) => url1280.replace(/-1280\.webp$/, "-original.jpg");

const json = (files: Map<string, Buffer>, name: string) => {
  const file = files.get(name);
  if (!file) throw new Error(`${name} is not in the zip`);
  return JSON.parse(file.toString("utf8"));
};

async function latest(app: FastifyInstance, cookie: string): Promise<DataExportDto | null> {
  const response = await request(app, "GET", "/api/exports/latest", { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().export;
}

/** Polls GET /api/exports/latest, as the settings section does, until the export is done. */
async function waitUntilDone(app: FastifyInstance, cookie: string): Promise<DataExportDto> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const current = await latest(app, cookie);
    if (current && (current.status === "ready" || current.status === "failed")) return current;
    if (Date.now() > deadline) throw new Error(`export still ${current?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The path and query of a download link (the app is called by inject, not over the network). */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** A link signed by hand the way the server documents it: HMAC-SHA256 of purpose, id, expiry. */
function signedPath(app: FastifyInstance, id: string, expires: number): string {
  const signature = createHmac("sha256", app.config.authSecret)
    .update(`data-export\n${id}\n${expires}`)
    .digest("hex");
  return `/api/exports/${id}/download?expires=${expires}&signature=${signature}`;
}

describe("data export", () => {
  it("zips exactly the person's data and original photos, reachable through a signed link", async () => {
    const { app, email } = await testApp.start();
    const db = app.database.db;
    const alice = await signUpWithProfile(app, { username: "alice_export" });

    // Photos through the real pipeline, larger than the 1280 variant so the original differs.
    const review = await postDishReview(app, alice.cookie, {
      title: "Alice's ramen",
      rating: 4,
      description: "Rich broth",
    });
    const upload = await uploadImage(
      app,
      alice.cookie,
      await testJpeg({ width: 1600, height: 1200 }),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.body).not.toContain("-original.jpg");
    const postResponse = await request(app, "POST", "/api/posts", {
      cookie: alice.cookie,
      body: {
        title: "Night market",
        content: "Noodles everywhere",
        images: [{ uploadId: upload.json().id, alt: "Stalls" }],
      },
    });
    expect(postResponse.statusCode, postResponse.body).toBe(201);
    const post = postResponse.json();
    const dealUpload = await uploadImage(app, alice.cookie, await testJpeg());
    const dealResponse = await request(app, "POST", "/api/deals", {
      cookie: alice.cookie,
      body: {
        restaurant: { name: "Corner Tap" },
        title: "Half-price oysters",
        schedule: { kind: "weekly", days: [1, 5], from: "22:00", to: "01:30" },
        timeZone: "Europe/Lisbon",
        images: [{ uploadId: dealUpload.json().id }],
      },
    });
    expect(dealResponse.statusCode, dealResponse.body).toBe(201);
    const deal = dealResponse.json();
    const avatar = multipart([
      { field: "file", filename: "me.jpg", contentType: "image/jpeg", data: await testJpeg() },
    ]);
    const avatarResponse = await request(app, "POST", "/api/profile/avatar", {
      cookie: alice.cookie,
      body: avatar.payload,
      headers: avatar.headers,
    });
    expect(avatarResponse.statusCode, avatarResponse.body).toBe(200);
    const avatarUrl: string = avatarResponse.json().avatarUrl;
    expect(
      (
        await request(app, "PUT", "/api/profile", {
          cookie: alice.cookie,
          body: {
            firstName: "Test",
            lastName: "User",
            username: "alice_export",
            avatarUrl,
            bio: "Noodle hunter",
          },
        })
      ).statusCode,
    ).toBe(200);

    // Bob: his own review (with a photo), a comment on Alice's review, follows both ways.
    const bob = await createUser(db, { username: "bob_other" });
    const bobCookie = await sessionCookieFor(app, bob.id);
    // A photo of his own, unlike any of Alice's.
    const bobUpload = await uploadImage(app, bobCookie, await testJpeg({ width: 90, height: 70 }));
    const bobReview = await postDishReview(app, bobCookie, {
      title: "Bob's secret dumplings",
      images: [{ uploadId: bobUpload.json().id }],
    });
    await createComment(db, { userId: bob.id, reviewId: review.id, content: "Bob was here" });
    await createComment(db, { userId: alice.userId, reviewId: bobReview.id, content: "Yum!" });
    await createComment(db, { userId: alice.userId, postId: post.id, content: "Go early" });
    await createLike(db, "review", bobReview.id, alice.userId);
    await createLike(db, "review", review.id, bob.id);
    await createFollow(db, alice.userId, bob.id);
    await createFollow(db, bob.id, alice.userId);
    const carol = await createUser(db, { username: "carol_blocked" });
    const dave = await createUser(db, { username: "dave_muted" });
    await db.insert(userBlocks).values({ blockerId: alice.userId, blockedId: carol.id });
    await db.insert(userMutes).values({ muterId: alice.userId, mutedId: dave.id });
    await db.insert(userBlocks).values({ blockerId: dave.id, blockedId: alice.userId });
    const place = await createRestaurant(db, { name: "Sushi Place" });
    const [list] = await db
      .insert(lists)
      .values({
        ownerId: alice.userId,
        name: "Date night",
        visibility: "private",
        shareKey: "k-alice",
      })
      .returning();
    if (!list) throw new Error("no list");
    await db.insert(listEntries).values([
      { listId: list.id, position: 0, restaurantId: place.id },
      {
        listId: list.id,
        position: 1,
        restaurantId: bobReview.restaurant.id,
        reviewId: bobReview.id,
      },
    ]);
    await db
      .insert(lists)
      .values({ ownerId: bob.id, name: "Bob's list", visibility: "private", shareKey: "k-bob" });
    await db
      .insert(wantToTry)
      .values({ userId: alice.userId, kind: "restaurant", restaurantId: place.id });
    await db
      .insert(wantToTry)
      .values({ userId: bob.id, kind: "restaurant", restaurantId: place.id });
    await db
      .insert(forYouDismissals)
      .values({ userId: alice.userId, restaurantId: place.id, dishKey: "miso ramen" });
    // Alice follows Sushi Place; Bob's follow of it is not hers.
    for (const cookie of [alice.cookie, bobCookie]) {
      const followed = await request(app, "PUT", `/api/restaurants/${place.id}/follow`, { cookie });
      expect(followed.statusCode, followed.body).toBe(200);
    }

    // Alice confirmed her address; the link is emailed to confirmed addresses only.
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, alice.userId));
    const started = await request(app, "POST", "/api/exports", { cookie: alice.cookie });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: "pending", progress: 0, downloadUrl: null });
    const done = await waitUntilDone(app, alice.cookie);
    expect(done).toMatchObject({ id: started.json().id, status: "ready", progress: 100 });
    expect(done.sizeBytes).toBeGreaterThan(0);
    expect(done.downloadUrl).toMatch(
      /^http:\/\/localhost:3000\/api\/exports\/[0-9a-f-]+\/download\?/,
    );
    const expiresIn = Date.parse(done.expiresAt ?? "") - Date.parse(done.completedAt ?? "");
    expect(expiresIn).toBe(7 * 24 * 60 * 60 * 1000);

    // The link works without a cookie and streams the zip.
    const download = await app.inject({ method: "GET", url: pathOf(done.downloadUrl ?? "") });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/zip");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="tasted-data-${done.createdAt.slice(0, 10)}.zip"`,
    );
    expect(download.headers["cache-control"]).toContain("no-store");
    expect(download.rawPayload.length).toBe(done.sizeBytes);
    const files = await readZip(download.rawPayload);

    const reviewPhoto = `photos/reviews/${review.id}/1.jpg`;
    const postPhoto = `photos/posts/${post.id}/1.jpg`;
    const dealPhoto = `photos/deals/${deal.id}/1.jpg`;
    expect([...files.keys()].sort()).toEqual(
      [
        "README.txt",
        "blocks.json",
        "comments.json",
        dealPhoto,
        "deals.json",
        "follows.json",
        "likes.json",
        "lists.json",
        "mutes.json",
        "not-interested.json",
        "notification-settings.json",
        "photos/avatar.webp",
        postPhoto,
        "posts.json",
        "profile.json",
        reviewPhoto,
        "reviews.json",
        "want-to-try.json",
      ].sort(),
    );

    expect(json(files, "notification-settings.json")).toEqual({
      newFollowers: true,
      commentsAndLikes: true,
      dealsAtFollowed: true,
      emailDigest: "off",
      lastDigestAt: null,
      pushSubscriptions: [],
    });
    const profile = json(files, "profile.json");
    expect(profile).toMatchObject({
      id: alice.userId,
      username: "alice_export",
      firstName: "Test",
      lastName: "User",
      bio: "Noodle hunter",
      avatarUrl,
      avatarFile: "photos/avatar.webp",
    });
    expect(profile.email).toMatch(/@/);

    const reviews = json(files, "reviews.json");
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({
      id: review.id,
      reviewType: "dish",
      title: "Alice's ramen",
      description: "Rich broth",
      rating: 4,
      cost: 15.99,
      visitedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      likeCount: 1,
      commentCount: 1,
      restaurant: { name: "Joe's Diner" },
      photos: [{ file: reviewPhoto, displayOrder: 0 }],
    });
    const posts = json(files, "posts.json");
    expect(posts).toEqual([
      expect.objectContaining({
        id: post.id,
        title: "Night market",
        content: "Noodles everywhere",
        restaurant: null,
        photos: [{ file: postPhoto, alt: "Stalls", displayOrder: 0 }],
      }),
    ]);
    expect(json(files, "deals.json")).toEqual([
      expect.objectContaining({
        id: deal.id,
        title: "Half-price oysters",
        timeZone: "Europe/Lisbon",
        endsAt: null,
        weekDays: 0b10001,
        startsMinute: 1320,
        endsMinute: 90,
        lastDay: null,
        restaurant: expect.objectContaining({ name: "Corner Tap" }),
        photos: [{ file: dealPhoto, alt: null, displayOrder: 0 }],
      }),
    ]);
    const comments = json(files, "comments.json");
    expect(
      comments.map((c: { content: string; itemType: string; itemId: string }) => [
        c.itemType,
        c.itemId,
        c.content,
      ]),
    ).toEqual([
      ["review", bobReview.id, "Yum!"],
      ["post", post.id, "Go early"],
    ]);
    expect(json(files, "likes.json")).toEqual([
      expect.objectContaining({ itemType: "review", itemId: bobReview.id }),
    ]);
    const follows = json(files, "follows.json");
    expect(follows.following.map((p: { username: string }) => p.username)).toEqual(["bob_other"]);
    expect(follows.followers.map((p: { username: string }) => p.username)).toEqual(["bob_other"]);
    expect(follows.restaurants).toEqual([
      {
        restaurant: expect.objectContaining({ id: place.id, name: "Sushi Place" }),
        since: expect.any(String),
      },
    ]);
    const exportedLists = json(files, "lists.json");
    expect(exportedLists.lists).toHaveLength(1);
    expect(exportedLists.lists[0]).toMatchObject({ name: "Date night", visibility: "private" });
    expect(exportedLists.lists[0].entries).toMatchObject([
      { position: 0, reviewId: null, restaurant: { name: "Sushi Place" } },
      { position: 1, reviewId: bobReview.id, reviewTitle: "Bob's secret dumplings" },
    ]);
    expect(exportedLists.following).toEqual([]);
    expect(json(files, "want-to-try.json")).toEqual([
      expect.objectContaining({
        kind: "restaurant",
        restaurant: expect.objectContaining({ name: "Sushi Place" }),
      }),
    ]);
    expect(json(files, "not-interested.json")).toEqual([
      expect.objectContaining({
        dish: "miso ramen",
        restaurant: expect.objectContaining({ name: "Sushi Place" }),
      }),
    ]);
    expect(json(files, "blocks.json").map((p: { username: string }) => p.username)).toEqual([
      "carol_blocked",
    ]);
    expect(json(files, "mutes.json").map((p: { username: string }) => p.username)).toEqual([
      "dave_muted",
    ]);
    const readme = files.get("README.txt")?.toString() ?? "";
    expect(readme).toContain("reviews.json");
    // The addresses it names are the app's own: a review by its type, a post or deal as such.
    expect(readme.match(/\/view\/[^/\s]+\//g)).toEqual([
      "/view/dish/",
      "/view/restaurant/",
      "/view/post/",
      "/view/deal/",
    ]);

    // Each photo is the stored original, byte for byte, at its own resolution.
    const reviewOriginal = readFileSync(uploadedFile(originalOf(review.images[0].url1280)));
    expect(files.get(reviewPhoto)?.equals(reviewOriginal)).toBe(true);
    const postOriginal = readFileSync(uploadedFile(originalOf(upload.json().url1280)));
    expect(files.get(postPhoto)?.equals(postOriginal)).toBe(true);
    const meta = await sharp(postOriginal).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      "jpeg",
      1600,
      1200,
      undefined,
    ]);
    expect(files.get("photos/avatar.webp")?.equals(readFileSync(uploadedFile(avatarUrl)))).toBe(
      true,
    );

    // Nothing of anyone else: Bob's comment on Alice's review, his list, his photo.
    const everything = [...files.values()].map((file) => file.toString("latin1")).join("\n");
    expect(everything).not.toContain("Bob was here");
    expect(everything).not.toContain("Bob's list");
    expect(everything).not.toContain(`${bob.id}@example.com`);
    const bobOriginal = readFileSync(uploadedFile(originalOf(bobReview.images[0].url1280)));
    for (const file of files.values()) expect(file.equals(bobOriginal)).toBe(false);
    // Dave blocked Alice: who blocked her is not her data.
    expect(json(files, "blocks.json")).toHaveLength(1);

    // The owner is emailed the same link.
    const mail = email.lastTo(profile.email);
    expect(mail?.subject).toBe(dataExportMessages.emailSubject);
    expect(email.lastLinkTo(profile.email)).toBe(done.downloadUrl);

    // Someone else never sees it; their own export is another one.
    expect(await latest(app, bobCookie)).toBeNull();
    const bobs = await request(app, "POST", "/api/exports", { cookie: bobCookie });
    expect(bobs.statusCode).toBe(202);
    expect(bobs.json().id).not.toBe(done.id);
    await waitUntilDone(app, bobCookie);
    expect(email.lastTo(`${bob.id}@example.com`)).toBeUndefined();
  });

  it("refuses wrong, foreign and expired links", async () => {
    const { app } = await testApp.start();
    const alice = await signUpWithProfile(app, { username: "alice_links" });
    await postDishReview(app, alice.cookie);
    expect((await request(app, "POST", "/api/exports", { cookie: alice.cookie })).statusCode).toBe(
      202,
    );
    const done = await waitUntilDone(app, alice.cookie);
    const link = new URL(done.downloadUrl ?? "");
    const expires = Number(link.searchParams.get("expires"));

    const status = async (url: string) => (await app.inject({ method: "GET", url })).statusCode;
    expect(await status(signedPath(app, done.id, expires))).toBe(200);
    const signature = link.searchParams.get("signature") ?? "";
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`;
    expect(
      await status(`/api/exports/${done.id}/download?expires=${expires}&signature=${flipped}`),
    ).toBe(404);
    // A later expiry under the old signature, or the signature on another id.
    expect(
      await status(
        `/api/exports/${done.id}/download?expires=${expires + 1}&signature=${signature}`,
      ),
    ).toBe(404);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(
      await status(`/api/exports/${unknown}/download?expires=${expires}&signature=${signature}`),
    ).toBe(404);
    expect(await status(signedPath(app, unknown, expires))).toBe(404);
    expect(await status(`/api/exports/${done.id}/download?expires=x&signature=y`)).toBe(404);

    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await app.inject({ method: "GET", url: signedPath(app, done.id, past) });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      error: { code: "LINK_EXPIRED", message: dataExportMessages.linkExpired },
    });
    expect(
      (await app.inject({ method: "GET", url: `/api/exports/${done.id}/download` })).statusCode,
    ).toBe(400);

    // An export whose file is gone (a restored backup holds none) is not found, never a 500.
    const [row] = await app.database.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.id, done.id));
    await rm(path.join(DATA_DIR, "private", row?.fileKey ?? "missing"));
    expect(await status(signedPath(app, done.id, expires))).toBe(404);
  });

  it("returns the export under way instead of starting a second, and takes over a dead worker's", async () => {
    const { app } = await testApp.start();
    const db = app.database.db;
    const busy = await createUser(db);
    const busyCookie = await sessionCookieFor(app, busy.id);
    const [building] = await db
      .insert(dataExports)
      .values({ userId: busy.id, status: "building", progress: 40, startedAt: sql`now()` })
      .returning();
    const again = await request(app, "POST", "/api/exports", { cookie: busyCookie });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: building?.id, status: "building", progress: 40 });
    // A live worker's build is left alone.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await latest(app, busyCookie)).toMatchObject({ status: "building", progress: 40 });
    expect(await db.$count(dataExports, eq(dataExports.userId, busy.id))).toBe(1);

    const orphan = await createUser(db);
    const orphanCookie = await sessionCookieFor(app, orphan.id);
    const [stale] = await db
      .insert(dataExports)
      .values({
        userId: orphan.id,
        status: "building",
        progress: 70,
        startedAt: sql`now() - interval '11 minutes'`,
      })
      .returning();
    const resumed = await request(app, "POST", "/api/exports", { cookie: orphanCookie });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().id).toBe(stale?.id);
    expect(await waitUntilDone(app, orphanCookie)).toMatchObject({
      id: stale?.id,
      status: "ready",
      progress: 100,
    });
  });

  it("starts one export for two presses at once", async () => {
    const { app } = await testApp.start();
    const person = await createUser(app.database.db);
    const cookie = await sessionCookieFor(app, person.id);
    const answers = await Promise.all([
      request(app, "POST", "/api/exports", { cookie }),
      request(app, "POST", "/api/exports", { cookie }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 202]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    await waitUntilDone(app, cookie);
    expect(await app.database.db.$count(dataExports, eq(dataExports.userId, person.id))).toBe(1);
  });

  it("marks a build that cannot be written failed, and a new one works once it can", async () => {
    // A data directory where the build's temporary directory cannot be made (a file is there).
    const dataDir = await mkdtemp(path.join(tmpdir(), "tasted-export-fault-"));
    const blocker = path.join(dataDir, "export-tmp");
    await writeFile(blocker, "not a directory");
    try {
      const { app } = await testApp.start({ dataDir });
      const person = await createUser(app.database.db);
      const cookie = await sessionCookieFor(app, person.id);
      expect((await request(app, "POST", "/api/exports", { cookie })).statusCode).toBe(202);
      expect(await waitUntilDone(app, cookie)).toMatchObject({
        status: "failed",
        downloadUrl: null,
      });
      // The server still answers, and Try again starts a new export that succeeds.
      await rm(blocker);
      const again = await request(app, "POST", "/api/exports", { cookie });
      expect(again.statusCode).toBe(202);
      expect(await waitUntilDone(app, cookie)).toMatchObject({
        id: again.json().id,
        status: "ready",
      });
    } finally {
      await testApp.start();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("allows five new exports a day", async () => {
    const { app } = await testApp.start();
    const person = await createUser(app.database.db);
    const cookie = await sessionCookieFor(app, person.id);
    for (let n = 0; n < 5; n += 1) {
      expect((await request(app, "POST", "/api/exports", { cookie })).statusCode).toBe(202);
      await waitUntilDone(app, cookie);
    }
    const refused = await request(app, "POST", "/api/exports", { cookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(await app.database.db.$count(dataExports, eq(dataExports.userId, person.id))).toBe(5);
  });

  it("sweeps expired exports with their files", async () => {
    const { app } = await testApp.start();
    const db = app.database.db;
    const person = await createUser(db);
    const cookie = await sessionCookieFor(app, person.id);
    await request(app, "POST", "/api/exports", { cookie });
    const done = await waitUntilDone(app, cookie);
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, done.id));
    const file = path.join(DATA_DIR, "private", row?.fileKey ?? "missing");
    expect(existsSync(file)).toBe(true);
    // Never under the public uploads, nor served there.
    expect(row?.fileKey).toMatch(/^exports\//);
    expect((await app.inject({ method: "GET", url: `/uploads/${row?.fileKey}` })).statusCode).toBe(
      404,
    );

    await db
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(dataExports.id, done.id));
    // Past its expiry it is gone for its owner at once, before the sweep removes it.
    expect(await latest(app, cookie)).toBeNull();
    expect(existsSync(file)).toBe(true);
    // The sweep runs at start-up (and hourly).
    const restarted = await testApp.restart();
    await restarted.app.ready();
    expect(await restarted.app.database.db.$count(dataExports, eq(dataExports.id, done.id))).toBe(
      0,
    );
    expect(existsSync(file)).toBe(false);
    expect(await latest(restarted.app, cookie)).toBeNull();
  });
});

describe("original photo variant", () => {
  it("is deleted with its photo", async () => {
    const { app } = await testApp.start();
    const alice = await signUpWithProfile(app, { username: "alice_original" });
    const review = await postDishReview(app, alice.cookie);
    const url1280: string = review.images[0].url1280;
    const files = [url1280, review.images[0].url480, originalOf(url1280)].map(uploadedFile);
    for (const file of files) expect(existsSync(file)).toBe(true);
    expect(JSON.stringify(review)).not.toContain("-original.jpg");
    const deleted = await request(app, "DELETE", `/api/reviews/${review.id}`, {
      cookie: alice.cookie,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    for (const file of files) expect(existsSync(file)).toBe(false);
  });
});
