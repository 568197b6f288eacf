import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { restaurants } from "#server/db/schema/restaurants.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { postDishReview } from "#server/test/content-helpers.ts";
import { getTestDatabase } from "#server/test/database.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

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
});
