import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NEARBY_LIMITS } from "#domain/nearby.ts";
import { nearbyMessages } from "#domain/nearby-rules.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { getTestDatabase } from "#server/test/database.ts";
import {
  createFollow,
  createRestaurant,
  createReview,
  createUser,
} from "#server/test/factories.ts";
import { explainPlan } from "#server/test/item-lists.ts";
import { request } from "#server/test/request.ts";
import { nearbySql } from "./nearby.queries.ts";

const testApp = useTestApp();

/** The caller stands here; every place is due north, so its distance is Δlat × 111 194.9 m. */
const centre = { lat: 51.5, lng: -0.12 };
const north = (meters: number) => ({
  latitude: centre.lat + meters / 111_194.93,
  longitude: centre.lng,
});
const nearbyPath = `/api/nearby?lat=${centre.lat}&lng=${centre.lng}`;
const names = (body: { places: { restaurant: { name: string } }[] }) =>
  body.places.map((place) => place.restaurant.name);

describe("GET /api/nearby", () => {
  it("ranks by the blend of ratings, followed people's and distance, by the visibility rule", async () => {
    const { app } = await testApp.start();
    const { db } = await getTestDatabase();
    const viewer = await signUpByEmail(app);
    const friend = await createUser(db);
    const stranger = await createUser(db);
    const blocker = await createUser(db);
    await createFollow(db, viewer.userId, friend.id);
    await db.execute(sql`
      insert into user_blocks (blocker_id, blocked_id) values (${blocker.id}, ${viewer.userId})`);
    const a = await createRestaurant(db, { name: "A", ...north(800) });
    const b = await createRestaurant(db, { name: "B", ...north(200) });
    const c = await createRestaurant(db, { name: "C", ...north(3000) });
    // 300 km away: never listed, even once the circle widens.
    await createRestaurant(db, { name: "Far", ...north(300_000) });
    // No pin: never listed.
    await createRestaurant(db, { name: "Unpinned" });
    const review = (restaurantId: string, userId: string, rating: number) =>
      createReview(db, { userId, restaurantId, reviewType: "restaurant", rating });
    await review(a.id, stranger.id, 5);
    await review(b.id, blocker.id, 1);
    await review(c.id, friend.id, 5);
    await review(c.id, stranger.id, 5);
    // A dish review rates a dish, not the place.
    await createReview(db, { userId: stranger.id, restaurantId: b.id, rating: 5 });

    // Score = 0.7 × loved/5 + 0.3 / (1 + km); everyone's mean counts two imagined 3s.
    // Visitor: A = 0.7 × (11/3)/5 + 0.3/1.8 = 0.680; C = 0.7 × 4/5 + 0.3/4 = 0.635;
    // B (the blocker's 1 counts for visitors) = 0.7 × (7/3)/5 + 0.3/1.2 = 0.577.
    const visitor = await request(app, "GET", nearbyPath);
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(names(visitor.json())).toEqual(["A", "C", "B"]);
    // Three places within 5 km: the circle widened to 25 km.
    expect(visitor.json().radius).toBe(NEARBY_LIMITS.maxRadiusMeters);
    const [first] = visitor.json().places;
    expect(first).toMatchObject({
      restaurant: { id: a.id, name: "A" },
      rating: 5,
      reviewCount: 1,
      followedRating: null,
      followedCount: 0,
    });
    expect(nearbyMessages.distance(first.distance)).toBe("0.8 km");
    expect(Math.abs(first.distance - 800)).toBeLessThanOrEqual(1);

    // The viewer follows C's friend (C = 0.7 × (0.6 × 5 + 0.4 × 4)/5 + 0.075 = 0.719) and
    // never sees the blocker's review of B (B = 0.7 × 3/5 + 0.25 = 0.670 against A's 0.680).
    const signedIn = await request(app, "GET", nearbyPath, { cookie: viewer.cookie });
    expect(names(signedIn.json())).toEqual(["C", "A", "B"]);
    const [loved, , unrated] = signedIn.json().places;
    expect(loved).toMatchObject({ followedRating: 5, followedCount: 1, rating: 5, reviewCount: 2 });
    expect(unrated).toMatchObject({ rating: null, reviewCount: 0 });
    expect(loved.score).toBeCloseTo(0.7 * (4.6 / 5) + 0.3 / (1 + 3), 3);
  });

  it("keeps to 5 km when it holds ten places", async () => {
    const { app } = await testApp.start();
    const { db } = await getTestDatabase();
    for (let index = 0; index < 10; index++) {
      await createRestaurant(db, { name: `Close ${index}`, ...north(1000 + index * 300) });
    }
    await createRestaurant(db, { name: "Ten km", ...north(10_000) });
    const response = await request(app, "GET", nearbyPath);
    expect(response.json().radius).toBe(NEARBY_LIMITS.radiusMeters);
    expect(names(response.json())).toHaveLength(10);
    expect(names(response.json())).not.toContain("Ten km");
    // Asked for the widest circle at once, it is there.
    const wide = await request(app, "GET", `${nearbyPath}&radius=25000`);
    expect(names(wide.json())).toContain("Ten km");
  });

  it("refuses positions off the globe, a radius over the limit and junk", async () => {
    const { app } = await testApp.start();
    for (const query of [
      "lat=91&lng=0",
      "lat=-91&lng=0",
      "lat=0&lng=181",
      "lat=0&lng=-180.5",
      "lat=north&lng=0",
      "lat=1",
      "lng=1",
      "",
      "lat=1&lng=1&radius=25001",
      "lat=1&lng=1&radius=50",
      "lat=1&lng=1&radius=1.5",
      "lat=1&lng=1&limit=5",
      "lat=1&lng=1&lat=2",
    ]) {
      const response = await request(app, "GET", `/api/nearby?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe("VALIDATION_ERROR");
    }
  });

  it("reads the box from restaurants_location_idx, never a scan of restaurants", async () => {
    await testApp.start();
    const { db } = await getTestDatabase();
    // Four cities of 1500 restaurants each, and as many without a pin.
    await db.execute(sql`
      insert into restaurants (name, latitude, longitude)
      select 'Place ' || g, c.lat + (g % 50) * 0.002, c.lng + (g / 50 % 30) * 0.003
        from generate_series(1, 1500) g
        cross join (values (51.5, -0.12), (48.85, 2.35), (40.71, -74.0), (35.68, 139.7)) c(lat, lng)`);
    await db.execute(sql`
      insert into restaurants (name) select 'Unpinned ' || g from generate_series(1, 6000) g`);
    await db.execute(sql`analyze restaurants`);
    for (const [radius, viewer] of [
      [5000, undefined],
      [25_000, "plan-viewer"],
    ] as const) {
      const plan = await explainPlan(db, nearbySql(centre, radius, viewer));
      expect(plan, `${radius}`).not.toMatch(/Seq Scan on restaurants/);
      expect(plan, `${radius}`).toMatch(/restaurants_location_idx/);
      expect(plan, `${radius}`).not.toMatch(/Seq Scan on reviews/);
    }
  });
});
