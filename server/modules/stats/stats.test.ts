import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { StatsDto, StatsFirstsPage } from "#domain/stats.ts";
import { accountDeletions } from "#server/db/schema/account-data.ts";
import { userBlocks } from "#server/db/schema/safety.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor } from "#server/test/auth-helpers.ts";
import { createRestaurant, createReview, createUser } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

/** A person in the database with a session, without the cost of a password. */
async function person(fullName?: string) {
  const profile = await createUser(testApp.db, fullName ? { fullName } : {});
  return { id: profile.id, cookie: await sessionCookieFor(testApp.app, profile.id) };
}

async function get<T>(url: string, cookie?: string): Promise<T> {
  const response = await request(testApp.app, "GET", url, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const utc = (iso: string) => new Date(`${iso}Z`);

const ref = (restaurant: { id: string; name: string; address: string | null }) => ({
  id: restaurant.id,
  name: restaurant.name,
  address: restaurant.address,
  slug: null,
  priceLevel: null,
});

const zeroMonth = (month: string) => ({
  month,
  dishes: 0,
  restaurants: 0,
  spending: 0,
  newPlaces: 0,
  returns: 0,
});

/**
 * One person's reviews, by hand (UTC): Ramen Bar first in Dec 2024, then in 2025 a return there
 * in January, a first visit to Taco Stand at 23:30 on 31 January and a restaurant review there
 * 40 minutes later (February in UTC; its price tier is no spending), Pho Place new in March and
 * back two days later, Ramen Bar again in March with the same dessert as Pho Place's spelled
 * another way. Two hidden reviews and another person's review at Pho Place never count.
 */
async function seedStats() {
  const me = await person("Sam Stats");
  const ramen = await createRestaurant(testApp.db, { name: "Ramen Bar" });
  const tacos = await createRestaurant(testApp.db, { name: "Taco Stand" });
  const pho = await createRestaurant(testApp.db, { name: "Pho Place" });
  const review = (
    restaurantId: string,
    at: string,
    values: { title: string; rating: number; cost: number | null; reviewType?: "restaurant" },
    isHidden = false,
  ) =>
    createReview(testApp.db, {
      userId: me.id,
      restaurantId,
      createdAt: utc(at),
      isHidden,
      ...values,
    });
  const r1 = await review(ramen.id, "2024-12-20T19:00:00", {
    title: "Tonkotsu Ramen",
    rating: 4,
    cost: 15,
  });
  const r2 = await review(ramen.id, "2025-01-05T12:00:00", {
    title: "Tonkotsu  ramen",
    rating: 5,
    cost: 16.5,
  });
  const r3 = await review(tacos.id, "2025-01-31T23:30:00", {
    title: "Fish tacos with the salsa",
    rating: 3,
    cost: 9.25,
  });
  const r4 = await review(tacos.id, "2025-02-01T00:10:00", {
    title: "Taco Stand",
    rating: 4,
    cost: 2,
    reviewType: "restaurant",
  });
  const r5 = await review(pho.id, "2025-03-10T12:00:00", {
    title: "Spicy Miso Ramen",
    rating: 5,
    cost: 14,
  });
  const r6 = await review(pho.id, "2025-03-12T12:00:00", {
    title: "Crème Brûlée",
    rating: 2,
    cost: null,
  });
  const r7 = await review(ramen.id, "2025-03-15T12:00:00", {
    title: "creme  brulee",
    rating: 5,
    cost: 8,
  });
  await review(
    tacos.id,
    "2025-03-20T12:00:00",
    { title: "Ramen ramen", rating: 1, cost: 100 },
    true,
  );
  await review(
    pho.id,
    "2025-03-25T12:00:00",
    { title: "Pho Place", rating: 1, cost: 3, reviewType: "restaurant" },
    true,
  );
  const someone = await person();
  await createReview(testApp.db, {
    userId: someone.id,
    restaurantId: pho.id,
    title: "Pho ramen",
    rating: 1,
    cost: 30,
    createdAt: utc("2025-03-01T12:00:00"),
  });
  return { me, someone, ramen, tacos, pho, r1, r2, r3, r4, r5, r6, r7 };
}

describe("GET /api/profiles/:id/stats", () => {
  it("adds up a year of visible reviews, every stat as computed by hand", async () => {
    await testApp.start();
    const { me, ramen, tacos, pho, r2, r3, r5, r6, r7 } = await seedStats();
    const stats = await get<StatsDto>(`/api/profiles/${me.id}/stats?year=2025`, me.cookie);
    const rest = ["04", "05", "06", "07", "08", "09", "10", "11", "12"];
    expect(stats).toEqual({
      year: 2025,
      years: [2025, 2024],
      totals: { reviews: 6, dishes: 5, restaurants: 3, spending: 47.75 },
      months: [
        // r2 returns to Ramen Bar; r3 is Taco Stand's first visit.
        { month: "2025-01", dishes: 2, restaurants: 2, spending: 25.75, newPlaces: 1, returns: 1 },
        // r4, 40 minutes after r3 but in February (UTC): a return, its price tier no spending.
        { month: "2025-02", dishes: 0, restaurants: 1, spending: 0, newPlaces: 0, returns: 1 },
        // r5 new (Pho Place), r6 and r7 returns; r6 has no cost.
        { month: "2025-03", dishes: 3, restaurants: 2, spending: 22, newPlaces: 1, returns: 2 },
        ...rest.map((month) => zeroMonth(`2025-${month}`)),
      ],
      // (5 + 3 + 4 + 5 + 2 + 5) / 6
      averageRating: 4,
      ratings: [
        { rating: 1, count: 0 },
        { rating: 2, count: 1 },
        { rating: 3, count: 1 },
        { rating: 4, count: 1 },
        { rating: 5, count: 3 },
      ],
      // "with" and "the" are stop words; accents and case are one word.
      topWords: [
        { word: "brulee", count: 2 },
        { word: "creme", count: 2 },
        { word: "ramen", count: 2 },
        { word: "fish", count: 1 },
        { word: "miso", count: 1 },
        { word: "salsa", count: 1 },
        { word: "spicy", count: 1 },
        { word: "tacos", count: 1 },
        { word: "tonkotsu", count: 1 },
      ],
      // Two reviews each: the latest visit first.
      topRestaurants: [
        { restaurant: ref(ramen), reviews: 2 },
        { restaurant: ref(pho), reviews: 2 },
        { restaurant: ref(tacos), reviews: 2 },
      ],
      favouriteDishes: [
        { review: r7, restaurant: ramen },
        { review: r5, restaurant: pho },
        { review: r2, restaurant: ramen },
        { review: r3, restaurant: tacos },
        { review: r6, restaurant: pho },
      ].map(({ review, restaurant }) => ({
        reviewId: review.id,
        title: review.title,
        rating: review.rating,
        createdAt: review.createdAt.toISOString(),
        restaurant: ref(restaurant),
      })),
    });

    // 2024: r1 alone, Ramen Bar's first visit.
    const before = await get<StatsDto>(`/api/profiles/${me.id}/stats?year=2024`, me.cookie);
    expect(before.totals).toEqual({ reviews: 1, dishes: 1, restaurants: 1, spending: 15 });
    expect(before.months[11]).toEqual({
      month: "2024-12",
      dishes: 1,
      restaurants: 1,
      spending: 15,
      newPlaces: 1,
      returns: 0,
    });
    expect(before.months.filter((month) => month.dishes > 0)).toHaveLength(1);
    expect(before.averageRating).toBe(4);

    // A year without reviews: every stat empty.
    const empty = await get<StatsDto>(`/api/profiles/${me.id}/stats?year=2023`, me.cookie);
    expect(empty).toMatchObject({
      year: 2023,
      years: [2025, 2024],
      totals: { reviews: 0, dishes: 0, restaurants: 0, spending: 0 },
      averageRating: null,
      topWords: [],
      topRestaurants: [],
      favouriteDishes: [],
    });
    expect(empty.ratings.every((rating) => rating.count === 0)).toBe(true);
  });

  it("covers the last 12 UTC months up to this one without a year", async () => {
    await testApp.start();
    const me = await person();
    const restaurant = await createRestaurant(testApp.db);
    const now = new Date();
    const monthStart = (back: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const review = (createdAt: Date, cost: number) =>
      createReview(testApp.db, { userId: me.id, restaurantId: restaurant.id, createdAt, cost });
    await review(new Date(monthStart(11).getTime() - 1000), 1);
    await review(monthStart(11), 2);
    await review(now, 4);
    const stats = await get<StatsDto>(`/api/profiles/${me.id}/stats`, me.cookie);
    const month = (date: Date) => date.toISOString().slice(0, 7);
    expect(stats.year).toBeNull();
    expect(stats.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, index) => month(monthStart(11 - index))),
    );
    // The review a second before the period is left out, but it made the restaurant known.
    expect(stats.totals).toEqual({ reviews: 2, dishes: 2, restaurants: 1, spending: 6 });
    expect(stats.months[0]).toMatchObject({ spending: 2, newPlaces: 0, returns: 1 });
    expect(stats.months[11]).toMatchObject({ spending: 4, newPlaces: 0, returns: 1 });
  });

  it("counts a review in the month and year it was visited, not posted", async () => {
    await testApp.start();
    const me = await person();
    const restaurant = await createRestaurant(testApp.db);
    await createReview(testApp.db, {
      userId: me.id,
      restaurantId: restaurant.id,
      createdAt: utc("2025-01-02T10:00:00"),
      visitedOn: "2024-12-31",
      cost: 7,
    });
    const y2024 = await get<StatsDto>(`/api/profiles/${me.id}/stats?year=2024`, me.cookie);
    expect(y2024.years).toEqual([2024]);
    expect(y2024.totals).toMatchObject({ reviews: 1, spending: 7 });
    expect(y2024.months.find((m) => m.month === "2024-12")).toMatchObject({ spending: 7 });
    const y2025 = await get<StatsDto>(`/api/profiles/${me.id}/stats?year=2025`, me.cookie);
    expect(y2025.totals).toMatchObject({ reviews: 0 });
  });

  it("shows the stats to the owner, and to others only while public and not blocked", async () => {
    await testApp.start();
    const owner = await person();
    await createReview(testApp.db, { userId: owner.id, rating: 5, cost: 10 });
    const other = await person();
    const blocked = await person();
    const blocker = await person();
    await testApp.db.insert(userBlocks).values([
      { blockerId: owner.id, blockedId: blocked.id },
      { blockerId: blocker.id, blockedId: owner.id },
    ]);
    const status = async (cookie?: string) => {
      const responses = await Promise.all(
        ["stats", "stats/firsts"].map((path) =>
          request(testApp.app, "GET", `/api/profiles/${owner.id}/${path}`, { cookie }),
        ),
      );
      const [stats, firsts] = responses.map((response) => response.statusCode);
      expect(firsts).toBe(stats);
      return stats;
    };
    const everyone = async () => ({
      owner: await status(owner.cookie),
      other: await status(other.cookie),
      visitor: await status(),
      blocked: await status(blocked.cookie),
      blocker: await status(blocker.cookie),
    });
    const statsPublic = async (cookie?: string) =>
      (await get<{ statsPublic: boolean }>(`/api/profiles/${owner.id}`, cookie)).statsPublic;

    expect(await everyone()).toEqual({
      owner: 200,
      other: 404,
      visitor: 404,
      blocked: 404,
      blocker: 404,
    });
    expect(await statsPublic()).toBe(false);

    const show = await request(testApp.app, "PUT", "/api/profile/stats-visibility", {
      cookie: owner.cookie,
      body: { public: true },
    });
    expect(show.statusCode, show.body).toBe(200);
    expect(show.json()).toEqual({ public: true });
    expect(await statsPublic(other.cookie)).toBe(true);
    expect(await everyone()).toEqual({
      owner: 200,
      other: 200,
      visitor: 200,
      blocked: 404,
      blocker: 404,
    });
    const seen = await get<StatsDto>(`/api/profiles/${owner.id}/stats`, other.cookie);
    expect(seen.totals).toMatchObject({ reviews: 1, spending: 10 });

    // Someone else's switch is their own: other's PUT leaves the owner's alone.
    const hide = await request(testApp.app, "PUT", "/api/profile/stats-visibility", {
      cookie: other.cookie,
      body: { public: false },
    });
    expect(hide.statusCode).toBe(200);
    expect(await statsPublic()).toBe(true);

    // An account waiting to be deleted shows nothing to anyone.
    await testApp.db
      .insert(accountDeletions)
      .values({ userId: owner.id, eraseAfter: new Date(Date.now() + 86_400_000) });
    expect(await status(other.cookie)).toBe(404);
    expect(await status()).toBe(404);

    // Back from it, hidden again: the owner's alone.
    await testApp.db.execute(sql`delete from account_deletions where user_id = ${owner.id}`);
    const hideOwn = await request(testApp.app, "PUT", "/api/profile/stats-visibility", {
      cookie: owner.cookie,
      body: { public: false },
    });
    expect(hideOwn.statusCode).toBe(200);
    expect(await everyone()).toEqual({
      owner: 200,
      other: 404,
      visitor: 404,
      blocked: 404,
      blocker: 404,
    });
  });

  it("refuses hostile input with a 400 and changes nothing", async () => {
    await testApp.start();
    const me = await person();
    for (const year of ["1999", "2101", "%00", "20%0025", "2025.5", "abcd", "1e3", ""]) {
      for (const path of ["stats", "stats/firsts"]) {
        const response = await request(
          testApp.app,
          "GET",
          `/api/profiles/${me.id}/${path}?year=${year}`,
          { cookie: me.cookie },
        );
        expect(response.statusCode, `${path} ${year}`).toBe(400);
        expect(response.json().error.code).toBe("VALIDATION_ERROR");
      }
    }
    const shaped = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString("base64url");
    for (const cursor of [
      "nope",
      "%00",
      shaped(["x", "y", "dish"]),
      // A well-formed position whose key is not a day number.
      shaped(["2025-01-01T00:00:00.000000Z", "00000000-0000-4000-8000-000000000000", "dish", 1.5]),
    ]) {
      const response = await request(
        testApp.app,
        "GET",
        `/api/profiles/${me.id}/stats/firsts?cursor=${cursor}`,
        { cookie: me.cookie },
      );
      expect(response.statusCode, cursor).toBe(400);
    }
    expect(
      (await request(testApp.app, "GET", `/api/profiles/a%00b/stats`, { cookie: me.cookie }))
        .statusCode,
    ).toBe(400);
    for (const body of [{ public: "yes" }, {}, { public: null }]) {
      const response = await request(testApp.app, "PUT", "/api/profile/stats-visibility", {
        cookie: me.cookie,
        body,
      });
      expect(response.statusCode).toBe(400);
    }
    const flag = await testApp.db.execute<{ stats_public: boolean }>(
      sql`select stats_public from profiles where id = ${me.id}`,
    );
    expect(flag.rows[0]?.stats_public).toBe(false);
  });
});

describe("GET /api/profiles/:id/stats/firsts", () => {
  it("lists each dish's and restaurant's first review, newest first, by year or ever", async () => {
    await testApp.start();
    const { me, ramen, tacos, pho, r1, r3, r5, r6, r7 } = await seedStats();
    const entry = (
      kind: "dish" | "restaurant",
      review: { id: string; title: string; rating: number; createdAt: Date },
      restaurant: { id: string; name: string; address: string | null },
    ) => ({
      kind,
      reviewId: review.id,
      reviewType: "dish",
      title: kind === "dish" ? review.title : restaurant.name,
      rating: review.rating,
      // Dated by the factory on the day it was posted.
      visitedOn: review.createdAt.toISOString().slice(0, 10),
      createdAt: review.createdAt.toISOString(),
      restaurant: ref(restaurant),
    });
    // 2025: r2 was Tonkotsu at Ramen Bar again (r1), r4 a return to Taco Stand; the two crème
    // brûlées are firsts at two restaurants.
    const year = [
      entry("dish", r7, ramen),
      entry("dish", r6, pho),
      entry("restaurant", r5, pho),
      entry("dish", r5, pho),
      entry("restaurant", r3, tacos),
      entry("dish", r3, tacos),
    ];
    expect(
      await get<StatsFirstsPage>(`/api/profiles/${me.id}/stats/firsts?year=2025`, me.cookie),
    ).toEqual({ items: year, nextCursor: null });
    expect(await get<StatsFirstsPage>(`/api/profiles/${me.id}/stats/firsts`, me.cookie)).toEqual({
      items: [...year, entry("restaurant", r1, ramen), entry("dish", r1, ramen)],
      nextCursor: null,
    });
  });

  it("takes the first visit, not the first posted, and orders by date visited", async () => {
    await testApp.start();
    const me = await person();
    const bakery = await createRestaurant(testApp.db, { name: "Old Bakery" });
    const noodles = await createRestaurant(testApp.db, { name: "Noodle Bar" });
    // Posted first, visited in May.
    const may = await createReview(testApp.db, {
      userId: me.id,
      restaurantId: bakery.id,
      title: "Croissant",
      createdAt: utc("2025-05-01T12:00:00"),
      visitedOn: "2025-05-01",
    });
    // Posted later (an import, say) about a visit a year before: the bakery's first time.
    const earlier = await createReview(testApp.db, {
      userId: me.id,
      restaurantId: bakery.id,
      title: "Baguette",
      createdAt: utc("2025-06-01T12:00:00"),
      visitedOn: "2024-03-02",
    });
    // Posted last, visited in January: listed after May's, whatever its posting time.
    const january = await createReview(testApp.db, {
      userId: me.id,
      restaurantId: noodles.id,
      title: "Dan dan",
      createdAt: utc("2025-07-01T12:00:00"),
      visitedOn: "2025-01-10",
    });
    const page = await get<StatsFirstsPage>(`/api/profiles/${me.id}/stats/firsts`, me.cookie);
    expect(page.items.map((item) => [item.kind, item.title, item.visitedOn])).toEqual([
      ["dish", may.title, "2025-05-01"],
      ["restaurant", "Noodle Bar", "2025-01-10"],
      ["dish", january.title, "2025-01-10"],
      ["restaurant", "Old Bakery", "2024-03-02"],
      ["dish", earlier.title, "2024-03-02"],
    ]);
    // A year holds the first times visited in it.
    const year = await get<StatsFirstsPage>(
      `/api/profiles/${me.id}/stats/firsts?year=2024`,
      me.cookie,
    );
    expect(year.items.map((item) => item.reviewId)).toEqual([earlier.id, earlier.id]);
  });

  it("pages by keyset, 20 at a time, without gaps or repeats", async () => {
    await testApp.start();
    const me = await person();
    const restaurant = await createRestaurant(testApp.db, { name: "Tapas Bar" });
    // 22 dishes in the same second: the id orders them.
    const at = utc("2025-06-01T12:00:00");
    const reviews = [];
    for (let n = 0; n < 22; n++) {
      reviews.push(
        await createReview(testApp.db, {
          userId: me.id,
          restaurantId: restaurant.id,
          title: `Tapa ${n}`,
          createdAt: at,
        }),
      );
    }
    const ids = reviews.map((review) => review.id).sort((a, b) => (a < b ? 1 : -1));
    const firstPage = await get<StatsFirstsPage>(`/api/profiles/${me.id}/stats/firsts`, me.cookie);
    expect(firstPage.items).toHaveLength(20);
    expect(firstPage.nextCursor).not.toBeNull();
    const secondPage = await get<StatsFirstsPage>(
      `/api/profiles/${me.id}/stats/firsts?cursor=${firstPage.nextCursor}`,
      me.cookie,
    );
    expect(secondPage.nextCursor).toBeNull();
    const all = [...firstPage.items, ...secondPage.items];
    // Same time: the lowest id was the restaurant's first. Newest first, and within a review the
    // restaurant's first before the dish's.
    const firstId = ids.at(-1);
    const expected = ids.flatMap((id) =>
      id === firstId ? [`restaurant ${id}`, `dish ${id}`] : [`dish ${id}`],
    );
    expect(all.map((item) => `${item.kind} ${item.reviewId}`)).toEqual(expected);
  });
});
