import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import type { FollowedReviewsDto } from "#domain/restaurant.ts";
import type { RestaurantSearchResults } from "#domain/search.ts";
import type { WantToTryEntryDto, WantToTryPageDto } from "#domain/want-to-try.ts";
import { savedDishKey, WANT_TO_TRY_MAX, wantToTryMessages } from "#domain/want-to-try-rules.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor, signUpWithProfile } from "#server/test/auth-helpers.ts";
import { postDishReview } from "#server/test/content-helpers.ts";
import { busSettled, recordBusEvents } from "#server/test/event-stream.ts";
import {
  createFollow,
  createRestaurant,
  createReview,
  createReviewImage,
  createUser,
} from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

type Method = NonNullable<InjectOptions["method"]>;

function call(method: Method, url: string, cookie?: string) {
  return request(testApp.app, method, url, { cookie });
}

/** A person in the database with a session, without the cost of a password. */
async function person() {
  const profile = await createUser(testApp.db);
  return { id: profile.id, cookie: await sessionCookieFor(testApp.app, profile.id) };
}

const restaurantPath = (id: string) => `/api/restaurants/${id}/want-to-try`;
const reviewPath = (id: string) => `/api/reviews/${id}/want-to-try`;

/** Saves (PUT) or unsaves (DELETE) and expects a 200; returns the save state. */
async function set(method: "PUT" | "DELETE", path: string, cookie: string) {
  const response = await call(method, path, cookie);
  expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(200);
  return response.json();
}

async function page(cookie: string, query = ""): Promise<WantToTryPageDto> {
  const response = await call("GET", `/api/want-to-try${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function keys(cookie: string) {
  const response = await call("GET", "/api/want-to-try/keys", cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function entryRows(userId: string) {
  const result = await testApp.db.execute<{
    kind: string;
    restaurant_id: string;
    dish_name: string | null;
    dish_key: string | null;
    tried_at: Date | null;
    tried_review_id: string | null;
  }>(sql`
    select kind, restaurant_id, dish_name, dish_key, tried_at, tried_review_id
      from want_to_try where user_id = ${userId} order by created_at, id`);
  return result.rows;
}

async function entryCount(): Promise<number> {
  const result = await testApp.db.execute<{ n: number }>(
    sql`select count(*)::int as n from want_to_try`,
  );
  return Number(result.rows[0]?.n);
}

/** A restaurant review through the API (no photo needed), by the cookie's owner. */
async function postRestaurantReview(cookie: string, restaurant: { name: string; address: string }) {
  const response = await request(testApp.app, "POST", "/api/reviews", {
    cookie,
    body: { reviewType: "restaurant", restaurant, rating: 4 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; restaurant: { id: string } };
}

const place = (n: number) => ({ name: `Place ${n}`, address: `${n} Side St, Springfield` });

describe("saving restaurants", () => {
  it("saves and unsaves idempotently, answering with both counts", async () => {
    await testApp.start();
    const me = await person();
    const restaurant = await createRestaurant(testApp.db);

    const saved = { saved: true, counts: { want: 1, tried: 0 } };
    expect(await set("PUT", restaurantPath(restaurant.id), me.cookie)).toEqual(saved);
    expect(await set("PUT", restaurantPath(restaurant.id), me.cookie)).toEqual(saved);
    expect(await entryRows(me.id)).toMatchObject([
      { kind: "restaurant", restaurant_id: restaurant.id, dish_key: null, tried_at: null },
    ]);
    expect(await keys(me.cookie)).toEqual({ restaurantIds: [restaurant.id], dishes: [] });

    const removed = { saved: false, counts: { want: 0, tried: 0 } };
    expect(await set("DELETE", restaurantPath(restaurant.id), me.cookie)).toEqual(removed);
    expect(await set("DELETE", restaurantPath(restaurant.id), me.cookie)).toEqual(removed);
    expect(await entryCount()).toBe(0);
    expect(await keys(me.cookie)).toEqual({ restaurantIds: [], dishes: [] });
  });

  it("answers 404 for an unknown restaurant and saves nothing", async () => {
    await testApp.start();
    const me = await person();
    for (const method of ["PUT", "DELETE"] as const) {
      const response = await call(method, restaurantPath(crypto.randomUUID()), me.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({
        code: "NOT_FOUND",
        message: "Restaurant not found",
      });
    }
    expect(await entryCount()).toBe(0);
  });

  it("makes one entry of many saves at once", async () => {
    await testApp.start();
    const me = await person();
    const restaurant = await createRestaurant(testApp.db);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call("PUT", restaurantPath(restaurant.id), me.cookie)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(await entryCount()).toBe(1);
  });
});

describe("saving dishes", () => {
  it("saves the dish of anyone's dish review, one entry per dish whatever its spelling", async () => {
    await testApp.start();
    const me = await person();
    const author = await createUser(testApp.db);
    const restaurant = await createRestaurant(testApp.db);
    const review = await createReview(testApp.db, {
      userId: author.id,
      restaurantId: restaurant.id,
      title: "Crème Brûlée",
    });
    const sameDish = await createReview(testApp.db, {
      userId: author.id,
      restaurantId: restaurant.id,
      title: "  CREME   brulee ",
    });

    const saved = { saved: true, counts: { want: 1, tried: 0 } };
    expect(await set("PUT", reviewPath(review.id), me.cookie)).toEqual(saved);
    expect(await set("PUT", reviewPath(review.id), me.cookie)).toEqual(saved);
    expect(await set("PUT", reviewPath(sameDish.id), me.cookie)).toEqual(saved);
    expect(await entryRows(me.id)).toMatchObject([
      {
        kind: "dish",
        restaurant_id: restaurant.id,
        dish_name: "Crème Brûlée",
        dish_key: "creme brulee",
      },
    ]);
    expect(await keys(me.cookie)).toEqual({
      restaurantIds: [],
      dishes: [savedDishKey(restaurant.id, "creme brulee")],
    });

    // The restaurant and its dish are separate entries.
    await set("PUT", restaurantPath(restaurant.id), me.cookie);
    expect((await page(me.cookie)).counts).toEqual({ want: 2, tried: 0 });

    // Unsaving through either review removes the dish, and only the dish.
    expect(await set("DELETE", reviewPath(sameDish.id), me.cookie)).toEqual({
      saved: false,
      counts: { want: 1, tried: 0 },
    });
    expect(await entryRows(me.id)).toMatchObject([{ kind: "restaurant" }]);
  });

  it("refuses a restaurant review with a 400 and saves nothing", async () => {
    await testApp.start();
    const me = await person();
    const author = await createUser(testApp.db);
    const review = await createReview(testApp.db, {
      userId: author.id,
      reviewType: "restaurant",
      title: "Joe's Diner",
    });
    const response = await call("PUT", reviewPath(review.id), me.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: "VALIDATION_ERROR",
      message: wantToTryMessages.dishReviewOnly,
    });
    expect(await entryCount()).toBe(0);
  });

  it("answers 404 for a hidden review unless it is the caller's own, and for an unknown one", async () => {
    await testApp.start();
    const me = await person();
    const author = await createUser(testApp.db);
    const hidden = await createReview(testApp.db, { userId: author.id, isHidden: true });
    const myHidden = await createReview(testApp.db, { userId: me.id, isHidden: true });
    for (const id of [hidden.id, crypto.randomUUID()]) {
      for (const method of ["PUT", "DELETE"] as const) {
        const response = await call(method, reviewPath(id), me.cookie);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json().error).toEqual({ code: "NOT_FOUND", message: "Review not found" });
      }
    }
    expect(await entryCount()).toBe(0);
    expect((await set("PUT", reviewPath(myHidden.id), me.cookie)).saved).toBe(true);
  });

  it("shows the saved review's first photo, else its restaurant's newest, never a hidden one's", async () => {
    await testApp.start();
    const me = await person();
    const author = await createUser(testApp.db);
    const restaurant = await createRestaurant(testApp.db);
    const withPhotos = await createReview(testApp.db, {
      userId: author.id,
      restaurantId: restaurant.id,
      title: "Khao Soi",
    });
    await createReviewImage(testApp.db, {
      reviewId: withPhotos.id,
      imageUrl: "/uploads/a/second-1280.webp",
      displayOrder: 1,
    });
    await createReviewImage(testApp.db, {
      reviewId: withPhotos.id,
      imageUrl: "/uploads/a/main-1280.webp",
      displayOrder: 0,
    });
    const noPhotos = await createReview(testApp.db, {
      userId: author.id,
      restaurantId: restaurant.id,
      title: "Larb",
    });
    const bare = await createRestaurant(testApp.db);
    for (const path of [
      reviewPath(withPhotos.id),
      reviewPath(noPhotos.id),
      restaurantPath(restaurant.id),
      restaurantPath(bare.id),
    ]) {
      await set("PUT", path, me.cookie);
    }
    const photoOf = (items: WantToTryEntryDto[]) =>
      Object.fromEntries(
        items.map((entry) => [entry.dishName ?? entry.restaurant.name, entry.photoUrl]),
      );
    // The list shows the small variant.
    expect(photoOf((await page(me.cookie)).items)).toEqual({
      "Khao Soi": "/uploads/a/main-480.webp",
      Larb: "/uploads/a/main-480.webp",
      [restaurant.name]: "/uploads/a/main-480.webp",
      [bare.name]: null,
    });

    // Hidden by a moderator: its photos are no longer shown anywhere.
    await testApp.db.execute(sql`update reviews set is_hidden = true where id = ${withPhotos.id}`);
    expect(Object.values(photoOf((await page(me.cookie)).items))).toEqual([null, null, null, null]);
    // Deleted: the entry stays, without its source.
    await testApp.db.execute(sql`delete from reviews where id = ${withPhotos.id}`);
    const items = (await page(me.cookie)).items;
    expect(items.map((entry) => entry.dishName)).toContain("Khao Soi");
  });
});

describe("the list", () => {
  it("pages each half newest first by cursor, with both counts on every page", async () => {
    await testApp.start();
    const me = await person();
    const saved: string[] = [];
    for (let n = 1; n <= 5; n++) {
      const restaurant = await createRestaurant(testApp.db, place(n));
      await set("PUT", restaurantPath(restaurant.id), me.cookie);
      saved.push(restaurant.id);
    }
    // Reviewing three of them moves them to Tried, in this order.
    for (const n of [2, 4, 1]) await postRestaurantReview(me.cookie, place(n));

    const readAll = async (status: string) => {
      const ids: string[] = [];
      const sizes: number[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?status=${status}&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
        const current = await page(me.cookie, query);
        expect(current.counts).toEqual({ want: 2, tried: 3 });
        ids.push(...current.items.map((entry) => entry.restaurant.id));
        sizes.push(current.items.length);
        cursor = current.nextCursor;
      } while (cursor);
      return { ids, sizes };
    };
    expect(await readAll("want")).toEqual({ ids: [saved[4], saved[2]], sizes: [2] });
    expect(await readAll("tried")).toEqual({
      ids: [saved[0], saved[3], saved[1]],
      sizes: [2, 1],
    });
    // "want" is the default half.
    expect((await page(me.cookie)).items.map((entry) => entry.restaurant.id)).toEqual([
      saved[4],
      saved[2],
    ]);

    // A cursor belongs to its half; a made-up one is refused too.
    const tried = await page(me.cookie, "?status=tried&limit=1");
    for (const query of [
      `?status=want&cursor=${tried.nextCursor}`,
      "?cursor=bm90LWEtY3Vyc29y",
      `?cursor=${"a".repeat(201)}`,
    ]) {
      const response = await call("GET", `/api/want-to-try${query}`, me.cookie);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toMatch(/^(INVALID_CURSOR|VALIDATION_ERROR)$/);
    }
  });

  it("refuses malformed input with a 400 and changes nothing", async () => {
    await testApp.start();
    const me = await person();
    const restaurant = await createRestaurant(testApp.db);
    await set("PUT", restaurantPath(restaurant.id), me.cookie);
    const before = await entryRows(me.id);
    for (const [method, url] of [
      ["GET", "/api/want-to-try?status=maybe"],
      ["GET", "/api/want-to-try?status=want%00"],
      ["GET", "/api/want-to-try?limit=0"],
      ["GET", "/api/want-to-try?limit=51"],
      ["GET", "/api/want-to-try?cursor=%00"],
      ["PUT", "/api/restaurants/not-a-uuid/want-to-try"],
      ["PUT", `/api/restaurants/${restaurant.id}%00/want-to-try`],
      ["DELETE", "/api/reviews/%00/want-to-try"],
      ["PUT", `/api/reviews/${"a".repeat(5_000)}/want-to-try`],
      ["DELETE", "/api/want-to-try/not-a-uuid"],
      ["DELETE", "/api/want-to-try/%00"],
    ] as const) {
      const response = await call(method, url, me.cookie);
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(response.json().error.code, `${method} ${url}`).toEqual(expect.any(String));
    }
    expect(await entryRows(me.id)).toEqual(before);
  });

  it("refuses a new entry past the limit with the message, writing nothing", async () => {
    await testApp.start();
    const me = await person();
    const restaurant = await createRestaurant(testApp.db);
    const author = await createUser(testApp.db);
    const dish = await createReview(testApp.db, { userId: author.id, title: "Pho" });
    // A full list: the restaurant and WANT_TO_TRY_MAX - 1 dishes, one of them tried.
    await set("PUT", restaurantPath(restaurant.id), me.cookie);
    await testApp.db.execute(sql`
      insert into want_to_try (user_id, kind, restaurant_id, dish_name, dish_key, tried_at)
      select ${me.id}, 'dish', ${restaurant.id}, 'Dish ' || n, 'dish ' || n,
             case when n = 1 then now() end
        from generate_series(1, ${WANT_TO_TRY_MAX - 1}) n`);
    expect(await entryCount()).toBe(WANT_TO_TRY_MAX);

    for (const path of [
      restaurantPath((await createRestaurant(testApp.db)).id),
      reviewPath(dish.id),
    ]) {
      const response = await call("PUT", path, me.cookie);
      expect(response.statusCode, path).toBe(409);
      expect(response.json().error).toEqual({
        code: "WANT_TO_TRY_FULL",
        message: wantToTryMessages.full,
      });
    }
    expect(await entryCount()).toBe(WANT_TO_TRY_MAX);
    // What is already saved saves again: no new entry.
    expect(await set("PUT", restaurantPath(restaurant.id), me.cookie)).toEqual({
      saved: true,
      counts: { want: WANT_TO_TRY_MAX - 1, tried: 1 },
    });
    // Room again after removing one.
    await set("DELETE", restaurantPath(restaurant.id), me.cookie);
    expect((await set("PUT", reviewPath(dish.id), me.cookie)).counts).toEqual({
      want: WANT_TO_TRY_MAX - 1,
      tried: 1,
    });
  });
});

describe("moving to Tried", () => {
  it("moves what the person's new review answers, accents and case aside, and nothing else", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "saver" });
    const author = await person();
    const joes = await createRestaurant(testApp.db, {
      name: "Joe's Diner",
      address: "1 Main St, Springfield, IL 62701, USA",
    });
    const other = await createRestaurant(testApp.db, place(1));
    const bruleeReview = await createReview(testApp.db, {
      userId: author.id,
      restaurantId: joes.id,
      title: "Crème Brûlée",
    });
    const khaoSoi = await createReview(testApp.db, {
      userId: author.id,
      restaurantId: other.id,
      title: "Khao Soi",
    });
    const elsewhere = await createReview(testApp.db, { userId: author.id, title: "Crème Brûlée" });
    for (const path of [
      restaurantPath(joes.id),
      reviewPath(bruleeReview.id),
      reviewPath(khaoSoi.id),
      restaurantPath(other.id),
      reviewPath(elsewhere.id),
    ]) {
      await set("PUT", path, me.cookie);
    }

    const toMe = recordBusEvents(app.events, me.userId);
    const toAuthor = recordBusEvents(app.events, author.id);

    // Someone else's reviews move nothing of mine.
    await postDishReview(app, author.cookie, { title: "creme brulee" });
    await postRestaurantReview(author.cookie, place(1));
    expect((await page(me.cookie)).counts).toEqual({ want: 5, tried: 0 });

    // My dish review of "creme brulee" at Joe's: that dish and Joe's itself, not the Crème
    // Brûlée saved at another restaurant.
    const review = await postDishReview(app, me.cookie, { title: "creme  BRULEE" });
    // A restaurant review moves the restaurant, never its dishes.
    const restaurantReview = await postRestaurantReview(me.cookie, place(1));
    // A review that answers nothing saved (Joe's is already tried) tells nobody.
    await postDishReview(app, me.cookie, { title: "Pancakes" });

    // Each review that moved something told my other open pages once; the author heard nothing.
    await busSettled(app.events);
    expect(toMe).toEqual([{ type: "want-to-try" }, { type: "want-to-try" }]);
    expect(toAuthor).toEqual([]);

    const tried = await page(me.cookie, "?status=tried");
    expect(tried.counts).toEqual({ want: 2, tried: 3 });
    const triedEntries = tried.items.map((entry) => [
      entry.kind,
      entry.restaurant.id,
      entry.triedReviewId,
    ]);
    // Newest tried first; the two the dish review moved were tried at the same instant.
    expect(triedEntries[0]).toEqual(["restaurant", other.id, restaurantReview.id]);
    expect(triedEntries.slice(1)).toHaveLength(2);
    expect(triedEntries.slice(1)).toEqual(
      expect.arrayContaining([
        ["restaurant", joes.id, review.id],
        ["dish", joes.id, review.id],
      ]),
    );
    expect(tried.items.every((entry) => entry.triedAt !== null)).toBe(true);
    const want = await page(me.cookie);
    expect(want.items.map((entry) => [entry.dishName, entry.restaurant.id])).toEqual([
      ["Crème Brûlée", elsewhere.restaurantId],
      ["Khao Soi", other.id],
    ]);
    expect(want.items.every((entry) => entry.triedAt === null)).toBe(true);
    expect(await keys(me.cookie)).toEqual({
      restaurantIds: [],
      dishes: [
        savedDishKey(elsewhere.restaurantId, "Crème Brûlée"),
        savedDishKey(other.id, "Khao Soi"),
      ],
    });

    // Saving a tried restaurant again makes it wanted again, newest saved.
    expect(await set("PUT", restaurantPath(joes.id), me.cookie)).toEqual({
      saved: true,
      counts: { want: 3, tried: 2 },
    });
    expect((await page(me.cookie)).items[0]).toMatchObject({
      kind: "restaurant",
      restaurant: { id: joes.id },
      triedAt: null,
      triedReviewId: null,
    });
    // Unsaving a restaurant leaves what was tried there in Tried.
    await set("DELETE", restaurantPath(other.id), me.cookie);
    expect((await page(me.cookie, "?status=tried")).counts).toEqual({ want: 3, tried: 2 });
  });
});

describe("whose list", () => {
  it("asks visitors to sign in on every route", async () => {
    await testApp.start();
    const restaurant = await createRestaurant(testApp.db);
    const author = await createUser(testApp.db);
    const review = await createReview(testApp.db, { userId: author.id });
    for (const [method, url] of [
      ["GET", "/api/want-to-try"],
      ["GET", "/api/want-to-try/keys"],
      ["PUT", restaurantPath(restaurant.id)],
      ["DELETE", restaurantPath(restaurant.id)],
      ["PUT", reviewPath(review.id)],
      ["DELETE", reviewPath(review.id)],
      ["DELETE", `/api/want-to-try/${crypto.randomUUID()}`],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error).toEqual({
        code: "UNAUTHORIZED",
        message: wantToTryMessages.signInRequired,
      });
    }
    expect(await entryCount()).toBe(0);
  });

  it("shows and removes my entries to me alone", async () => {
    await testApp.start();
    const me = await person();
    const stranger = await person();
    const restaurant = await createRestaurant(testApp.db);
    await set("PUT", restaurantPath(restaurant.id), me.cookie);
    const [entry] = (await page(me.cookie)).items;
    if (!entry) throw new Error("nothing saved");

    expect(await page(stranger.cookie)).toEqual({
      items: [],
      nextCursor: null,
      counts: { want: 0, tried: 0 },
      visibility: "private",
    });
    expect(await keys(stranger.cookie)).toEqual({ restaurantIds: [], dishes: [] });
    const theirs = await call("DELETE", `/api/want-to-try/${entry.id}`, stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toEqual({
      code: "NOT_FOUND",
      message: wantToTryMessages.entryNotFound,
    });
    // Their unsave of the same restaurant is about their own list.
    await set("DELETE", restaurantPath(restaurant.id), stranger.cookie);
    expect(await entryCount()).toBe(1);

    expect(await set("DELETE", `/api/want-to-try/${entry.id}`, me.cookie)).toEqual({
      saved: false,
      counts: { want: 0, tried: 0 },
    });
    expect(await entryCount()).toBe(0);
    expect((await call("DELETE", `/api/want-to-try/${entry.id}`, me.cookie)).statusCode).toBe(404);
  });
});

describe("saved by people you follow", () => {
  /** savedByFollowedCount of the restaurant page and of each explore card, by restaurant id. */
  async function savedBy(restaurantIds: string[], cookie?: string) {
    const cards = await call("GET", "/api/search/restaurants", cookie);
    expect(cards.statusCode, cards.body).toBe(200);
    const { restaurants } = cards.json() as RestaurantSearchResults;
    const counts: Record<string, { page: number; card: number | undefined }> = {};
    for (const id of restaurantIds) {
      const page = await call("GET", `/api/restaurants/${id}/followed-reviews`, cookie);
      expect(page.statusCode, page.body).toBe(200);
      counts[id] = {
        page: (page.json() as FollowedReviewsDto).savedByFollowedCount,
        card: restaurants.find((card) => card.id === id)?.savedByFollowedCount,
      };
    }
    return counts;
  }

  it("counts the people I follow who still want to try the place or a dish there, once each", async () => {
    await testApp.start();
    const me = await person();
    const [ann, bob, carl, dora, eve] = [
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    for (const followed of [ann, bob, carl, dora]) {
      await createFollow(testApp.db, me.id, followed.id);
    }
    // Eve follows me back; it is my follows that count, not my followers.
    await createFollow(testApp.db, eve.id, me.id);
    const [busy, quiet, unsaved] = [
      await createRestaurant(testApp.db, place(1)),
      await createRestaurant(testApp.db, place(2)),
      await createRestaurant(testApp.db, place(3)),
    ];
    const author = await person();
    const dish = async (restaurantId: string, title: string) =>
      (await createReview(testApp.db, { userId: author.id, restaurantId, title })).id;
    const [noodles, dumplings, soup] = [
      await dish(busy.id, "Noodles"),
      await dish(busy.id, "Dumplings"),
      await dish(quiet.id, "Soup"),
    ];
    const saves: [{ cookie: string }, string][] = [
      // Ann the restaurant, Bob a dish, Carl the restaurant and two dishes: three people.
      [ann, restaurantPath(busy.id)],
      [bob, reviewPath(noodles)],
      [carl, restaurantPath(busy.id)],
      [carl, reviewPath(noodles)],
      [carl, reviewPath(dumplings)],
      // Dora tries hers below; Eve is not followed; my own saves are mine.
      [dora, restaurantPath(busy.id)],
      [eve, restaurantPath(busy.id)],
      [me, restaurantPath(busy.id)],
      [me, restaurantPath(quiet.id)],
      // At the quiet place only Bob's dish.
      [bob, reviewPath(soup)],
      [eve, restaurantPath(unsaved.id)],
    ];
    for (const [who, path] of saves) await set("PUT", path, who.cookie);
    await postRestaurantReview(dora.cookie, place(1));
    expect((await page(dora.cookie, "?status=tried")).counts).toEqual({ want: 0, tried: 1 });

    const ids = [busy.id, quiet.id, unsaved.id];
    // Want to try is "Only me" until its owner says otherwise: following someone never lets
    // one walk their list through the counts.
    const none = { page: 0, card: 0 };
    const nobody = { [busy.id]: none, [quiet.id]: none, [unsaved.id]: none };
    expect(await savedBy(ids, me.cookie)).toEqual(nobody);
    for (const who of [ann, bob, carl, dora, eve]) await showToFollowers(who.cookie);
    expect(await savedBy(ids, me.cookie)).toEqual({
      [busy.id]: { page: 3, card: 3 },
      [quiet.id]: { page: 1, card: 1 },
      [unsaved.id]: { page: 0, card: 0 },
    });

    // Someone who follows nobody, and visitors, see nobody's saves.
    expect(await savedBy(ids, author.cookie)).toEqual(nobody);
    expect(await savedBy(ids)).toEqual(nobody);

    // Carl unsaving the restaurant still wants its dishes; Ann unsaving leaves two.
    await set("DELETE", restaurantPath(busy.id), carl.cookie);
    await set("DELETE", restaurantPath(busy.id), ann.cookie);
    expect((await savedBy([busy.id], me.cookie))[busy.id]).toEqual({ page: 2, card: 2 });
    // Back to "Only me": Bob's dish no longer counts.
    const onlyMe = await request(testApp.app, "PUT", "/api/want-to-try/visibility", {
      cookie: bob.cookie,
      body: { visibility: "private" },
    });
    expect(onlyMe.json()).toEqual({ visibility: "private" });
    expect((await savedBy([busy.id], me.cookie))[busy.id]).toEqual({ page: 1, card: 1 });
  });

  it("keeps the list's visibility Only me until its owner picks Followers, refusing anything else", async () => {
    await testApp.start();
    const me = await person();
    expect((await page(me.cookie)).visibility).toBe("private");
    await showToFollowers(me.cookie);
    expect((await page(me.cookie)).visibility).toBe("followers");
    for (const body of [{ visibility: "public" }, { visibility: null }, {}]) {
      const refused = await request(testApp.app, "PUT", "/api/want-to-try/visibility", {
        cookie: me.cookie,
        body,
      });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.code).toBe("VALIDATION_ERROR");
    }
    expect((await page(me.cookie)).visibility).toBe("followers");
    const visitor = await request(testApp.app, "PUT", "/api/want-to-try/visibility", {
      body: { visibility: "private" },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

/** Lets the people who follow `cookie`'s owner count their saves. */
async function showToFollowers(cookie: string) {
  const response = await request(testApp.app, "PUT", "/api/want-to-try/visibility", {
    cookie,
    body: { visibility: "followers" },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ visibility: "followers" });
}
