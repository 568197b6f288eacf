import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { itemNotFoundMessages } from "#domain/items.ts";
import { photoMessages } from "#domain/photos-rules.ts";
import { restaurantMessages } from "#domain/restaurant.ts";
import { reviewMessages } from "#domain/review-rules.ts";
import { restaurants } from "#server/db/schema/restaurants.ts";
import { reviewImages, reviews } from "#server/db/schema/reviews.ts";
import { imageUploads } from "#server/db/schema/uploads.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { postDishReview, uploadId } from "#server/test/content-helpers.ts";
import { getTestDatabase } from "#server/test/database.ts";
import { PlaceDirectory } from "#server/test/places.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

const db = async () => (await getTestDatabase()).db;

async function dish(cookie: string, overrides: Record<string, unknown> = {}) {
  return request(testApp.app, "POST", "/api/reviews", {
    cookie,
    body: {
      reviewType: "dish",
      restaurant: { name: "Taco Spot" },
      title: "Al Pastor",
      rating: 4,
      images: [{ uploadId: await uploadId(testApp.app, cookie) }],
      ...overrides,
    },
  });
}

describe("POST /api/reviews", () => {
  it("creates a dish review with its restaurant and photos in order", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const first = await uploadId(app, user.cookie);
    const second = await uploadId(app, user.cookie);
    const response = await request(app, "POST", "/api/reviews", {
      cookie: user.cookie,
      body: {
        reviewType: "dish",
        restaurant: { name: "Joe's Diner", address: "1 Main St, Springfield, IL 62701, USA" },
        title: "  Lobster Roll ",
        rating: 5,
        cost: "15.5",
        description: "",
        images: [{ uploadId: second, alt: "Main one" }, { uploadId: first }],
        // A body can never set these:
        userId: "someone-else",
        likeCount: 99,
        isHidden: true,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      itemType: "review",
      reviewType: "dish",
      title: "Lobster Roll",
      rating: 5,
      cost: 15.5,
      description: null,
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
      isOwner: true,
      author: { id: user.userId },
      restaurant: { name: "Joe's Diner", slug: "il-springfield-joes-diner" },
    });
    expect(body.images.map((image: { alt: string | null }) => image.alt)).toEqual([
      "Main one",
      null,
    ]);
    expect(await (await db()).select().from(imageUploads)).toHaveLength(0);
    // Visitors can read it; isOwner false, likedByMe null.
    const visitor = await request(app, "GET", `/api/reviews/${body.id}`);
    expect(visitor.json()).toMatchObject({ isOwner: false, likedByMe: null });
  });

  it("reuses the restaurant by place id, then by name and address ignoring case", async () => {
    const { app } = await testApp.start(
      {},
      { places: new PlaceDirectory([{ placeId: "gp-1", name: "Place" }]) },
    );
    const user = await signUpByEmail(app);
    const a = await postDishReview(app, user.cookie, {
      restaurant: { name: "Cafe Uno", address: "2 High St, Austin, TX 78701, USA" },
    });
    const b = await postDishReview(app, user.cookie, {
      restaurant: { name: "CAFE UNO", address: "2 high st, austin, tx 78701, usa" },
    });
    expect(b.restaurant.id).toBe(a.restaurant.id);
    const c = await postDishReview(app, user.cookie, {
      restaurant: { name: "Place", placeId: "gp-1", lat: 1, lng: 2 },
    });
    const d = await postDishReview(app, user.cookie, {
      restaurant: { name: "Place renamed", placeId: "gp-1" },
    });
    expect(d.restaurant.id).toBe(c.restaurant.id);
  });

  it("numbers taken slugs -2, -3", async () => {
    const branches = ["p1", "p2", "p3"].map((placeId) => ({ placeId, name: "Burger Barn" }));
    const { app } = await testApp.start({}, { places: new PlaceDirectory(branches) });
    const user = await signUpByEmail(app);
    const slugs = [];
    for (const placeId of ["p1", "p2", "p3"]) {
      const review = await postDishReview(app, user.cookie, {
        restaurant: { name: "Burger Barn", placeId },
      });
      slugs.push(review.restaurant.slug);
    }
    expect(slugs).toEqual(["burger-barn", "burger-barn-2", "burger-barn-3"]);
  });

  it("keeps slugs unique when restaurants are created concurrently", async () => {
    const branches = Array.from({ length: 6 }, (_, index) => ({
      placeId: `concurrent-${index}`,
      name: "Noodle Bar",
    }));
    const { app } = await testApp.start({}, { places: new PlaceDirectory(branches) });
    const user = await signUpByEmail(app);
    // Uploaded one after another (a person has at most two uploads under way): the race under
    // test is the six reviews naming new restaurants at once.
    const ids: string[] = [];
    for (let index = 0; index < 6; index++) ids.push(await uploadId(app, user.cookie));
    const responses = await Promise.all(
      ids.map((id, index) =>
        request(app, "POST", "/api/reviews", {
          cookie: user.cookie,
          body: {
            reviewType: "dish",
            restaurant: { name: "Noodle Bar", placeId: `concurrent-${index}` },
            title: "Ramen",
            rating: 4,
            images: [{ uploadId: id }],
          },
        }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const slugs = responses.map((response) => response.json().restaurant.slug).sort();
    expect(new Set(slugs).size).toBe(6);
    expect(slugs).toContain("noodle-bar");
  });

  it("takes a place's details from the place provider, never from the client", async () => {
    const places = new PlaceDirectory([
      {
        placeId: "gp-real",
        name: "Golden Dragon",
        address: "5 Market St, San Francisco, CA",
        phone: "+1 415 555 0100",
        website: "https://golden-dragon.example",
        priceLevel: 2,
        googleRating: 4.1,
        latitude: 37.79,
        longitude: -122.4,
      },
    ]);
    const { app } = await testApp.start({}, { places });
    const user = await signUpByEmail(app);
    const claimed = {
      name: "Golden Dragon",
      placeId: "gp-real",
      phone: "+1 900 555 0199",
      website: "https://phishing.example",
      priceLevel: 4,
      googleRating: 5,
    };
    const review = await postDishReview(app, user.cookie, { restaurant: claimed });
    const page = await request(app, "GET", `/api/restaurants/${review.restaurant.id}`);
    expect(page.json()).toMatchObject({
      name: "Golden Dragon",
      address: "5 Market St, San Francisco, CA",
      phone: "+1 415 555 0100",
      website: "https://golden-dragon.example",
      priceLevel: 2,
      priceLevelSource: "google",
      googleRating: 4.1,
      latitude: 37.79,
      longitude: -122.4,
    });
  });

  it("keeps a place id the provider does not know, or details typed by hand, out of the restaurant", async () => {
    const places = new PlaceDirectory([]);
    const { app } = await testApp.start({}, { places });
    const user = await signUpByEmail(app);
    const made = await postDishReview(app, user.cookie, {
      restaurant: {
        name: "Fake Place",
        address: "9 Nowhere Rd",
        placeId: "gp-invented",
        phone: "+1 900 555 0199",
        website: "https://phishing.example",
        priceLevel: 4,
        googleRating: 5,
      },
    });
    const [row] = await testApp.db
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, made.restaurant.id));
    expect(row).toMatchObject({
      name: "Fake Place",
      address: "9 Nowhere Rd",
      googlePlaceId: null,
      phone: null,
      website: null,
      priceLevel: null,
      googleRating: null,
    });
    // The invented id claims nothing later either: the real place, once known, is its own row.
    places.down();
    const whileDown = await postDishReview(app, user.cookie, {
      restaurant: { name: "Fake Place", address: "9 Nowhere Rd", placeId: "gp-invented" },
    });
    expect(whileDown.restaurant.id).toBe(made.restaurant.id);
  });

  it("applies every rule with the messages users see", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ restaurant: { name: " " } }, restaurantMessages.nameRequired],
      [{ title: "" }, reviewMessages.dishRequired],
      [{ title: "x".repeat(201) }, reviewMessages.dishTooLong],
      [{ rating: undefined }, reviewMessages.ratingRequired],
      [{ rating: 0 }, reviewMessages.ratingInvalid],
      [{ rating: 6 }, reviewMessages.ratingInvalid],
      [{ cost: -1 }, reviewMessages.costInvalid],
      [{ cost: "1.234" }, reviewMessages.costDecimals],
      [{ description: "x".repeat(2001) }, reviewMessages.reviewTooLong],
      [{ images: [] }, reviewMessages.photoRequired],
    ];
    for (const [overrides, message] of cases) {
      const response = await request(app, "POST", "/api/reviews", {
        cookie: user.cookie,
        body: {
          reviewType: "dish",
          restaurant: { name: "Taco Spot" },
          title: "Al Pastor",
          rating: 4,
          images: [{ uploadId: "00000000-0000-4000-8000-000000000000" }],
          ...overrides,
        },
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const tooMany = await request(app, "POST", "/api/reviews", {
      cookie: user.cookie,
      body: {
        reviewType: "restaurant",
        restaurant: { name: "Taco Spot" },
        rating: 4,
        images: Array.from({ length: 11 }, () => ({ uploadId: crypto.randomUUID() })),
      },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(photoMessages.tooMany);
    const empty = await dish(user.cookie, { cost: "" });
    expect(empty.json().cost).toBeNull();
  });

  it("restaurant reviews need no photo and keep the price range as cost", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const response = await request(app, "POST", "/api/reviews", {
      cookie: user.cookie,
      body: {
        reviewType: "restaurant",
        restaurant: { name: "Le Bistro" },
        rating: 3,
        priceRange: 3,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ title: "Le Bistro", cost: 3, images: [] });
  });

  it("401 for visitors", async () => {
    const { app } = await testApp.start();
    const response = await request(app, "POST", "/api/reviews", { body: { reviewType: "dish" } });
    expect(response.statusCode).toBe(401);
  });

  it("writes nothing when a photo is not the caller's upload; uploads stay claimable", async () => {
    const { app } = await testApp.start();
    const owner = await signUpByEmail(app);
    const other = await signUpByEmail(app);
    const mine = await uploadId(app, owner.cookie);
    const theirs = await uploadId(app, other.cookie);
    const response = await request(app, "POST", "/api/reviews", {
      cookie: owner.cookie,
      body: {
        reviewType: "dish",
        restaurant: { name: "Brand New Place" },
        title: "Soup",
        rating: 3,
        images: [{ uploadId: mine }, { uploadId: theirs }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(photoMessages.uploadInvalid);
    const database = await db();
    expect(await database.select().from(reviews)).toHaveLength(0);
    expect(await database.select().from(restaurants)).toHaveLength(0);
    expect(await database.select().from(reviewImages)).toHaveLength(0);
    expect(await database.select().from(imageUploads)).toHaveLength(2);
    const retry = await dish(owner.cookie, { images: [{ uploadId: mine }] });
    expect(retry.statusCode, retry.body).toBe(201);
    // A claimed upload cannot be used twice.
    const again = await dish(owner.cookie, { images: [{ uploadId: mine }] });
    expect(again.statusCode).toBe(400);
  });
});

describe("Date visited", () => {
  const utcDay = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  it("is today (UTC) unless given; a day ahead of UTC is someone's today, two is the future", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const plain = await postDishReview(app, user.cookie);
    expect(plain.visitedOn).toBe(utcDay(0));
    const earlier = await postDishReview(app, user.cookie, { visitedOn: "2025-02-28" });
    expect(earlier.visitedOn).toBe("2025-02-28");
    // Somewhere east of UTC it is already tomorrow.
    expect((await postDishReview(app, user.cookie, { visitedOn: utcDay(1) })).visitedOn).toBe(
      utcDay(1),
    );
    const restaurant = await request(app, "POST", "/api/reviews", {
      cookie: user.cookie,
      body: {
        reviewType: "restaurant",
        restaurant: { name: "Le Bistro" },
        rating: 3,
        visitedOn: "2024-12-31",
      },
    });
    expect(restaurant.json().visitedOn).toBe("2024-12-31");
    const before = await (await db()).select().from(reviews);
    const cases: Array<[unknown, string]> = [
      [utcDay(2), reviewMessages.visitedInFuture],
      ["2025-02-30", reviewMessages.visitedInvalid],
      ["28/02/2025", reviewMessages.visitedInvalid],
      ["1899-12-31", reviewMessages.visitedInvalid],
      ["2025-01-01\u0000", reviewMessages.visitedInvalid],
      [20250101, reviewMessages.visitedInvalid],
    ];
    for (const [visitedOn, message] of cases) {
      const response = await dish(user.cookie, { visitedOn });
      expect(response.statusCode, String(visitedOn)).toBe(400);
      expect(response.json().error.message).toBe(message);
      const patch = await request(app, "PATCH", `/api/reviews/${earlier.id}`, {
        cookie: user.cookie,
        body: { visitedOn },
      });
      expect(patch.statusCode).toBe(400);
      expect(patch.json().error.message).toBe(message);
    }
    // Bad input changed nothing.
    expect(await (await db()).select().from(reviews)).toEqual(before);
  });

  it("the owner changes it; the posting date stays", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const review = await postDishReview(app, user.cookie);
    const response = await request(app, "PATCH", `/api/reviews/${review.id}`, {
      cookie: user.cookie,
      body: { visitedOn: "2026-01-15" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ visitedOn: "2026-01-15", createdAt: review.createdAt });
    expect((await request(app, "GET", `/api/reviews/${review.id}`)).json().visitedOn).toBe(
      "2026-01-15",
    );
  });
});

describe("GET /api/profile/diary", () => {
  it("lists only your reviews by date visited, newest first, keyset paged, hidden ones marked", async () => {
    const { app } = await testApp.start();
    const me = await signUpByEmail(app);
    const other = await signUpByEmail(app);
    const post = (title: string, visitedOn: string) =>
      postDishReview(app, me.cookie, { title, visitedOn });
    // Posted in another order than they were eaten; two on one day keep posting order.
    const march = await post("March", "2026-03-10");
    const januaryFirst = await post("January first", "2026-01-05");
    const november = await post("November", "2025-11-30");
    const januarySecond = await post("January second", "2026-01-05");
    const april = await request(app, "POST", "/api/reviews", {
      cookie: me.cookie,
      body: {
        reviewType: "restaurant",
        restaurant: { name: "Le Bistro" },
        rating: 4,
        visitedOn: "2026-04-01",
      },
    });
    await postDishReview(app, other.cookie, { title: "Not mine", visitedOn: "2026-02-01" });
    await (await db()).update(reviews).set({ isHidden: true }).where(eq(reviews.id, november.id));

    const titles: string[] = [];
    const hidden: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/profile/diary?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const response = await request(app, "GET", url, { cookie: me.cookie });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      for (const item of page.items) {
        titles.push(item.title);
        if (item.isHidden) hidden.push(item.title);
      }
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(titles).toEqual([
      "Le Bistro",
      "March",
      januarySecond.title,
      januaryFirst.title,
      "November",
    ]);
    expect(hidden).toEqual(["November"]);
    expect(pages).toBe(3);
    expect(april.json().visitedOn).toBe("2026-04-01");
    expect(march.visitedOn).toBe("2026-03-10");
  });

  it("401 for visitors; a cursor not made for the Diary is a 400", async () => {
    const { app } = await testApp.start();
    const me = await signUpByEmail(app);
    expect((await request(app, "GET", "/api/profile/diary")).statusCode).toBe(401);
    const forged = Buffer.from(
      JSON.stringify(["2026-01-01T00:00:00.000000Z", crypto.randomUUID(), "diary", 1.5]),
    ).toString("base64url");
    const recent = Buffer.from(
      JSON.stringify(["2026-01-01T00:00:00.000000Z", crypto.randomUUID(), "recent"]),
    ).toString("base64url");
    for (const cursor of [forged, recent, "garbage", "x".repeat(201)]) {
      const response = await request(app, "GET", `/api/profile/diary?cursor=${cursor}`, {
        cookie: me.cookie,
      });
      expect(response.statusCode, cursor).toBe(400);
    }
  });
});

describe("GET /api/reviews/:id and by slug", () => {
  it("404 for unknown, malformed and hidden reviews", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const review = await postDishReview(app, user.cookie);
    expect((await request(app, "GET", `/api/reviews/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const malformed = await request(app, "GET", "/api/reviews/not-a-uuid");
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().error.message).toBe(itemNotFoundMessages.review);
    await (await db()).update(reviews).set({ isHidden: true }).where(eq(reviews.id, review.id));
    expect((await request(app, "GET", `/api/reviews/${review.id}`)).statusCode).toBe(404);
  });

  it("finds the newest review by slugified title", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    await postDishReview(app, user.cookie, { title: "Lobster Roll!" });
    const newer = await postDishReview(app, user.cookie, { title: "lobster  roll" });
    const found = await request(app, "GET", "/api/reviews/by-slug/food/lobster-roll");
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().id).toBe(newer.id);
    expect(
      (await request(app, "GET", "/api/reviews/by-slug/restaurant/lobster-roll")).statusCode,
    ).toBe(404);
    // Slugs drop accents, so the title is matched without its accents too.
    const accented = await postDishReview(app, user.cookie, { title: "Crème Brûlée" });
    const unaccented = await request(app, "GET", "/api/reviews/by-slug/food/creme-brulee");
    expect(unaccented.statusCode, unaccented.body).toBe(200);
    expect(unaccented.json().id).toBe(accented.id);
  });
});

describe("PATCH and DELETE /api/reviews/:id", () => {
  it("owner edits fields and reorders, adds and removes photos; restaurant never changes", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const review = await postDishReview(app, user.cookie);
    const [main] = review.images;
    const added = await uploadId(app, user.cookie);
    const response = await request(app, "PATCH", `/api/reviews/${review.id}`, {
      cookie: user.cookie,
      body: {
        title: "Crab Roll",
        rating: 3,
        cost: null,
        description: "Changed",
        restaurant: { name: "Elsewhere" },
        images: [{ uploadId: added, alt: "new" }, { imageId: main.id }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      title: "Crab Roll",
      rating: 3,
      cost: null,
      description: "Changed",
    });
    expect(body.restaurant.id).toBe(review.restaurant.id);
    expect(body.images.map((image: { alt: string | null }) => image.alt)).toEqual(["new", null]);
    expect(body.images[1].id).toBe(main.id);
    const removed = await request(app, "PATCH", `/api/reviews/${review.id}`, {
      cookie: user.cookie,
      body: {
        images: [{ imageId: body.images[0].id }],
      },
    });
    expect(removed.json().images).toHaveLength(1);
    expect((await app.inject({ method: "GET", url: main.url480 })).statusCode).toBe(404);
  });

  it("403 for another user, 401 for visitors, 404 for unknown ids", async () => {
    const { app } = await testApp.start();
    const owner = await signUpByEmail(app);
    const other = await signUpByEmail(app);
    const review = await postDishReview(app, owner.cookie);
    const url = `/api/reviews/${review.id}`;
    expect(
      (await request(app, "PATCH", url, { cookie: other.cookie, body: { rating: 1 } })).statusCode,
    ).toBe(403);
    expect((await request(app, "DELETE", url, { cookie: other.cookie })).statusCode).toBe(403);
    expect((await request(app, "PATCH", url, { body: { rating: 1 } })).statusCode).toBe(401);
    expect((await request(app, "DELETE", url)).statusCode).toBe(401);
    const unknown = `/api/reviews/${crypto.randomUUID()}`;
    expect((await request(app, "DELETE", unknown, { cookie: owner.cookie })).statusCode).toBe(404);
    expect(
      (await request(app, "DELETE", "/api/reviews/garbage", { cookie: owner.cookie })).statusCode,
    ).toBe(404);
    expect((await request(app, "GET", url)).json().rating).toBe(5);
  });

  it("owner deletes: 204, rows and files gone", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const review = await postDishReview(app, user.cookie);
    const response = await request(app, "DELETE", `/api/reviews/${review.id}`, {
      cookie: user.cookie,
    });
    expect(response.statusCode).toBe(204);
    expect((await request(app, "GET", `/api/reviews/${review.id}`)).statusCode).toBe(404);
    expect(await (await db()).select().from(reviewImages)).toHaveLength(0);
    expect((await app.inject({ method: "GET", url: review.images[0].url })).statusCode).toBe(404);
  });
});
