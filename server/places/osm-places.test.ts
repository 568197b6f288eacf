import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { restaurantFromPlace } from "#domain/restaurant-rules.ts";
import type { AppConfig } from "#server/config.ts";
import { restaurants } from "#server/db/schema/restaurants.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { getTestDatabase } from "#server/test/database.ts";
import { type FakePhotonServer, startFakePhoton } from "#server/test/photon-server.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();
let photon: FakePhotonServer | undefined;

afterEach(async () => {
  await photon?.close();
  photon = undefined;
});

/** The app with PLACES_PROVIDER=osm against a fresh fake Photon, and a signed-in caller. */
async function startOsm(timeoutMs = 5000) {
  photon = await startFakePhoton();
  const places: AppConfig["places"] = {
    provider: "osm",
    baseUrl: photon.baseUrl,
    userAgent: "Tasted (+http://tasted.test)",
    minIntervalMs: 0,
    timeoutMs,
  };
  const { app } = await testApp.start({ places });
  const user = await signUpByEmail(app);
  return { app, user, photon };
}

describe("OpenStreetMap place search (Photon)", () => {
  it("food places first, biased to the caller, named by OSM id; answers are cached", async () => {
    const { app, user, photon } = await startOsm();
    const search = () =>
      request(app, "GET", "/api/places/search?q=noodle&lat=53.79581&lng=-1.54791", {
        cookie: user.cookie,
      });
    const response = await search();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.provider).toBe("osm");
    expect(body.results.map((place: { name: string }) => place.name)).toEqual([
      "Noodle Bar",
      "Noodle Street",
      "Noodle Museum",
    ]);
    expect(body.results[0]).toMatchObject({
      placeId: "osm:N123",
      restaurantId: null,
      address: "12 Canal Road, Leeds LS1 4AP, United Kingdom",
      latitude: 53.7958,
      longitude: -1.5479,
      city: "Leeds",
      region: "West Yorkshire",
    });
    // 53.79581,-1.54791 to 53.7958,-1.5479: about a metre and a half.
    expect(body.results[0].distance).toBeLessThanOrEqual(2);

    const [sent] = photon.requests;
    expect(sent?.url.pathname).toBe("/api");
    expect(sent?.url.searchParams.get("q")).toBe("noodle");
    expect(sent?.url.searchParams.get("lat")).toBe("53.796");
    expect(sent?.url.searchParams.get("lon")).toBe("-1.548");
    expect(sent?.headers["user-agent"]).toBe("Tasted (+http://tasted.test)");

    expect((await search()).json()).toEqual(body);
    expect(photon.requests).toHaveLength(1);
  });

  it("a chosen suggestion is vouched for: its city and region are the provider's", async () => {
    const { app, user } = await startOsm();
    const found = await request(app, "GET", "/api/places/search?q=noodle bar", {
      cookie: user.cookie,
    });
    const [place] = found.json().results;
    const created = await request(app, "POST", "/api/reviews", {
      cookie: user.cookie,
      body: {
        reviewType: "restaurant",
        // The client's copy may say anything; the provider's words are kept.
        restaurant: { ...restaurantFromPlace(place), name: "Renamed", address: "Elsewhere" },
        rating: 4,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { db } = await getTestDatabase();
    const [row] = await db
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, created.json().restaurant.id));
    expect(row).toMatchObject({
      name: "Noodle Bar",
      googlePlaceId: "osm:N123",
      address: "12 Canal Road, Leeds LS1 4AP, United Kingdom",
      city: "Leeds",
      region: "West Yorkshire",
      latitude: 53.7958,
    });
    // Its page credits OpenStreetMap, as the data's licence asks.
    const page = await request(app, "GET", `/api/restaurants/${created.json().restaurant.id}`);
    expect(page.json().osmCredit).toBe(true);
  });

  it("reverse geocodes a pin; a typed place's pin gets its city that way", async () => {
    const { app, user, photon } = await startOsm();
    const reverse = await request(app, "GET", "/api/places/reverse?lat=53.7958&lng=-1.5479", {
      cookie: user.cookie,
    });
    expect(reverse.statusCode, reverse.body).toBe(200);
    expect(reverse.json()).toEqual({
      address: "12 Canal Road, Leeds LS1 4AP, United Kingdom",
      city: "Leeds",
      region: "West Yorkshire",
    });
    expect(photon.requests[0]?.url.pathname).toBe("/reverse");

    const created = await request(app, "POST", "/api/reviews", {
      cookie: user.cookie,
      body: {
        reviewType: "restaurant",
        restaurant: { name: "Pop-up Ramen", address: "Canal Rd", lat: 53.7958, lng: -1.5479 },
        rating: 3,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { db } = await getTestDatabase();
    const [row] = await db
      .select({ city: restaurants.city, region: restaurants.region })
      .from(restaurants)
      .where(eq(restaurants.id, created.json().restaurant.id));
    expect(row).toEqual({ city: "Leeds", region: "West Yorkshire" });
    // Its city is OpenStreetMap's: its page credits it.
    const page = await request(app, "GET", `/api/restaurants/${created.json().restaurant.id}`);
    expect(page.json().osmCredit).toBe(true);

    for (const query of ["lat=91&lng=0", "lat=0&lng=-181", "lat=north&lng=0", "lat=1"]) {
      const refused = await request(app, "GET", `/api/places/reverse?${query}`, {
        cookie: user.cookie,
      });
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.code).toBe("VALIDATION_ERROR");
    }
    expect((await request(app, "GET", "/api/places/reverse?lat=1&lng=2")).statusCode).toBe(401);
  });

  it("an error, an answer that is not JSON and a silent service are a 503; a review still saves", async () => {
    const { app, user, photon } = await startOsm(300);
    for (const mode of ["error", "garbage", "silent"] as const) {
      photon.mode = mode;
      for (const path of [
        `/api/places/search?q=${mode}`,
        `/api/places/reverse?lat=1&lng=${mode.length}`,
      ]) {
        const response = await request(app, "GET", path, { cookie: user.cookie });
        expect(response.statusCode, `${mode} ${path}`).toBe(503);
        expect(response.json().error.code).toBe("PLACES_UNAVAILABLE");
      }
    }
    // Reverse geocoding is a nicety: a place typed with a pin is saved without it.
    const created = await request(app, "POST", "/api/reviews", {
      cookie: user.cookie,
      body: {
        reviewType: "restaurant",
        restaurant: {
          name: "Quiet Cafe",
          address: "1 Main St, Leeds, United Kingdom",
          lat: 2,
          lng: 3,
        },
        rating: 5,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Nothing of it came from OpenStreetMap: no credit, though it has a pin.
    const page = await request(app, "GET", `/api/restaurants/${created.json().restaurant.id}`);
    expect(page.json()).toMatchObject({ city: "Leeds", latitude: 2, osmCredit: false });
  });

  it("a location edit takes the pin's city, credited; without a pin, the address's, uncredited", async () => {
    const { app, user } = await startOsm();
    const created = await request(app, "POST", "/api/reviews", {
      cookie: user.cookie,
      body: { reviewType: "restaurant", restaurant: { name: "Bare Name Cafe" }, rating: 4 },
    });
    const id = created.json().restaurant.id;
    expect((await request(app, "GET", `/api/restaurants/${id}`)).json().osmCredit).toBe(false);
    const locate = (body: unknown) =>
      request(app, "PUT", `/api/restaurants/${id}/location`, { cookie: user.cookie, body });

    // The typed address names another town: the pin's, from OpenStreetMap, is where it is.
    const pinned = await locate({
      address: "1 Main St, Springfield, IL",
      lat: 53.7958,
      lng: -1.5479,
    });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json()).toMatchObject({
      address: "1 Main St, Springfield, IL",
      city: "Leeds",
      region: "West Yorkshire",
      osmCredit: true,
    });
    const addressOnly = await locate({ address: "1 Main St, Springfield, IL" });
    expect(addressOnly.json()).toMatchObject({
      city: "Springfield",
      region: "IL",
      latitude: null,
      osmCredit: false,
    });
  });

  it("the local provider cannot reverse geocode: nulls, and no third party is called", async () => {
    const { app } = await testApp.start();
    const user = await signUpByEmail(app);
    const response = await request(app, "GET", "/api/places/reverse?lat=1&lng=2", {
      cookie: user.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ address: null, city: null, region: null });
  });
});
