import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "#server/test/app.ts";
import { signUpWithProfile } from "#server/test/auth-helpers.ts";
import { uploadId } from "#server/test/content-helpers.ts";
import { request } from "#server/test/request.ts";

/**
 * A new review, post or deal sent with an Idempotency-Key is made once, however often it is sent
 * (a retry after a lost answer, a queue of posts written offline sent again): every answer is
 * the first one's item, and nothing is written twice.
 */

const testApp = useTestApp();

const KEY = "offline-9f3c2a7b41d04e6a";

async function sendReview(cookie: string, key: string | undefined, upload: string) {
  return request(testApp.app, "POST", "/api/reviews", {
    cookie,
    headers: key === undefined ? {} : { "idempotency-key": key },
    body: {
      reviewType: "dish",
      restaurant: { name: "Noodle Bar", address: "9 Side St, Springfield, IL 62701, USA" },
      title: "Dan Dan Noodles",
      rating: 5,
      cost: "12.00",
      description: "Numbing.",
      images: [{ uploadId: upload }],
    },
  });
}

async function sendDeal(cookie: string, key: string, upload: string) {
  return request(testApp.app, "POST", "/api/deals", {
    cookie,
    headers: { "idempotency-key": key },
    body: {
      restaurant: { name: "Corner Tap", address: "1 Main St, New York", lat: 40.73, lng: -73.99 },
      title: "Half-price oysters",
      schedule: { kind: "ends", endsAt: new Date(Date.now() + 3 * 3_600_000).toISOString() },
      images: [{ uploadId: upload }],
    },
  });
}

async function count(table: "reviews" | "review_images" | "posts" | "deals" | "deal_images") {
  const result = await testApp.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return result.rows[0]?.n;
}

describe("POST /api/reviews, /api/posts and /api/deals with an Idempotency-Key", () => {
  it("sent twice, in turn or at once, make one review with its photo once", async () => {
    await testApp.start();
    const author = await signUpWithProfile(testApp.app, { username: "resender" });
    const upload = await uploadId(testApp.app, author.cookie);
    const first = await sendReview(author.cookie, KEY, upload);
    expect(first.statusCode, first.body).toBe(201);
    const again = await sendReview(author.cookie, KEY, upload);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());

    const otherKey = "offline-000000000000000b";
    const upload2 = await uploadId(testApp.app, author.cookie);
    const together = await Promise.all([
      sendReview(author.cookie, otherKey, upload2),
      sendReview(author.cookie, otherKey, upload2),
    ]);
    expect(together.map((response) => response.statusCode)).toEqual([201, 201]);
    expect(together[0]?.json().id).toBe(together[1]?.json().id);
    expect(together[0]?.json().id).not.toBe(first.json().id);
    expect(await count("reviews")).toBe(2);
    expect(await count("review_images")).toBe(2);
  });

  it("keys are each person's own; without a key every submission is new", async () => {
    await testApp.start();
    const ann = await signUpWithProfile(testApp.app, { username: "key_ann" });
    const bob = await signUpWithProfile(testApp.app, { username: "key_bob" });
    expect(
      (await sendReview(ann.cookie, KEY, await uploadId(testApp.app, ann.cookie))).statusCode,
    ).toBe(201);
    const bobs = await sendReview(bob.cookie, KEY, await uploadId(testApp.app, bob.cookie));
    expect(bobs.statusCode).toBe(201);
    expect(bobs.json().author.username).toBe("key_bob");
    for (let sent = 0; sent < 2; sent++) {
      const post = await request(testApp.app, "POST", "/api/posts", {
        cookie: ann.cookie,
        body: { title: "Same words", content: "Twice, on purpose." },
      });
      expect(post.statusCode).toBe(201);
    }
    expect(await count("reviews")).toBe(2);
    expect(await count("posts")).toBe(2);
  });

  it("refuses a malformed key, and one used for another kind, writing nothing", async () => {
    await testApp.start();
    const author = await signUpWithProfile(testApp.app, { username: "key_bad" });
    const upload = await uploadId(testApp.app, author.cookie);
    for (const bad of [
      "short",
      "has spaces in it ok",
      "x".repeat(101),
      "nul\u0000nul-nul-nul-nul",
    ]) {
      const response = await sendReview(author.cookie, bad, upload);
      expect(response.statusCode, bad).toBe(400);
    }
    expect(await count("reviews")).toBe(0);
    expect((await sendReview(author.cookie, KEY, upload)).statusCode).toBe(201);
    const post = await request(testApp.app, "POST", "/api/posts", {
      cookie: author.cookie,
      headers: { "idempotency-key": KEY },
      body: { title: "A post", content: "With a review's key." },
    });
    expect(post.statusCode).toBe(409);
    expect(post.json().error.code).toBe("SUBMISSION_KEY_REUSED");
    expect(await count("posts")).toBe(0);
  });

  it("a deal sent twice makes one deal with its photo once; a review's key is refused", async () => {
    await testApp.start();
    const author = await signUpWithProfile(testApp.app, { username: "deal_resender" });
    const upload = await uploadId(testApp.app, author.cookie);
    const first = await sendDeal(author.cookie, KEY, upload);
    expect(first.statusCode, first.body).toBe(201);
    const again = await sendDeal(author.cookie, KEY, upload);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await count("deals")).toBe(1);
    expect(await count("deal_images")).toBe(1);

    const reviewKey = "offline-000000000000000c";
    const review = await sendReview(
      author.cookie,
      reviewKey,
      await uploadId(testApp.app, author.cookie),
    );
    expect(review.statusCode).toBe(201);
    const deal = await sendDeal(
      author.cookie,
      reviewKey,
      await uploadId(testApp.app, author.cookie),
    );
    expect(deal.statusCode).toBe(409);
    expect(deal.json().error.code).toBe("SUBMISSION_KEY_REUSED");
    expect(await count("deals")).toBe(1);
  });
});
