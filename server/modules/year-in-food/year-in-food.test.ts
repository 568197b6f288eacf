import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { YearInFoodDto, YearListDto } from "#domain/year-in-food.ts";
import { DEFAULT_CONTENT_RATE_LIMITS } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor } from "#server/test/auth-helpers.ts";
import {
  createRestaurant,
  createReview,
  createReviewImage,
  createUser,
} from "#server/test/factories.ts";
import { countingImageJobs } from "#server/test/image-jobs.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

/** The app's clock: each test moves it where its rule needs it. */
let now = new Date("2026-06-15T12:00:00Z");
const start = () => testApp.start({}, { clock: () => now });

/**
 * Ann's reviews around 2025, with the answers worked out by hand: 2025 holds seven visible
 * reviews (six dishes) at A, B and C; A was first reviewed in 2024, so B and C are new places.
 */
async function seedAnn(db: Database) {
  const ann = await createUser(db, { fullName: "Ann Example" });
  const a = await createRestaurant(db, { name: "Alder" });
  const b = await createRestaurant(db, { name: "Birch" });
  const c = await createRestaurant(db, { name: "Cedar" });
  const d = await createRestaurant(db, { name: "Dogwood" });
  const review = (
    title: string,
    restaurantId: string,
    createdAt: string,
    rating: number,
    likeCount: number,
    extra: { reviewType?: "dish" | "restaurant"; isHidden?: boolean } = {},
  ) =>
    createReview(db, {
      userId: ann.id,
      restaurantId,
      title,
      rating,
      likeCount,
      createdAt: new Date(createdAt),
      ...extra,
    });
  await review("Last of 2024", a.id, "2024-12-31T23:59:59.999Z", 5, 50);
  const r1 = await review("Tie older", a.id, "2025-03-01T10:00:00Z", 5, 2);
  await review("Tie newer", a.id, "2025-04-01T10:00:00Z", 5, 2);
  await review("Best dish", b.id, "2025-05-01T10:00:00Z", 5, 7);
  await review("Crowd favourite", b.id, "2025-06-01T10:00:00Z", 3, 9);
  await review("Solid four", c.id, "2025-07-01T10:00:00Z", 4, 0);
  await review("Sixth dish", c.id, "2025-08-01T10:00:00Z", 2, 0);
  await review("The room", c.id, "2025-09-01T10:00:00Z", 5, 1, { reviewType: "restaurant" });
  await review("Hidden", d.id, "2025-10-01T10:00:00Z", 5, 100, { isHidden: true });
  await review("First of 2026", d.id, "2026-01-01T00:00:00Z", 5, 60);
  await createReviewImage(db, { reviewId: r1.id, imageUrl: "/uploads/test/tie-older.webp" });
  return { ann, restaurants: { a, b, c, d } };
}

describe("Year in Food", () => {
  it("counts one year only, ranks its top five dishes and finds its most liked review", async () => {
    now = new Date("2026-06-15T12:00:00Z");
    const { app } = await start();
    const { ann, restaurants } = await seedAnn(app.database.db);
    const cookie = await sessionCookieFor(app, ann.id);

    const list = await request(app, "GET", `/api/profiles/${ann.id}/years`, { cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json<YearListDto>()).toEqual({
      years: [2025, 2024],
      upcoming: { year: 2026, opensAt: "2026-12-01T00:00:00.000Z" },
    });

    const response = await request(app, "GET", `/api/profiles/${ann.id}/years/2025`, { cookie });
    expect(response.statusCode).toBe(200);
    const recap = response.json<YearInFoodDto>();
    expect(recap.year).toBe(2025);
    expect(recap.person.fullName).toBe("Ann Example");
    expect(recap.counts).toEqual({ reviews: 7, dishes: 6, restaurants: 3, newPlaces: 2 });
    expect(recap.topDishes.map((dish) => dish.title)).toEqual([
      "Best dish",
      "Tie newer",
      "Tie older",
      "Solid four",
      "Crowd favourite",
    ]);
    expect(recap.topDishes[2]?.images.map((image) => image.url)).toEqual([
      "/uploads/test/tie-older.webp",
    ]);
    expect(recap.mostLiked?.title).toBe("Crowd favourite");
    expect(recap.places.map((place) => place.restaurant.name).sort()).toEqual([
      restaurants.a.name,
      restaurants.b.name,
      restaurants.c.name,
    ]);
    expect(recap.years).toEqual([2024]);

    const earlier = await request(app, "GET", `/api/profiles/${ann.id}/years/2024`, { cookie });
    expect(earlier.json<YearInFoodDto>()).toMatchObject({
      counts: { reviews: 1, dishes: 1, restaurants: 1, newPlaces: 1 },
      mostLiked: { title: "Last of 2024" },
      years: [2025],
    });
    // Before the first review's year: nothing to open.
    const before = await request(app, "GET", `/api/profiles/${ann.id}/years/2023`, { cookie });
    expect(before.statusCode).toBe(404);
  });

  it("counts a review in the year it was visited, not the year it was posted", async () => {
    now = new Date("2026-06-15T12:00:00Z");
    const { app } = await start();
    const db = app.database.db;
    const ben = await createUser(db);
    const cookie = await sessionCookieFor(app, ben.id);
    const place = await createRestaurant(db);
    await createReview(db, {
      userId: ben.id,
      restaurantId: place.id,
      title: "New Year's Eve ramen",
      createdAt: new Date("2026-01-02T09:00:00Z"),
      visitedOn: "2025-12-31",
    });
    const years = await request(app, "GET", `/api/profiles/${ben.id}/years`, { cookie });
    expect(years.json<YearListDto>().years).toEqual([2025]);
    const recap = await request(app, "GET", `/api/profiles/${ben.id}/years/2025`, { cookie });
    expect(recap.json<YearInFoodDto>()).toMatchObject({
      counts: { reviews: 1, dishes: 1, restaurants: 1, newPlaces: 1 },
      topDishes: [{ title: "New Year's Eve ramen", visitedOn: "2025-12-31" }],
    });
  });

  it("opens the current year on December 1 (UTC), not a moment before", async () => {
    now = new Date("2026-11-30T23:59:59.999Z");
    const { app } = await start();
    const { ann } = await seedAnn(app.database.db);
    const cookie = await sessionCookieFor(app, ann.id);
    const year2026 = () => request(app, "GET", `/api/profiles/${ann.id}/years/2026`, { cookie });
    expect((await year2026()).statusCode).toBe(404);

    now = new Date("2026-12-01T00:00:00.000Z");
    const open = await year2026();
    expect(open.statusCode).toBe(200);
    expect(open.json<YearInFoodDto>()).toMatchObject({
      counts: { reviews: 1, dishes: 1, restaurants: 1, newPlaces: 1 },
      mostLiked: { title: "First of 2026" },
      years: [2025, 2024],
    });
    const list = await request(app, "GET", `/api/profiles/${ann.id}/years`, { cookie });
    expect(list.json<YearListDto>()).toEqual({ years: [2026, 2025, 2024], upcoming: null });
  });

  it("shows others only public stats, and never across a block or a pending deletion", async () => {
    now = new Date("2026-06-15T12:00:00Z");
    const { app } = await start();
    const db = app.database.db;
    const { ann } = await seedAnn(db);
    const bob = await createUser(db);
    const [annCookie, bobCookie] = [
      await sessionCookieFor(app, ann.id),
      await sessionCookieFor(app, bob.id),
    ];
    const statuses = async () => {
      const answer = async (cookie?: string) => {
        const [years, year, card] = await Promise.all([
          request(app, "GET", `/api/profiles/${ann.id}/years`, { cookie }),
          request(app, "GET", `/api/profiles/${ann.id}/years/2025`, { cookie }),
          request(app, "GET", `/api/profiles/${ann.id}/years/2025/card.png`, {
            cookie,
            headers: { "if-none-match": "*" },
          }),
        ]);
        // The card is asked with a stale tag, so a visible one is drawn and sent (200).
        return [years.statusCode, year.statusCode, card.statusCode].join("/");
      };
      return {
        owner: await answer(annCookie),
        other: await answer(bobCookie),
        visitor: await answer(),
      };
    };

    expect(await statuses()).toEqual({
      owner: "200/200/200",
      other: "404/404/404",
      visitor: "404/404/404",
    });

    await db.execute(sql`update profiles set stats_public = true where id = ${ann.id}`);
    expect(await statuses()).toEqual({
      owner: "200/200/200",
      other: "200/200/200",
      visitor: "200/200/200",
    });

    for (const [blocker, blocked] of [
      [ann.id, bob.id],
      [bob.id, ann.id],
    ]) {
      await db.execute(
        sql`insert into user_blocks (blocker_id, blocked_id) values (${blocker}, ${blocked})`,
      );
      expect(await statuses(), `${blocker} blocked ${blocked}`).toEqual({
        owner: "200/200/200",
        other: "404/404/404",
        visitor: "200/200/200",
      });
      await db.execute(sql`delete from user_blocks`);
    }

    await db.execute(sql`insert into account_deletions (user_id, erase_after)
                         values (${ann.id}, now() + interval '14 days')`);
    const visitor = await request(app, "GET", `/api/profiles/${ann.id}/years/2025`);
    expect(visitor.statusCode).toBe(404);
  });

  it("draws a 1200×630 PNG card whose ETag follows the data", async () => {
    now = new Date("2026-06-15T12:00:00Z");
    const { app } = await start();
    const db = app.database.db;
    const { ann, restaurants } = await seedAnn(db);
    const cookie = await sessionCookieFor(app, ann.id);
    const url = `/api/profiles/${ann.id}/years/2025/card.png`;

    const card = await request(app, "GET", url, { cookie });
    expect(card.statusCode).toBe(200);
    expect(card.headers["content-type"]).toBe("image/png");
    expect(card.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    const image = await sharp(card.rawPayload).metadata();
    expect({ format: image.format, width: image.width, height: image.height }).toEqual({
      format: "png",
      width: 1200,
      height: 630,
    });
    const etag = card.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await request(app, "GET", url, {
      cookie,
      headers: { "if-none-match": String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    await createReview(db, {
      userId: ann.id,
      restaurantId: restaurants.d.id,
      // Glyphs the card's fonts lack and a name longer than a line: still drawn.
      title: `🍜 ラーメン <b>&amp; ${"very long ".repeat(20)}`,
      rating: 5,
      likeCount: 20,
      createdAt: new Date("2025-11-11T11:00:00Z"),
    });
    const changed = await request(app, "GET", url, {
      cookie,
      headers: { "if-none-match": String(etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.rawPayload.equals(card.rawPayload)).toBe(false);

    await db.execute(sql`update profiles set stats_public = true where id = ${ann.id}`);
    const shared = await request(app, "GET", url);
    expect(shared.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);

    // The story image: the same year upright at 1080×1920, an image (and ETag) of its own.
    const story = await request(app, "GET", url.replace("card.png", "story.png"), { cookie });
    expect(story.statusCode).toBe(200);
    expect(story.headers["content-type"]).toBe("image/png");
    const upright = await sharp(story.rawPayload).metadata();
    expect({ format: upright.format, width: upright.width, height: upright.height }).toEqual({
      format: "png",
      width: 1080,
      height: 1920,
    });
    expect(story.headers.etag).not.toBe(changed.headers.etag);
  });

  it("draws each version of a card once, however many ask at once", async () => {
    now = new Date("2026-06-15T12:00:00Z");
    const work = countingImageJobs();
    const { app } = await testApp.start({}, { clock: () => now, images: work.images });
    const db = app.database.db;
    const { ann, restaurants } = await seedAnn(db);
    await db.execute(sql`update profiles set stats_public = true where id = ${ann.id}`);
    const url = `/api/profiles/${ann.id}/years/2025/card.png`;

    const crowd = await Promise.all(Array.from({ length: 5 }, () => request(app, "GET", url)));
    const [first] = crowd;
    for (const card of crowd) {
      expect(card.statusCode).toBe(200);
      expect(card.rawPayload.equals(first?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    }
    const later = await request(app, "GET", url);
    expect(later.rawPayload.equals(first?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    expect(work.done("card")).toBe(1);

    // A change to what the card shows draws it anew, once.
    await createReview(db, {
      userId: ann.id,
      restaurantId: restaurants.d.id,
      title: "Late discovery",
      rating: 5,
      likeCount: 30,
      createdAt: new Date("2025-12-01T10:00:00Z"),
    });
    const changed = await request(app, "GET", url);
    expect(changed.headers.etag).not.toBe(first?.headers.etag);
    await request(app, "GET", url);
    expect(work.done("card")).toBe(2);
  });

  it("limits the cards drawn for one address, never those served drawn", async () => {
    now = new Date("2026-06-15T12:00:00Z");
    const { app } = await testApp.start(
      { contentRateLimits: { ...DEFAULT_CONTENT_RATE_LIMITS, cardDraws: { window: 600, max: 1 } } },
      { clock: () => now },
    );
    const { ann } = await seedAnn(app.database.db);
    await app.database.db.execute(
      sql`update profiles set stats_public = true where id = ${ann.id}`,
    );
    const card = (year: number) =>
      request(app, "GET", `/api/profiles/${ann.id}/years/${year}/card.png`);

    expect((await card(2025)).statusCode).toBe(200);
    const refused = await card(2024);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect(refused.json()).toEqual({
      error: { code: "RATE_LIMITED", message: expect.any(String) },
    });
    expect((await card(2025)).statusCode).toBe(200);
  });

  it("refuses a malformed year or id with a 400 before reading anything", async () => {
    const { app } = await start();
    const ann = await createUser(app.database.db);
    const cookie = await sessionCookieFor(app, ann.id);
    for (const year of ["0", "99999", "%00", "20%0025", "abcd", "-2025", "1969"]) {
      for (const suffix of ["", "/card.png", "/story.png"]) {
        const response = await request(
          app,
          "GET",
          `/api/profiles/${ann.id}/years/${year}${suffix}`,
          {
            cookie,
          },
        );
        expect(response.statusCode, `${year}${suffix}`).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: "VALIDATION_ERROR" } });
      }
    }
    const nul = await request(app, "GET", "/api/profiles/%00/years", { cookie });
    expect(nul.statusCode).toBe(400);
  });
});
