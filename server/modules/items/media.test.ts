// The photo matrix: who gets a stored photo from GET /uploads/*, for each state of what holds
// it, on both databases. A photo everyone may see is public and cacheable, whoever asks (a
// blocked person included: a visitor gets it too); any other photo is served only to those who
// may see its item, never kept by shared caches, and 404 to the rest, as a missing file is.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { IMAGE_VARIANT_SUFFIXES } from "#domain/photos.ts";
import { ORIGINAL_VARIANT_SUFFIX } from "#server/media/photo-files.ts";
import { randomName } from "#server/media/storage.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor } from "#server/test/auth-helpers.ts";
import {
  createDeal,
  createFollow,
  createPost,
  createPostImage,
  createRestaurant,
  createReview,
  createReviewImage,
  createUser,
  setRole,
} from "#server/test/factories.ts";

const testApp = useTestApp({ perFile: true });

const roles = ["owner", "follower", "stranger", "visitor", "blocked", "moderator"] as const;
type Role = (typeof roles)[number];
const states = ["public", "private account", "hidden item", "leaving account"] as const;
type State = (typeof states)[number];

/** What each role gets for a photo in each state: 200 or 404. */
const expected: Record<State, Record<Role, 200 | 404>> = {
  public: { owner: 200, follower: 200, stranger: 200, visitor: 200, blocked: 200, moderator: 200 },
  "private account": {
    owner: 200,
    follower: 200,
    stranger: 404,
    visitor: 404,
    blocked: 404,
    moderator: 200,
  },
  "hidden item": {
    owner: 200,
    follower: 404,
    stranger: 404,
    visitor: 404,
    blocked: 404,
    moderator: 200,
  },
  "leaving account": {
    owner: 200,
    follower: 404,
    stranger: 404,
    visitor: 404,
    blocked: 404,
    moderator: 200,
  },
};

interface StoredPhoto {
  large: string;
  small: string;
  original: string;
}

/** A photo stored as uploads store one (both variants and the original) for `ownerId`. */
async function storePhoto(ownerId: string): Promise<StoredPhoto> {
  const { storage } = testApp.app;
  const base = `photos/${ownerId}/${randomName()}`;
  const bytes = Buffer.from("RIFF0000WEBPVP8 ");
  await storage.put(`${base}${IMAGE_VARIANT_SUFFIXES.large}`, bytes, "image/webp");
  await storage.put(`${base}${IMAGE_VARIANT_SUFFIXES.small}`, bytes, "image/webp");
  await storage.put(`${base}${ORIGINAL_VARIANT_SUFFIX}`, bytes, "image/jpeg");
  return {
    large: storage.urlOf(`${base}${IMAGE_VARIANT_SUFFIXES.large}`),
    small: storage.urlOf(`${base}${IMAGE_VARIANT_SUFFIXES.small}`),
    original: storage.urlOf(`${base}${ORIGINAL_VARIANT_SUFFIX}`),
  };
}

interface World {
  cookies: Record<Exclude<Role, "visitor" | "owner">, string> & { visitor: undefined };
  photos: Record<State, StoredPhoto>;
  /** Each state's owner signed in (the leaving one before asking to leave: a sign-in cancels it). */
  ownerCookies: Record<State, string>;
}

let world: World;

beforeAll(async () => {
  await testApp.start();
  const { app, db } = testApp;
  const person = () => createUser(db);
  const [follower, stranger, blocked, moderator] = await Promise.all([
    person(),
    person(),
    person(),
    person(),
  ]);
  await setRole(db, moderator.id, "moderator");
  const ownerCookies = {} as Record<State, string>;
  const photos = {} as Record<State, StoredPhoto>;
  for (const state of states) {
    const owner = await createUser(db, { isPrivate: state === "private account" });
    ownerCookies[state] = await sessionCookieFor(app, owner.id);
    await createFollow(db, follower.id, owner.id);
    await db.execute(
      sql`insert into user_blocks (blocker_id, blocked_id) values (${owner.id}, ${blocked.id})`,
    );
    const review = await createReview(db, { userId: owner.id, isHidden: state === "hidden item" });
    photos[state] = await storePhoto(owner.id);
    await createReviewImage(db, { reviewId: review.id, imageUrl: photos[state].large });
    if (state === "leaving account") {
      await db.execute(sql`insert into account_deletions (user_id, erase_after)
                           values (${owner.id}, now() + interval '7 days')`);
    }
  }
  const cookieOf = (id: string) => sessionCookieFor(app, id);
  world = {
    cookies: {
      follower: await cookieOf(follower.id),
      stranger: await cookieOf(stranger.id),
      visitor: undefined,
      blocked: await cookieOf(blocked.id),
      moderator: await cookieOf(moderator.id),
    },
    photos,
    ownerCookies,
  };
});

async function fetchPhoto(url: string, cookie: string | undefined) {
  return testApp.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
}

describe("GET /uploads/* (who gets a photo)", () => {
  for (const state of states) {
    it(`serves a photo of a ${state} only as its item may be seen, both variants alike`, async () => {
      const photo = world.photos[state];
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const role of roles) {
        const cookie = role === "owner" ? world.ownerCookies[state] : world.cookies[role];
        for (const [variant, url] of [
          ["large", photo.large],
          ["small", photo.small],
        ] as const) {
          const response = await fetchPhoto(url, cookie);
          got[`${role} ${variant}`] = response.statusCode;
          want[`${role} ${variant}`] = expected[state][role];
          if (response.statusCode !== 200) continue;
          expect(response.headers["content-type"]).toBe("image/webp");
          expect(response.headers["cache-control"]).toBe(
            state === "public" ? "public, max-age=300" : "private, no-cache",
          );
        }
        // The original is for the owner's data export: served to nobody, the owner included.
        expect((await fetchPhoto(photo.original, cookie)).statusCode).toBe(404);
      }
      expect(got).toEqual(want);
    });
  }

  it("stops serving a photo at once when its item or deal is hidden, its account turns private or leaves, or it is deleted", async () => {
    const { db } = testApp;
    const stranger = world.cookies.stranger;
    const owner = await createUser(db);
    const review = await createReview(db, { userId: owner.id });
    const reviewPhoto = await storePhoto(owner.id);
    await createReviewImage(db, { reviewId: review.id, imageUrl: reviewPhoto.large });
    const post = await createPost(db, { userId: owner.id });
    const postPhoto = await storePhoto(owner.id);
    await createPostImage(db, { postId: post.id, imageUrl: postPhoto.large });
    expect((await fetchPhoto(reviewPhoto.small, stranger)).statusCode).toBe(200);
    expect((await fetchPhoto(postPhoto.large, stranger)).statusCode).toBe(200);

    await db.execute(sql`update reviews set is_hidden = true where id = ${review.id}`);
    expect((await fetchPhoto(reviewPhoto.small, stranger)).statusCode).toBe(404);
    await db.execute(sql`update profiles set is_private = true where id = ${owner.id}`);
    expect((await fetchPhoto(postPhoto.large, stranger)).statusCode).toBe(404);
    await db.execute(sql`update profiles set is_private = false where id = ${owner.id}`);
    expect((await fetchPhoto(postPhoto.large, stranger)).statusCode).toBe(200);
    await db.execute(sql`delete from posts where id = ${post.id}`);
    expect((await fetchPhoto(postPhoto.large, stranger)).statusCode).toBe(404);

    // A deal's photo is its deal's, as an item's is its item's.
    const restaurant = await createRestaurant(db);
    const deal = await createDeal(db, { userId: owner.id, restaurantId: restaurant.id });
    const dealPhoto = await storePhoto(owner.id);
    await db.execute(sql`insert into deal_images (deal_id, image_url)
                         values (${deal.id}, ${dealPhoto.large})`);
    expect((await fetchPhoto(dealPhoto.small, undefined)).statusCode).toBe(200);
    await db.execute(sql`update deals set is_hidden = true where id = ${deal.id}`);
    expect((await fetchPhoto(dealPhoto.small, stranger)).statusCode).toBe(404);

    // A person's photo stays public while their account is private, and goes with the account.
    const avatar = testApp.app.storage.urlOf(`avatars/${owner.id}/${randomName()}.webp`);
    await testApp.app.storage.put(
      avatar.replace("/uploads/", ""),
      Buffer.from("RIFF"),
      "image/webp",
    );
    await db.execute(sql`update profiles set is_private = true where id = ${owner.id}`);
    expect((await fetchPhoto(avatar, undefined)).statusCode).toBe(200);
    await db.execute(sql`insert into account_deletions (user_id, erase_after)
                         values (${owner.id}, now() + interval '7 days')`);
    expect((await fetchPhoto(avatar, stranger)).statusCode).toBe(404);
    expect((await fetchPhoto(avatar, world.cookies.moderator)).statusCode).toBe(404);
  });

  it("confirms a browser's copy with a 304 only after the check passed", async () => {
    const photo = world.photos["private account"];
    const first = await fetchPhoto(photo.large, world.cookies.follower);
    const etag = String(first.headers.etag);
    const again = await testApp.app.inject({
      method: "GET",
      url: photo.large,
      headers: { cookie: world.cookies.follower, "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    const stranger = await testApp.app.inject({
      method: "GET",
      url: photo.large,
      headers: { cookie: world.cookies.stranger, "if-none-match": etag },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it("answers 404 for a file nothing holds, a path out of the uploads and a type it does not serve", async () => {
    const owner = await createUser(testApp.db);
    const loose = await storePhoto(owner.id);
    for (const url of [
      loose.large,
      "/uploads/../package.json",
      "/uploads/%2e%2e/package.json",
      `/uploads/photos/${owner.id}/x.svg`,
      "/uploads/",
    ]) {
      expect((await fetchPhoto(url, world.cookies.moderator)).statusCode, url).toBe(404);
    }
  });
});
