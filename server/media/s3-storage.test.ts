import { buffer } from "node:stream/consumers";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataExports } from "#server/db/schema/account-data.ts";
import { imageUploads } from "#server/db/schema/uploads.ts";
import { sweepExpiredExports } from "#server/modules/data-export/data-export.service.ts";
import { cleanupStaleUploads } from "#server/modules/uploads/uploads.service.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { postDishReview, testJpeg, uploadImage } from "#server/test/content-helpers.ts";
import { request } from "#server/test/request.ts";
import { startTestS3Server, type TestS3Server } from "#server/test/s3-server.ts";

/**
 * Photos through the S3 adapter against a real S3-compatible server: the same journeys as the
 * disk storage's tests (upload, serving, a photo replaced, an item deleted, unclaimed uploads
 * swept), checked in the bucket itself.
 */
const testApp = useTestApp();
let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(async () => {
  await s3?.close();
});

async function startWithS3() {
  return testApp.start({}, { storage: s3.storage() });
}

/** The object key a photo's address names (/uploads/, then the key). */
function keyOf(url: string): string {
  const key = testApp.app.storage.keyFromUrl(url);
  expect(key, url).toBeDefined();
  return key as string;
}

/** The key of the original-resolution variant stored beside a large one. */
const originalKeyOf = (url: string) => keyOf(url).replace(/-1280\.webp$/, "-original.jpg");

describe("photos in an S3-compatible bucket", () => {
  it("stores an upload's variants as WebP objects, served by the app to their uploader alone, without metadata", async () => {
    await startWithS3();
    const user = await signUpByEmail(testApp.app);
    const before = await s3.keys();
    const uploaded = await uploadImage(
      testApp.app,
      user.cookie,
      await testJpeg({ exif: { IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" } } }),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url, url480 } = uploaded.json();
    const added = (await s3.keys()).filter((key) => !before.includes(key));
    expect(added.sort()).toEqual([keyOf(url), keyOf(url480), originalKeyOf(url)].sort());

    for (const address of [url, url480]) {
      // Not posted yet: the app serves it from the bucket to its uploader alone.
      expect((await testApp.app.inject({ method: "GET", url: address })).statusCode).toBe(404);
      const served = await testApp.app.inject({
        method: "GET",
        url: address,
        headers: { cookie: user.cookie },
      });
      expect(served.statusCode, address).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toBe("private, no-cache");
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.exif).toBeUndefined();
    }
  });

  it("serves a posted photo from the bucket to everyone, and only to followers once its account is private", async () => {
    await startWithS3();
    const owner = await signUpByEmail(testApp.app);
    const stranger = await signUpByEmail(testApp.app);
    const review = await postDishReview(testApp.app, owner.cookie);
    const [photo] = review.images;
    const asStranger = () =>
      testApp.app.inject({
        method: "GET",
        url: photo.url480,
        headers: { cookie: stranger.cookie },
      });
    const visible = await asStranger();
    expect(visible.statusCode).toBe(200);
    expect(visible.headers["cache-control"]).toBe("public, max-age=300");
    await testApp.db.execute(sql`update profiles set is_private = true where id = ${owner.userId}`);
    expect((await asStranger()).statusCode).toBe(404);
    const asOwner = await testApp.app.inject({
      method: "GET",
      url: photo.url480,
      headers: { cookie: owner.cookie },
    });
    expect(asOwner.statusCode).toBe(200);
    // The original stays in the bucket for the data export, and is never served.
    const original = photo.url.replace(/-1280\.webp$/, "-original.jpg");
    const refused = await testApp.app.inject({
      method: "GET",
      url: original,
      headers: { cookie: owner.cookie },
    });
    expect(refused.statusCode).toBe(404);
  });

  it("deletes a replaced photo's objects, then the rest with the review", async () => {
    await startWithS3();
    const owner = await signUpByEmail(testApp.app);
    const review = await postDishReview(testApp.app, owner.cookie);
    const [first] = review.images;
    const firstKeys = [keyOf(first.url), keyOf(first.url480), originalKeyOf(first.url)];
    expect(await s3.keys()).toEqual(expect.arrayContaining(firstKeys));

    const replacement = await uploadImage(testApp.app, owner.cookie, await testJpeg());
    const replaced = await request(testApp.app, "PATCH", `/api/reviews/${review.id}`, {
      cookie: owner.cookie,
      body: { images: [{ uploadId: replacement.json().id }] },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const [second] = replaced.json().images;
    const secondKeys = [keyOf(second.url), keyOf(second.url480), originalKeyOf(second.url)];
    const afterReplace = await s3.keys();
    expect(afterReplace).toEqual(expect.arrayContaining(secondKeys));
    for (const key of firstKeys) expect(afterReplace).not.toContain(key);
    const gone = await testApp.app.inject({
      method: "GET",
      url: first.url480,
      headers: { cookie: owner.cookie },
    });
    expect(gone.statusCode).toBe(404);

    const deleted = await request(testApp.app, "DELETE", `/api/reviews/${review.id}`, {
      cookie: owner.cookie,
    });
    expect(deleted.statusCode).toBe(204);
    const afterDelete = await s3.keys();
    for (const key of secondKeys) expect(afterDelete).not.toContain(key);
  });

  it("sweeps an upload nobody used within a day, objects included", async () => {
    await startWithS3();
    const user = await signUpByEmail(testApp.app);
    const uploaded = (await uploadImage(testApp.app, user.cookie, await testJpeg())).json();
    const keys = [keyOf(uploaded.url), keyOf(uploaded.url480), originalKeyOf(uploaded.url)];
    expect(await s3.keys()).toEqual(expect.arrayContaining(keys));

    await testApp.db
      .update(imageUploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(imageUploads.id, uploaded.id));
    expect(await cleanupStaleUploads(testApp.db, testApp.app.storage, testApp.app.log)).toBe(1);
    const after = await s3.keys();
    for (const key of keys) expect(after).not.toContain(key);
  });

  it("builds a data export from the bucket's originals and keeps the zip under private/", async () => {
    await startWithS3();
    const owner = await signUpByEmail(testApp.app);
    const review = await postDishReview(testApp.app, owner.cookie);
    const before = await s3.keys();
    expect(
      (await request(testApp.app, "POST", "/api/exports", { cookie: owner.cookie })).statusCode,
    ).toBe(202);
    let done: { status: string; id: string; downloadUrl: string | null } | null = null;
    for (let tries = 0; tries < 200 && done?.status !== "ready"; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      done = (
        await request(testApp.app, "GET", "/api/exports/latest", { cookie: owner.cookie })
      ).json().export;
    }
    expect(done?.status).toBe("ready");
    const added = (await s3.keys()).filter((key) => !before.includes(key));
    expect(added).toEqual([expect.stringMatching(/^private\/exports\/.+\.zip$/)]);

    const link = new URL(done?.downloadUrl ?? "");
    const download = await testApp.app.inject({
      method: "GET",
      url: `${link.pathname}${link.search}`,
    });
    expect(download.statusCode).toBe(200);
    const original = await buffer(
      await testApp.app.storage.read(originalKeyOf(review.images[0].url)),
    );
    // A stored entry: the photo's bytes appear in the zip as they are.
    expect(download.rawPayload.includes(original)).toBe(true);

    await testApp.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(dataExports.id, done?.id ?? ""));
    expect(await sweepExpiredExports(testApp.db, testApp.app.storage, testApp.app.log)).toBe(1);
    expect(await s3.keys()).not.toContain(added[0]);
  });
});
