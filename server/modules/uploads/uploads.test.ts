import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { MAX_UPLOADS_AT_ONCE, photoMessages } from "#domain/photos-rules.ts";
import { DEFAULT_CONTENT_RATE_LIMITS } from "#server/config.ts";
import { imageUploads } from "#server/db/schema/uploads.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { testJpeg, uploadImage } from "#server/test/content-helpers.ts";
import { getTestDatabase } from "#server/test/database.ts";
import { heldImageJobs } from "#server/test/image-jobs.ts";
import { cleanupStaleUploads } from "./uploads.service.ts";

const testApp = useTestApp();

const db = async () => (await getTestDatabase()).db;

describe("POST /api/uploads/images", () => {
  it("re-encodes to WebP variants without metadata (GPS EXIF gone)", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const jpeg = await testJpeg({
      width: 2000,
      height: 1000,
      exif: {
        IFD0: { Make: "Camera" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" },
      },
    });
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await uploadImage(app, user.cookie, jpeg, { alt: "Tacos on a plate" });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ width: 1280, height: 640 });
    expect(body.placeholder).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(body.url1280).toMatch(/-1280\.webp$/);
    expect(body.url480).toMatch(/-480\.webp$/);
    for (const [url, width] of [
      [body.url1280, 1280],
      [body.url480, 480],
    ] as const) {
      // Not posted yet: only its uploader may fetch it, and no shared cache keeps it.
      expect((await app.inject({ method: "GET", url })).statusCode).toBe(404);
      const file = await app.inject({ method: "GET", url, headers: { cookie: user.cookie } });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/webp");
      expect(file.headers["cache-control"]).toBe("private, no-cache");
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    // The original resolution is kept beside them for the owner's data export: never in the
    // answer nor served, metadata stripped too.
    expect(response.body).not.toContain("-original.jpg");
    const originalUrl = body.url1280.replace(/-1280\.webp$/, "-original.jpg");
    const served = await app.inject({
      method: "GET",
      url: originalUrl,
      headers: { cookie: user.cookie },
    });
    expect(served.statusCode).toBe(404);
    const original = await sharp(
      path.join("/tmp/tasted-api-tests", body.url1280.replace(/-1280\.webp$/, "-original.jpg")),
    ).metadata();
    expect([original.format, original.width, original.height]).toEqual(["jpeg", 2000, 1000]);
    expect(original.exif).toBeUndefined();
    expect(original.xmp).toBeUndefined();
  });

  it("takes two uploads at once per person, and answers 503 with Retry-After once the image queue is full", async () => {
    // One job running and one waiting make the queue full.
    const held = heldImageJobs({ running: 1, queued: 1 });
    const { app } = await testApp.start({}, { images: held.images });
    const ann = await signUpByEmail(app);
    const bob = await signUpByEmail(app);
    const jpeg = await testJpeg();

    const first = uploadImage(app, ann.cookie, jpeg);
    await held.started(1);
    const second = uploadImage(app, ann.cookie, jpeg);
    await vi.waitFor(() => expect(held.images.queued).toBe(1));

    const third = await uploadImage(app, ann.cookie, jpeg);
    expect(third.statusCode, third.body).toBe(429);
    expect(third.headers["retry-after"]).toMatch(/^\d+$/);
    expect(third.json()).toEqual({
      error: { code: "TOO_MANY_UPLOADS", message: photoMessages.tooManyAtOnce },
    });
    expect(MAX_UPLOADS_AT_ONCE).toBe(2);

    const overflow = await uploadImage(app, bob.cookie, jpeg);
    expect(overflow.statusCode, overflow.body).toBe(503);
    expect(overflow.headers["retry-after"]).toMatch(/^\d+$/);
    expect(overflow.json()).toEqual({
      error: { code: "SERVER_BUSY", message: expect.any(String) },
    });

    held.release();
    expect((await first).statusCode).toBe(201);
    expect((await second).statusCode).toBe(201);
    // Finished uploads free their places.
    const later = await uploadImage(app, ann.cookie, jpeg);
    expect(later.statusCode, later.body).toBe(201);
    expect(await (await db()).$count(imageUploads, eq(imageUploads.userId, ann.userId))).toBe(3);
  });

  it("never upscales a small photo", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const response = await uploadImage(
      app,
      user.cookie,
      await testJpeg({ width: 300, height: 200 }),
    );
    expect(response.json()).toMatchObject({ width: 300, height: 200 });
  });

  it("decides the type from the bytes: a renamed text file is 415", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const response = await uploadImage(
      app,
      user.cookie,
      Buffer.from("hello, not a photo"),
      {},
      "x.jpg",
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(photoMessages.invalidType);
  });

  it("keeps a description of at most 300 characters, without NUL", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const jpeg = await testJpeg();
    for (const [alt, message] of [
      ["x".repeat(301), photoMessages.altTooLong],
      ["a\0b", "Text must not contain NUL characters"],
    ] as const) {
      const response = await uploadImage(app, user.cookie, jpeg, { alt });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
    }
    expect(await (await db()).select().from(imageUploads)).toHaveLength(0);
    const kept = await uploadImage(app, user.cookie, jpeg, { alt: ` ${"x".repeat(300)} ` });
    expect(kept.statusCode).toBe(201);
    const [row] = await (await db()).select().from(imageUploads);
    expect(row?.altText).toBe("x".repeat(300));
  });

  it("needs a signed-in user and rate-limits per user in the database", async () => {
    await testApp.start({
      contentRateLimits: { ...DEFAULT_CONTENT_RATE_LIMITS, uploads: { window: 3600, max: 2 } },
    });
    expect((await uploadImage(testApp.app, "", await testJpeg())).statusCode).toBe(401);
    const user = await signUpByEmail(testApp.app);
    expect((await uploadImage(testApp.app, user.cookie, await testJpeg())).statusCode).toBe(201);
    expect((await uploadImage(testApp.app, user.cookie, await testJpeg())).statusCode).toBe(201);
    const third = await uploadImage(testApp.app, user.cookie, await testJpeg());
    expect(third.statusCode).toBe(429);
    expect(third.headers["retry-after"]).toBeDefined();
  });

  it("cleans up unclaimed uploads older than a day, files included", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const response = await uploadImage(app, user.cookie, await testJpeg());
    const { id, url480 } = response.json();
    const database = await db();
    expect(await cleanupStaleUploads(database, app.storage, app.log)).toBe(0);
    await database
      .update(imageUploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(imageUploads.id, id));
    expect(await cleanupStaleUploads(database, app.storage, app.log)).toBe(1);
    expect(await database.select().from(imageUploads)).toHaveLength(0);
    expect((await app.inject({ method: "GET", url: url480 })).statusCode).toBe(404);
  });
});
