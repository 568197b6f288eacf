import { eq, type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ItemSort } from "#domain/item-lists.ts";
import { FOLLOWED_REVIEWS_LIMIT, type RestaurantTab } from "#domain/restaurant.ts";
import { restaurants } from "#server/db/schema/restaurants.ts";
import { itemTabTarget } from "#server/modules/items/item-list.queries.ts";
import { planItemList } from "#server/modules/items/item-list.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail, signUpWithProfile } from "#server/test/auth-helpers.ts";
import { postDishReview } from "#server/test/content-helpers.ts";
import { getTestDatabase } from "#server/test/database.ts";
import {
  createFollow,
  createPlanUsers,
  createPost,
  createRestaurant,
  createReview,
  createUser,
} from "#server/test/factories.ts";
import {
  at,
  createTiedReviews,
  crossedCursors,
  expectDishSearch,
  expectEverySortPaged,
  expectPostsSortedByDateOnly,
  expectRefused,
  explainPlan,
  getAllItems,
  getItemPage,
  type ListedItem,
  type SortedRow,
} from "#server/test/item-lists.ts";
import { request } from "#server/test/request.ts";
import {
  followedReviewerCountSql,
  followedReviewsPage,
  restaurantItemsSql,
  restaurantStatsSql,
} from "./restaurants.queries.ts";

const testApp = useTestApp();

const restaurantPage = (idOrSlug: string) =>
  request(testApp.app, "GET", `/api/restaurants/${idOrSlug}`);

const tab = (restaurantId: string, query: string, cookie?: string) =>
  getItemPage(testApp.app, `/api/restaurants/${restaurantId}/items?${query}`, cookie);

const allItems = (restaurantId: string, query: string, limit: number) =>
  getAllItems(testApp.app, `/api/restaurants/${restaurantId}/items?${query}`, limit);

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe("GET /api/restaurants/:idOrSlug", () => {
  it("by UUID and by slug, with stats and a derived price tier", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const review = await postDishReview(app, user.cookie, { rating: 4 });
    await postDishReview(app, user.cookie, { rating: 2 });
    for (const priceRange of [2, 4]) {
      const response = await request(app, "POST", "/api/reviews", {
        cookie: user.cookie,
        body: {
          reviewType: "restaurant",
          restaurant: review.restaurant,
          rating: 5,
          priceRange,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    await request(app, "POST", "/api/posts", {
      cookie: user.cookie,
      body: {
        title: "Visit",
        restaurant: { name: review.restaurant.name, address: review.restaurant.address },
      },
    });
    const byId = await request(app, "GET", `/api/restaurants/${review.restaurant.id}`);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json()).toMatchObject({
      slug: "il-springfield-joes-diner",
      // Reviewers said Moderate (2) and Luxury (4): the rounded average is Premium (3).
      priceLevel: 3,
      priceLevelSource: "reviews",
      stats: {
        dishRating: { average: 3, count: 2 },
        restaurantRating: { average: 5, count: 2 },
        postCount: 1,
      },
    });
    const bySlug = await request(app, "GET", "/api/restaurants/il-springfield-joes-diner");
    expect(bySlug.json().id).toBe(review.restaurant.id);
    const missing = await request(app, "GET", "/api/restaurants/nowhere");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe("Restaurant not found");
  });

  it("derives the tier from dish costs when no reviewer gave a price range", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const review = await postDishReview(app, user.cookie, { cost: "12.00" });
    await postDishReview(app, user.cookie, { cost: "40.00" });
    const response = await request(app, "GET", `/api/restaurants/${review.restaurant.id}`);
    // Average dish cost 26 → under 30 → tier 2.
    expect(response.json()).toMatchObject({ priceLevel: 2, priceLevelSource: "reviews" });
  });

  it("generates and saves a slug on first view", async () => {
    const { app } = await testApp.start();
    const { db } = await getTestDatabase();
    await db.insert(restaurants).values({ name: "Taken", slug: "tx-austin-pho-house" });
    const [row] = await db
      .insert(restaurants)
      .values({ name: "Pho House", address: "9 Elm St, Austin, TX 78701", googleRating: 4.5 })
      .returning();
    const response = await request(app, "GET", `/api/restaurants/${row?.id}`);
    expect(response.json()).toMatchObject({ slug: "tx-austin-pho-house-2", googleRating: 4.5 });
    const [saved] = await db.select().from(restaurants).where(eq(restaurants.name, "Pho House"));
    expect(saved?.slug).toBe("tx-austin-pho-house-2");
  });

  it("keeps the slug it saved: later views and the slug address find the same restaurant", async () => {
    await testApp.start();
    const place = await createRestaurant(testApp.db, {
      name: "Café Olé",
      address: "5 Rue X, 75001 Paris, France",
    });
    expect(place.slug).toBeNull();
    const first = (await restaurantPage(place.id)).json();
    expect(first.slug).toBe("paris-cafe-ole");
    expect((await restaurantPage(place.id)).json().slug).toBe("paris-cafe-ole");
    const bySlug = await restaurantPage("paris-cafe-ole");
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    expect(bySlug.json().id).toBe(place.id);
    // Slugs are lower case; an address typed in capitals still finds the restaurant.
    expect((await restaurantPage("Paris-Cafe-Ole")).json().id).toBe(place.id);
    const [saved] = await testApp.db.select().from(restaurants).where(eq(restaurants.id, place.id));
    expect(saved?.slug).toBe("paris-cafe-ole");
  });

  it("gives namesakes at one address their own slugs: -2 for the second one viewed", async () => {
    await testApp.start();
    const address = "77 Oak Ave, Portland, OR 97201, USA";
    const first = await createRestaurant(testApp.db, { name: "Taco Stand", address });
    const second = await createRestaurant(testApp.db, { name: "Taco Stand", address });
    const nameOnly = await createRestaurant(testApp.db, { name: "Taco Stand", address: null });
    expect((await restaurantPage(second.id)).json().slug).toBe("or-portland-taco-stand");
    expect((await restaurantPage(first.id)).json().slug).toBe("or-portland-taco-stand-2");
    expect((await restaurantPage(nameOnly.id)).json().slug).toBe("taco-stand");
    // Viewing again changes nothing.
    expect((await restaurantPage(second.id)).json().slug).toBe("or-portland-taco-stand");
    expect((await restaurantPage(first.id)).json().slug).toBe("or-portland-taco-stand-2");
    expect((await restaurantPage("or-portland-taco-stand-2")).json().id).toBe(first.id);
  });

  it("ends two concurrent first views of one slugless restaurant with one slug", async () => {
    await testApp.start();
    const place = await createRestaurant(testApp.db, {
      name: "Noodle Bar",
      address: "3 Pine St, Seattle, WA 98101, USA",
    });
    const responses = await Promise.all([1, 2, 3, 4].map(() => restaurantPage(place.id)));
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().slug).toBe("wa-seattle-noodle-bar");
    }
    const saved = await testApp.db
      .select({ id: restaurants.id, slug: restaurants.slug })
      .from(restaurants);
    expect(saved).toEqual([{ id: place.id, slug: "wa-seattle-noodle-bar" }]);
  });

  it("gives concurrent first views of two namesakes different slugs", async () => {
    await testApp.start();
    const address = "3 Pine St, Seattle, WA 98101, USA";
    const places = [
      await createRestaurant(testApp.db, { name: "Noodle Bar", address }),
      await createRestaurant(testApp.db, { name: "Noodle Bar", address }),
    ];
    const responses = await Promise.all(
      [...places, ...places].map((place) => restaurantPage(place.id)),
    );
    const slugs = responses.map((response) => response.json().slug);
    expect(slugs[0]).toBe(slugs[2]);
    expect(slugs[1]).toBe(slugs[3]);
    expect([slugs[0], slugs[1]].sort()).toEqual([
      "wa-seattle-noodle-bar",
      "wa-seattle-noodle-bar-2",
    ]);
  });

  it("finds a restaurant by a slug longer than a profile handle", async () => {
    await testApp.start();
    const name = `The ${"Very ".repeat(40)}Long Name`;
    const place = await createRestaurant(testApp.db, {
      name,
      address: "1 Main St, Springfield, IL 62701, USA",
    });
    const slug = (await restaurantPage(place.id)).json().slug;
    expect(slug.length).toBeGreaterThan(200);
    const response = await restaurantPage(slug);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().id).toBe(place.id);
  });

  it("refuses a NUL byte in a restaurant address with 400, on every restaurant route", async () => {
    const { app } = await testApp.start();
    await expectRefused(
      app,
      [
        "/api/restaurants/%00",
        "/api/restaurants/joes%00diner",
        "/api/restaurants/a%00b/items?tab=posts",
        "/api/restaurants/a%00b/followed-reviews",
      ],
      "VALIDATION_ERROR",
    );
  });

  it("computes every stat from visible reviews and posts of this restaurant only", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    const place = await createRestaurant(testApp.db, { name: "Stats Place", googleRating: 4.3 });
    const elsewhere = await createRestaurant(testApp.db, { priceLevel: 4 });
    const dish = (rating: number, cost: number | null, isHidden = false) =>
      createReview(testApp.db, { userId: ann.id, restaurantId: place.id, rating, cost, isHidden });
    const verdict = (rating: number, cost: number | null, isHidden = false) =>
      createReview(testApp.db, {
        userId: ann.id,
        restaurantId: place.id,
        reviewType: "restaurant",
        rating,
        cost,
        isHidden,
      });
    await dish(5, 10);
    await dish(4, 16);
    await dish(2, null);
    await dish(1, 100, true);
    await verdict(4, 1);
    await verdict(3, 1);
    await verdict(5, 2);
    await verdict(1, 4, true);
    await verdict(1, 4, true);
    await createPost(testApp.db, { userId: ann.id, restaurantId: place.id });
    await createPost(testApp.db, { userId: ann.id, restaurantId: place.id });
    await createPost(testApp.db, { userId: ann.id, restaurantId: place.id, isHidden: true });
    await createPost(testApp.db, { userId: ann.id, restaurantId: elsewhere.id });
    await createPost(testApp.db, { userId: ann.id });
    await createReview(testApp.db, { userId: ann.id, restaurantId: elsewhere.id, rating: 1 });
    await createReview(testApp.db, {
      userId: ann.id,
      restaurantId: elsewhere.id,
      reviewType: "restaurant",
      rating: 1,
      cost: 4,
    });

    const body = (await restaurantPage(place.id)).json();
    // Dishes (5 + 4 + 2) / 3; the hidden 1 would make it 3. Verdicts (4 + 3 + 5) / 3 = 4; the
    // hidden ones would make it 2.8. Price ranges (1 + 1 + 2) / 3 rounds to 1; with the hidden
    // 4s it would be 2.4, so 2.
    expect(body.stats.dishRating.average).toBeCloseTo(11 / 3, 10);
    expect(body).toMatchObject({
      name: "Stats Place",
      googleRating: 4.3,
      priceLevel: 1,
      priceLevelSource: "reviews",
      stats: {
        dishRating: { count: 3 },
        restaurantRating: { average: 4, count: 3 },
        postCount: 2,
      },
    });

    // Google's price level wins over what reviewers said.
    await testApp.db.update(restaurants).set({ priceLevel: 3 }).where(eq(restaurants.id, place.id));
    expect((await restaurantPage(place.id)).json()).toMatchObject({
      priceLevel: 3,
      priceLevelSource: "google",
    });
  });

  it("derives the tier from visible dish costs only, and shows nothing for a restaurant without reviews", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    const place = await createRestaurant(testApp.db);
    for (const [cost, isHidden] of [
      [10, false],
      [16, false],
      [null, false],
      [100, true],
    ] as const) {
      await createReview(testApp.db, { userId: ann.id, restaurantId: place.id, cost, isHidden });
    }
    // (10 + 16) / 2 = 13, under 15: Budget. With the hidden 100 it would be 42: Premium.
    expect((await restaurantPage(place.id)).json()).toMatchObject({
      priceLevel: 1,
      priceLevelSource: "reviews",
    });

    const empty = await createRestaurant(testApp.db);
    expect((await restaurantPage(empty.id)).json()).toMatchObject({
      googleRating: null,
      priceLevel: null,
      priceLevelSource: null,
      stats: {
        dishRating: { average: null, count: 0 },
        restaurantRating: { average: null, count: 0 },
        postCount: 0,
      },
    });
  });
});

describe("GET /api/restaurants/:id/items", () => {
  it("lists each tab's visible items of this restaurant as the feed shows them, with the viewer's likes", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "viewer" });
    const ann = await createUser(testApp.db, { username: "ann_lee", fullName: "Ann Lee" });
    const place = await createRestaurant(testApp.db, { name: "Ichiran", priceLevel: 2 });
    const elsewhere = await createRestaurant(testApp.db);
    const dish = await createReview(testApp.db, {
      userId: ann.id,
      restaurantId: place.id,
      title: "Spicy Ramen",
      rating: 5,
      cost: 14.5,
    });
    const liked = await createReview(testApp.db, { userId: ann.id, restaurantId: place.id });
    const mine = await createReview(testApp.db, { userId: me.userId, restaurantId: place.id });
    await createReview(testApp.db, { userId: ann.id, restaurantId: place.id, isHidden: true });
    await createReview(testApp.db, { userId: ann.id, restaurantId: elsewhere.id });
    const verdict = await createReview(testApp.db, {
      userId: ann.id,
      reviewType: "restaurant",
      restaurantId: place.id,
      title: "Ichiran",
    });
    await createReview(testApp.db, {
      userId: ann.id,
      reviewType: "restaurant",
      restaurantId: place.id,
      isHidden: true,
    });
    const post = await createPost(testApp.db, {
      userId: ann.id,
      restaurantId: place.id,
      title: "Brunch",
      content: "Eggs",
    });
    await createPost(testApp.db, { userId: ann.id, restaurantId: place.id, isHidden: true });
    await createPost(testApp.db, { userId: ann.id, restaurantId: elsewhere.id });
    await createPost(testApp.db, { userId: ann.id });
    await testApp.db.execute(
      sql`insert into likes (user_id, review_id) values (${me.userId}, ${liked.id})`,
    );

    const dishes = await tab(place.id, "tab=dishes", me.cookie);
    expect(ids(dishes.items).sort()).toEqual([dish.id, liked.id, mine.id].sort());
    expect(dishes.nextCursor).toBeNull();
    const detail = (
      await request(app, "GET", `/api/reviews/${dish.id}`, { cookie: me.cookie })
    ).json();
    expect(dishes.items.find((item) => item.id === dish.id)).toEqual(detail);
    expect(dishes.items.find((item) => item.id === liked.id)).toMatchObject({
      likedByMe: true,
      isOwner: false,
    });
    expect(dishes.items.find((item) => item.id === mine.id)).toMatchObject({
      likedByMe: false,
      isOwner: true,
    });

    expect(ids((await tab(place.id, "tab=restaurant")).items)).toEqual([verdict.id]);
    const posts = await tab(place.id, "tab=posts");
    expect(posts.items).toHaveLength(1);
    expect(posts.items[0]).toMatchObject({
      id: post.id,
      itemType: "post",
      content: "Eggs",
      likedByMe: null,
      isOwner: false,
      restaurant: { id: place.id, name: "Ichiran" },
    });
  });

  it("answers 404 for an unknown restaurant or an address that is no id, 400 for a bad query", async () => {
    const { app } = await testApp.start();
    const place = await createRestaurant(testApp.db, { slug: "joes-diner" });
    for (const id of [crypto.randomUUID(), "nowhere", "joes-diner"]) {
      const response = await request(app, "GET", `/api/restaurants/${id}/items?tab=dishes`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({
        error: { code: "NOT_FOUND", message: "Restaurant not found" },
      });
    }
    await expectRefused(
      app,
      [
        "",
        "tab=photos",
        "tab=restaurants",
        "tab=dishes&sort=newest",
        "tab=dishes&limit=51",
        "tab=dishes&limit=0",
        `tab=dishes&q=${"x".repeat(101)}`,
        "tab=dishes&q=%00",
      ].map((query) => `/api/restaurants/${place.id}/items?${query}`),
      "VALIDATION_ERROR",
    );
    await expectRefused(
      app,
      [`/api/restaurants/${place.id}/items?tab=dishes&cursor=not-a-cursor`],
      "INVALID_CURSOR",
    );
  });

  it("sorts posts by date only", async () => {
    const { app } = await testApp.start();
    const ann = await createUser(testApp.db);
    const place = await createRestaurant(testApp.db);
    const older = await createPost(testApp.db, {
      userId: ann.id,
      restaurantId: place.id,
      createdAt: at("2024-01-01"),
    });
    const newer = await createPost(testApp.db, {
      userId: ann.id,
      restaurantId: place.id,
      createdAt: at("2024-02-01"),
    });
    await expectPostsSortedByDateOnly(app, `/api/restaurants/${place.id}/items`, older, newer);
  });

  it("pages every sort of both review tabs through ties and missing prices without repeats or skips", async () => {
    const { app } = await testApp.start();
    const authors = [(await createUser(testApp.db)).id, (await createUser(testApp.db)).id];
    const place = await createRestaurant(testApp.db);
    const elsewhere = await createRestaurant(testApp.db);
    const rows: Record<"dishes" | "restaurant", SortedRow[]> = {
      dishes: await createTiedReviews(testApp.db, authors, place.id),
      restaurant: await createTiedReviews(testApp.db, authors, place.id, "restaurant"),
    };
    await createTiedReviews(testApp.db, authors, elsewhere.id);
    await createTiedReviews(testApp.db, authors, elsewhere.id, "restaurant");
    for (const tabName of ["dishes", "restaurant"] as const) {
      await expectEverySortPaged(app, `/api/restaurants/${place.id}/items`, tabName, rows[tabName]);
    }
  });

  it("orders restaurant reviews by the restaurant's price level before their own price", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    const place = await createRestaurant(testApp.db, { priceLevel: 2 });
    const review = (title: string, cost: number | null, day: string) =>
      createReview(testApp.db, {
        userId: ann.id,
        restaurantId: place.id,
        reviewType: "restaurant",
        title,
        cost,
        createdAt: at(`2024-05-${day}`),
      });
    await review("Said luxury", 4, "01");
    await review("Said budget", 1, "02");
    await review("Said nothing", null, "03");
    // Google's level is the same for every review here, so price sorts fall back to date.
    const titles = (items: ListedItem[]) => items.map((item) => item.title);
    expect(titles(await allItems(place.id, "tab=restaurant&sort=price-desc", 2))).toEqual([
      "Said nothing",
      "Said budget",
      "Said luxury",
    ]);
    expect(titles(await allItems(place.id, "tab=restaurant&sort=price-asc", 2))).toEqual([
      "Said luxury",
      "Said budget",
      "Said nothing",
    ]);
  });

  it("refuses a cursor made for another sort", async () => {
    const { app } = await testApp.start();
    const ann = await createUser(testApp.db);
    const place = await createRestaurant(testApp.db);
    await createTiedReviews(testApp.db, [ann.id], place.id);
    const cases = await crossedCursors(app, `/api/restaurants/${place.id}/items`);
    await expectRefused(
      app,
      cases.map(
        ([sort, cursor]) =>
          `/api/restaurants/${place.id}/items?tab=dishes&sort=${sort}&cursor=${encodeURIComponent(cursor)}`,
      ),
      "INVALID_CURSOR",
    );
  });

  it("searches titles and texts of the tab at this restaurant, with % and _ taken literally", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    const place = await createRestaurant(testApp.db);
    const elsewhere = await createRestaurant(testApp.db);
    const review = (values: { title: string; description?: string; isHidden?: boolean }) =>
      createReview(testApp.db, { userId: ann.id, restaurantId: place.id, ...values });
    const ramen = await review({ title: "Spicy Ramen" });
    const described = await review({ title: "Noodles", description: "Best RAMEN broth" });
    await review({ title: "Sushi", description: "Fresh" });
    await review({ title: "Hidden ramen", isHidden: true });
    const discount = await review({ title: "50% off_day" });
    await createReview(testApp.db, {
      userId: ann.id,
      restaurantId: elsewhere.id,
      title: "Ramen elsewhere",
    });
    const verdict = await createReview(testApp.db, {
      userId: ann.id,
      restaurantId: place.id,
      reviewType: "restaurant",
      title: "Ramen House",
      description: "Cosy",
    });
    const post = await createPost(testApp.db, {
      userId: ann.id,
      restaurantId: place.id,
      title: "Brunch",
      content: "ramen?",
    });
    await createPost(testApp.db, { userId: ann.id, restaurantId: place.id, title: "Tea" });

    const found = async (query: string) => ids((await tab(place.id, query)).items).sort();
    await expectDishSearch(found, { ramen: [ramen.id, described.id], discount: discount.id });
    expect(await found("tab=dishes&q=ramen&sort=price-asc")).toEqual(
      [ramen.id, described.id].sort(),
    );
    expect(await found("tab=restaurant&q=RAMEN")).toEqual([verdict.id]);
    expect(await found("tab=restaurant&q=cosy&sort=rating-desc")).toEqual([verdict.id]);
    expect(await found("tab=posts&q=Ramen")).toEqual([post.id]);
  });
});

describe("GET /api/restaurants/:id/followed-reviews", () => {
  const followed = (restaurantId: string, cookie?: string) =>
    request(testApp.app, "GET", `/api/restaurants/${restaurantId}/followed-reviews`, { cookie });

  it("lists the visible reviews here of people you follow, newest first, and counts them", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "viewer" });
    const [ann, bob, carl, dora] = [
      await createUser(testApp.db, { username: "ann" }),
      await createUser(testApp.db, { username: "bob" }),
      await createUser(testApp.db, { username: "carl" }),
      await createUser(testApp.db, { username: "dora" }),
    ];
    for (const person of [ann, bob, dora]) await createFollow(testApp.db, me.userId, person.id);
    const place = await createRestaurant(testApp.db);
    const elsewhere = await createRestaurant(testApp.db);
    const review = (userId: string, day: string, values: object = {}) =>
      createReview(testApp.db, {
        userId,
        restaurantId: place.id,
        createdAt: at(`2024-06-${day}`),
        ...values,
      });
    const annDish = await review(ann.id, "01");
    const bobDish = await review(bob.id, "02");
    const annVerdict = await review(ann.id, "03", { reviewType: "restaurant" });
    await review(ann.id, "04", { isHidden: true });
    // Dora's only review here is hidden: she is neither listed nor counted.
    await review(dora.id, "05", { isHidden: true });
    await review(carl.id, "06");
    await createReview(testApp.db, { userId: bob.id, restaurantId: elsewhere.id });
    await createPost(testApp.db, { userId: ann.id, restaurantId: place.id });
    await testApp.db.execute(
      sql`insert into likes (user_id, review_id) values (${me.userId}, ${bobDish.id})`,
    );

    const response = await followed(place.id, me.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(ids(body.items)).toEqual([annVerdict.id, bobDish.id, annDish.id]);
    expect(body.reviewerCount).toBe(2);
    expect(body.items[0]).toMatchObject({ reviewType: "restaurant", author: { username: "ann" } });
    expect(body.items[1]).toMatchObject({ likedByMe: true, isOwner: false });
    expect(body.items[2]).toMatchObject({ likedByMe: false, itemType: "review" });

    expect((await followed(elsewhere.id, me.cookie)).json()).toMatchObject({ reviewerCount: 1 });
  });

  it("shows at most FOLLOWED_REVIEWS_LIMIT reviews but counts every followed reviewer", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "viewer" });
    const ann = await createUser(testApp.db);
    const bob = await createUser(testApp.db);
    await createFollow(testApp.db, me.userId, ann.id);
    await createFollow(testApp.db, me.userId, bob.id);
    const place = await createRestaurant(testApp.db);
    await createReview(testApp.db, {
      userId: bob.id,
      restaurantId: place.id,
      createdAt: at("2023-01-01"),
    });
    const annReviews = [];
    for (let day = 10; day < 10 + FOLLOWED_REVIEWS_LIMIT + 2; day++) {
      annReviews.push(
        await createReview(testApp.db, {
          userId: ann.id,
          restaurantId: place.id,
          createdAt: at(`2024-07-${day}`),
        }),
      );
    }
    const body = (await followed(place.id, me.cookie)).json();
    expect(ids(body.items)).toEqual(ids(annReviews.reverse().slice(0, FOLLOWED_REVIEWS_LIMIT)));
    expect(body.reviewerCount).toBe(2);
  });

  it("answers visitors and people who follow no reviewer with an empty list", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "viewer" });
    const ann = await createUser(testApp.db);
    const bob = await createUser(testApp.db);
    await createFollow(testApp.db, me.userId, bob.id);
    const place = await createRestaurant(testApp.db);
    await createReview(testApp.db, { userId: ann.id, restaurantId: place.id });
    const loner = await signUpWithProfile(app, { username: "loner" });
    for (const cookie of [undefined, me.cookie, loner.cookie]) {
      const response = await followed(place.id, cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ items: [], reviewerCount: 0, savedByFollowedCount: 0 });
    }
  });

  it("answers 404 for an unknown restaurant or an address that is no id", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "viewer" });
    await createRestaurant(testApp.db, { slug: "joes-diner" });
    for (const id of [crypto.randomUUID(), "joes-diner"]) {
      for (const cookie of [undefined, me.cookie]) {
        const response = await followed(id, cookie);
        expect(response.statusCode, id).toBe(404);
        expect(response.json().error.message).toBe("Restaurant not found");
      }
    }
  });
});

describe("restaurant page query plans", () => {
  const explain = (query: SQL) => explainPlan(testApp.db, query);

  it("reads one restaurant's rows through the restaurant tab indexes for every tab, sort, the stats and friends' reviews", async () => {
    await testApp.start();
    await createPlanUsers(testApp.db, 100);
    await testApp.db.execute(sql`
      insert into follows (follower_id, following_id)
      select 'plan-1', 'plan-' || g from generate_series(2, 30) g`);
    await testApp.db.execute(sql`
      insert into restaurants (name, price_level)
      select 'Place ' || g, case when g % 2 = 0 then null else 1 + g % 4 end
      from generate_series(1, 100) g`);
    // One popular restaurant holds a twentieth of the rows, the rest are spread over a hundred:
    // the plans must hold for hundreds of reviews a tab and for a few dozen.
    const [popular, small] = await testApp.db
      .select({ id: restaurants.id })
      .from(restaurants)
      .orderBy(restaurants.id)
      .limit(2);
    const placeOf = (g: SQL) =>
      sql`case when ${g} % 50 = 0 then ${popular?.id}::uuid else places.id end`;
    await testApp.db.execute(sql`
      with places as (select id, row_number() over (order by id) - 1 as n from restaurants)
      insert into reviews (user_id, restaurant_id, review_type, title, description, rating, cost,
                           is_hidden, created_at)
      select 'plan-' || (1 + g % 100), ${placeOf(sql`g`)},
             case when g % 3 = 0 then 'restaurant' else 'dish' end, 'Dish ' || g, 'Text ' || g,
             1 + g % 5, case when g % 7 = 0 then null else g % 40 end, g % 50 = 0,
             now() - g * interval '1 minute'
      from generate_series(1, 12000) as g join places on places.n = g % 100`);
    await testApp.db.execute(sql`
      with places as (select id, row_number() over (order by id) - 1 as n from restaurants)
      insert into posts (user_id, restaurant_id, title, content, is_hidden, created_at)
      select 'plan-' || (1 + g % 100), ${placeOf(sql`g`)}, 'Post ' || g, 'Text ' || g,
             g % 40 = 0, now() - g * interval '1 minute'
      from generate_series(1, 6000) as g join places on places.n = g % 100`);
    await testApp.db.execute(sql`analyze`);

    const noTableScan = /Seq Scan on (reviews|posts)/;
    // A cursor among the rows, as a later page has: one past them all lets the planner walk any
    // index by date, since it then holds nothing.
    const after = {
      createdAt: new Date(Date.now() - 1_000 * 60_000).toISOString(),
      id: crypto.randomUUID(),
      key: 3,
    };
    const sorts: Record<RestaurantTab, ItemSort[]> = {
      posts: ["recent", "old"],
      dishes: ["recent", "old", "rating-desc", "rating-asc", "price-desc", "price-asc"],
      restaurant: ["recent", "old", "rating-desc", "rating-asc", "price-desc", "price-asc"],
    };
    // Price spans a join, so no index orders it, and a search may match few rows: then the
    // restaurant's rows of the tab are read through either partial index and sorted.
    const expectedIndex = (tabName: RestaurantTab, sort: ItemSort, q: string | undefined) => {
      if (tabName === "posts") return /posts_restaurant_tab_idx/;
      if (sort.startsWith("price") || q) return /reviews_restaurant_(tab|rating)_idx/;
      if (sort.startsWith("rating")) return /reviews_restaurant_rating_idx/;
      return /reviews_restaurant_tab_idx/;
    };
    for (const [size, restaurantId] of [
      ["popular", popular?.id ?? ""],
      ["small", small?.id ?? ""],
    ] as const) {
      const stats = await explain(restaurantStatsSql(restaurantId, "plan-1"));
      expect(stats, `${size} stats`).not.toMatch(noTableScan);
      expect(stats, `${size} stats`).toMatch(/reviews_restaurant_(tab|rating)_idx/);
      expect(stats, `${size} stats`).toMatch(/posts_restaurant_tab_idx/);
      for (const [name, query] of [
        ["followed reviews", followedReviewsPage(restaurantId, "plan-1", FOLLOWED_REVIEWS_LIMIT)],
        ["followed reviewers", followedReviewerCountSql(restaurantId, "plan-1")],
      ] as const) {
        const plan = await explain(query);
        expect(plan, `${size} ${name}`).not.toMatch(noTableScan);
        expect(plan, `${size} ${name}`).toMatch(/reviews_restaurant_\w+_idx/);
      }
      for (const [tabName, tabSorts] of Object.entries(sorts) as [RestaurantTab, ItemSort[]][]) {
        for (const sort of tabSorts) {
          const { window } = planItemList(itemTabTarget(tabName).kind, { sort });
          for (const [cursor, q] of [
            [undefined, undefined],
            [{ ...after, kind: sort }, undefined],
            [undefined, "dish 1"],
          ] as const) {
            const label = `${size} ${tabName} ${sort} ${cursor ? "cursor" : ""} ${q ?? ""}`;
            const plan = await explain(
              restaurantItemsSql({
                ...window,
                q,
                after: cursor,
                restaurantId,
                tab: tabName,
                viewerId: "plan-1",
              }),
            );
            expect(plan, label).not.toMatch(noTableScan);
            expect(plan, label).toMatch(expectedIndex(tabName, sort, q));
          }
        }
      }
    }
  });
});
