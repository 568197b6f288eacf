import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FoodMapDto } from "#domain/food-map.ts";
import { MAP_PLACES_MAX } from "#domain/food-map-rules.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor } from "#server/test/auth-helpers.ts";
import {
  createPlanContent,
  createRestaurant,
  createReview,
  createUser,
} from "#server/test/factories.ts";
import { explainPlan } from "#server/test/item-lists.ts";
import { request } from "#server/test/request.ts";
import { mapPlacesSql } from "./food-map.queries.ts";

const testApp = useTestApp();

/** A person in the database with a session, without the cost of a password. */
async function person() {
  const profile = await createUser(testApp.db);
  return { id: profile.id, cookie: await sessionCookieFor(testApp.app, profile.id) };
}

async function getMap(url: string, cookie?: string): Promise<FoodMapDto> {
  const response = await request(testApp.app, "GET", url, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The time `minutes` minutes after a fixed start, so the expected order is by hand. */
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));

/** Saves a Want to try entry of `restaurantId` (a dish one when `dish` is named) at `savedAt`. */
async function save(
  userId: string,
  restaurantId: string,
  savedAt: Date,
  options: { dish?: string; triedAt?: Date } = {},
) {
  const { dish, triedAt } = options;
  await testApp.db.execute(sql`
    insert into want_to_try (user_id, kind, restaurant_id, dish_name, dish_key, created_at,
                             tried_at)
    values (${userId}, ${dish ? "dish" : "restaurant"}, ${restaurantId}, ${dish ?? null},
            ${dish?.toLowerCase() ?? null}, ${savedAt.toISOString()},
            ${triedAt?.toISOString() ?? null})`);
}

/**
 * A person with: Ramen (pinned) reviewed 4, 5 and 5 (average 4.7), also saved to try; Tacos
 * (no position) reviewed 3, plus a hidden 1 that never counts; Pho with a hidden review only;
 * Sushi saved twice (the restaurant, then a dish there) and never tried; Curry saved and marked
 * tried by the hidden review there (so neither tried nor wanted). `lastAt`: Sushi's dish save
 * (minute 50) > Tacos (40) > Ramen (30).
 */
async function seedMap() {
  const me = await person();
  const ramen = await createRestaurant(testApp.db, {
    name: "Ramen Bar",
    latitude: 40.7128,
    longitude: -74.006,
  });
  const tacos = await createRestaurant(testApp.db, { name: "Taco Stand" });
  const pho = await createRestaurant(testApp.db, { name: "Pho Place", latitude: 1, longitude: 2 });
  const sushi = await createRestaurant(testApp.db, {
    name: "Sushi Spot",
    latitude: 35.68,
    longitude: 139.76,
  });
  const curry = await createRestaurant(testApp.db, { name: "Curry House" });
  const review = (restaurantId: string, rating: number, minute: number, isHidden = false) =>
    createReview(testApp.db, {
      userId: me.id,
      restaurantId,
      rating,
      isHidden,
      createdAt: at(minute),
    });
  await review(ramen.id, 4, 10);
  await review(ramen.id, 5, 20);
  await review(ramen.id, 5, 30);
  await review(tacos.id, 3, 40);
  // Hidden reviews: newer than everything, so counting them would change lastAt too.
  await review(tacos.id, 1, 59, true);
  await review(pho.id, 2, 58, true);
  await review(curry.id, 2, 57, true);
  await save(me.id, ramen.id, at(55));
  await save(me.id, sushi.id, at(45));
  await save(me.id, sushi.id, at(50), { dish: "Nigiri" });
  await save(me.id, curry.id, at(5), { triedAt: at(57) });
  return { me, ramen, tacos, sushi };
}

const ref = (restaurant: { id: string; name: string; address: string | null }) => ({
  id: restaurant.id,
  name: restaurant.name,
  address: restaurant.address,
  slug: null,
  priceLevel: null,
});

describe("GET /api/map", () => {
  it("groups visible reviews by restaurant and adds the untried saves, newest first", async () => {
    await testApp.start();
    const { me, ramen, tacos, sushi } = await seedMap();
    expect(await getMap("/api/map", me.cookie)).toEqual({
      places: [
        {
          restaurant: ref(sushi),
          location: { lat: 35.68, lng: 139.76 },
          status: "want",
          rating: null,
          reviewCount: 0,
          lastAt: at(50).toISOString(),
        },
        {
          restaurant: ref(tacos),
          location: null,
          status: "tried",
          rating: 3,
          reviewCount: 1,
          lastAt: at(40).toISOString(),
        },
        {
          restaurant: ref(ramen),
          location: { lat: 40.7128, lng: -74.006 },
          status: "tried",
          rating: 4.7,
          reviewCount: 3,
          lastAt: at(30).toISOString(),
        },
      ],
      truncated: false,
    });
  });

  it("asks visitors to sign in", async () => {
    await testApp.start();
    const response = await request(testApp.app, "GET", "/api/map");
    expect(response.statusCode).toBe(401);
  });

  it("keeps the newest MAP_PLACES_MAX places and says more existed", async () => {
    await testApp.start();
    const me = await person();
    await testApp.db.execute(sql`
      insert into restaurants (name) select 'Place ' || g from generate_series(1, ${MAP_PLACES_MAX + 1}) g`);
    await testApp.db.execute(sql`
      insert into reviews (user_id, restaurant_id, review_type, title, rating, created_at)
      select ${me.id}, id, 'restaurant', name, 4,
             '2026-01-01T00:00:00Z'::timestamptz + (substr(name, 7)::int) * interval '1 minute'
        from restaurants`);
    const map = await getMap("/api/map", me.cookie);
    expect(map.truncated).toBe(true);
    expect(map.places).toHaveLength(MAP_PLACES_MAX);
    expect(map.places[0]?.restaurant.name).toBe(`Place ${MAP_PLACES_MAX + 1}`);
    expect(map.places.at(-1)?.restaurant.name).toBe("Place 2");

    await testApp.db.execute(sql`delete from reviews where title = 'Place 1'`);
    const full = await getMap("/api/map", me.cookie);
    expect(full.truncated).toBe(false);
    expect(full.places).toHaveLength(MAP_PLACES_MAX);
  });
});

describe("GET /api/profiles/:id/map", () => {
  it("shows anyone only the person's tried places, never what they want to try", async () => {
    await testApp.start();
    const { me, ramen, tacos } = await seedMap();
    const other = await person();
    for (const cookie of [undefined, other.cookie, me.cookie]) {
      const map = await getMap(`/api/profiles/${me.id}/map`, cookie);
      expect(map.truncated).toBe(false);
      expect(map.places.map((place) => [place.restaurant.id, place.status, place.rating])).toEqual([
        [tacos.id, "tried", 3],
        [ramen.id, "tried", 4.7],
      ]);
    }
  });

  it("answers 404 for an unknown person, like their profile's tabs", async () => {
    await testApp.start();
    const response = await request(testApp.app, "GET", "/api/profiles/nobody-here/map");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "NOT_FOUND", message: "User not found" } });
  });
});

describe("food map query plan", () => {
  it("reads one person's reviews and entries through their indexes", async () => {
    await testApp.start();
    await createPlanContent(testApp.db, 200);
    await testApp.db.execute(sql`analyze`);
    // Both maps: the own one (with want to try) and the public one.
    for (const withWanted of [true, false]) {
      const plan = await explainPlan(testApp.db, mapPlacesSql("plan-7", withWanted));
      expect(plan).not.toMatch(/Seq Scan on (reviews|want_to_try)\b/);
      expect(plan).toMatch(/reviews_(author_feed|profile|user_created)_idx/);
      // The untried entries: want_to_try_want_idx (user_id, …) where tried_at is null.
      if (withWanted) expect(plan).toMatch(/want_to_try_want_idx/);
    }
  });
});
