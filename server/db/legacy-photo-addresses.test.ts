// Migration 0029 (ADR 0036): photo addresses stored while an S3 bucket served photos itself are
// rewritten to the app's /uploads/<key>, so those photos too go through the media route's access
// check. Its statements run here on rows holding every shape of bucket address, twice.
import { readdirSync, readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { IMAGE_VARIANT_SUFFIXES } from "#domain/photos.ts";
import { randomName } from "#server/media/storage.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor } from "#server/test/auth-helpers.ts";
import {
  createDeal,
  createPost,
  createPostImage,
  createRestaurant,
  createReview,
  createReviewImage,
  createUser,
} from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

const migrations = new URL("./migrations/", import.meta.url);
const migrationFile = readdirSync(migrations).find((name) =>
  name.endsWith("_legacy-photo-addresses.sql"),
);

async function runMigration(): Promise<void> {
  if (!migrationFile) throw new Error("no legacy photo addresses migration");
  const text = readFileSync(new URL(migrationFile, migrations), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    await testApp.db.execute(sql.raw(statement));
  }
}

async function addresses() {
  const result = await testApp.db.execute<{ source: string; address: string }>(sql`
    select 'review' as source, image_url as address from review_images
    union all select 'post', image_url from post_images
    union all select 'deal', image_url from deal_images
    union all select 'upload', image_url from image_uploads
    union all select 'avatar ' || username, avatar_url from profiles where avatar_url is not null
    order by 1, 2`);
  return result.rows;
}

describe("legacy bucket photo addresses", () => {
  it("become /uploads/<key>, whatever the bucket's address, once; others stay", async () => {
    const { app } = await testApp.start();
    const owner = await createUser(testApp.db, { username: "owner" });
    const key = `photos/${owner.id}/${randomName()}${IMAGE_VARIANT_SUFFIXES.large}`;
    await app.storage.put(key, Buffer.from("RIFF0000WEBPVP8 "), "image/webp");
    const avatarKey = `avatars/${owner.id}/${randomName()}.webp`;
    const restaurant = await createRestaurant(testApp.db);
    const review = await createReview(testApp.db, {
      userId: owner.id,
      restaurantId: restaurant.id,
    });
    // The bucket's own address on AWS, path-style on MinIO, and behind S3_PUBLIC_URL with a path.
    await createReviewImage(testApp.db, {
      reviewId: review.id,
      imageUrl: `https://tasted-photos.s3.eu-west-1.amazonaws.com/${key}`,
    });
    const post = await createPost(testApp.db, { userId: owner.id, restaurantId: restaurant.id });
    await createPostImage(testApp.db, {
      postId: post.id,
      imageUrl: `http://minio:9000/photos/photos/${owner.id}/post-1280.webp`,
    });
    const deal = await createDeal(testApp.db, { userId: owner.id, restaurantId: restaurant.id });
    await testApp.db.execute(sql`
      insert into deal_images (deal_id, image_url)
      values (${deal.id}, ${`https://cdn.example/media/photos/${owner.id}/deal-1280.webp`})`);
    await testApp.db.execute(sql`
      insert into image_uploads (user_id, image_url, width, height, placeholder)
      values (${owner.id}, ${`https://cdn.example/photos/${owner.id}/up-1280.webp`}, 8, 6, 'x')`);
    await testApp.db.execute(sql`
      update profiles set avatar_url = ${`https://cdn.example/${avatarKey}`}, is_private = true
       where id = ${owner.id}`);
    // Not a bucket address of a photo: left as it is.
    await createUser(testApp.db, {
      username: "elsewhere",
      avatarUrl: "https://lh3.googleusercontent.com/a/photo",
    });
    await createUser(testApp.db, { username: "current", avatarUrl: `/uploads/${avatarKey}` });

    await runMigration();
    const rewritten = [
      { source: "avatar current", address: `/uploads/${avatarKey}` },
      { source: "avatar elsewhere", address: "https://lh3.googleusercontent.com/a/photo" },
      { source: "avatar owner", address: `/uploads/${avatarKey}` },
      { source: "deal", address: `/uploads/photos/${owner.id}/deal-1280.webp` },
      { source: "post", address: `/uploads/photos/${owner.id}/post-1280.webp` },
      { source: "review", address: `/uploads/${key}` },
      { source: "upload", address: `/uploads/photos/${owner.id}/up-1280.webp` },
    ];
    expect(await addresses()).toEqual(rewritten);
    await runMigration();
    expect(await addresses()).toEqual(rewritten);

    // Now the app's own address, the photo is served by the access check: a private account's
    // photo to its owner, not to a stranger.
    const stranger = await createUser(testApp.db);
    const forOwner = await request(app, "GET", `/uploads/${key}`, {
      cookie: await sessionCookieFor(app, owner.id),
    });
    expect(forOwner.statusCode).toBe(200);
    const forStranger = await request(app, "GET", `/uploads/${key}`, {
      cookie: await sessionCookieFor(app, stranger.id),
    });
    expect(forStranger.statusCode).toBe(404);
  });
});
