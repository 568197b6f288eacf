import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { restaurantMessages } from "#domain/restaurant.ts";
import { restaurants } from "#server/db/schema/restaurants.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { getTestDatabase } from "#server/test/database.ts";
import { createRestaurant, setRole } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

const newPlace = {
  name: "Corner Noodles",
  address: "12 Canal Rd, Leeds, United Kingdom",
  lat: 53.7958,
  lng: -1.5479,
};

describe("a new place with an address and a pin", () => {
  it("keeps both, its city, and who added it; the page shows them", async () => {
    const { app } = await testApp.start();
    const author = await signUpByEmail(app);
    const created = await request(app, "POST", "/api/reviews", {
      cookie: author.cookie,
      body: { reviewType: "restaurant", restaurant: newPlace, rating: 4 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const restaurantId = created.json().restaurant.id;

    const page = await request(app, "GET", `/api/restaurants/${restaurantId}`, {
      cookie: author.cookie,
    });
    expect(page.json()).toMatchObject({
      address: newPlace.address,
      latitude: newPlace.lat,
      longitude: newPlace.lng,
      city: "Leeds",
      canEditLocation: true,
      // The local provider: nothing of it is OpenStreetMap's.
      osmCredit: false,
    });
    const { db } = await getTestDatabase();
    const [row] = await db
      .select({ createdBy: restaurants.createdBy })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    expect(row?.createdBy).toBe(author.userId);

    // Visitors and other people see the place, not the means to move it.
    const visitor = await request(app, "GET", `/api/restaurants/${restaurantId}`);
    expect(visitor.json().canEditLocation).toBe(false);
    const other = await signUpByEmail(app);
    const seenByOther = await request(app, "GET", `/api/restaurants/${restaurantId}`, {
      cookie: other.cookie,
    });
    expect(seenByOther.json().canEditLocation).toBe(false);
  });

  it("refuses half a pin, a pin off the globe and an address longer than a name", async () => {
    const { app } = await testApp.start();
    const author = await signUpByEmail(app);
    for (const [restaurant, message] of [
      [{ ...newPlace, lng: undefined }, restaurantMessages.pinIncomplete],
      [{ ...newPlace, lat: 91 }, undefined],
      [{ ...newPlace, lng: "east" }, undefined],
      [{ ...newPlace, address: "a".repeat(201) }, restaurantMessages.addressTooLong],
    ] as const) {
      const response = await request(app, "POST", "/api/reviews", {
        cookie: author.cookie,
        body: { reviewType: "restaurant", restaurant, rating: 4 },
      });
      expect(response.statusCode, JSON.stringify(restaurant)).toBe(400);
      expect(response.json().error.code).toBe("VALIDATION_ERROR");
      if (message) expect(response.json().error.message).toBe(message);
    }
    expect(await (await getTestDatabase()).db.$count(restaurants)).toBe(0);
  });
});

describe("PUT /api/restaurants/:id/location", () => {
  const location = (app: FastifyInstance, id: string, cookie: string | undefined, body: unknown) =>
    request(app, "PUT", `/api/restaurants/${id}/location`, { cookie, body });

  it("its creator and moderators give a place its pin; nobody else moves it", async () => {
    const { app } = await testApp.start();
    const { db } = await getTestDatabase();
    const creator = await signUpByEmail(app);
    const other = await signUpByEmail(app);
    const moderator = await signUpByEmail(app);
    await setRole(db, moderator.userId, "moderator");
    const place = await createRestaurant(db, {
      name: "Bare Name",
      address: null,
      createdBy: creator.userId,
    });
    const pin = { address: "4 Quay St, Bristol, United Kingdom", lat: 51.4545, lng: -2.5879 };

    const refused = await location(app, place.id, other.cookie, pin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(restaurantMessages.locationForbidden);
    expect((await location(app, place.id, undefined, pin)).statusCode).toBe(401);
    const [untouched] = await db.select().from(restaurants).where(eq(restaurants.id, place.id));
    expect(untouched).toMatchObject({ address: null, latitude: null, longitude: null });

    const set = await location(app, place.id, creator.cookie, pin);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      address: pin.address,
      latitude: pin.lat,
      longitude: pin.lng,
      city: "Bristol",
      canEditLocation: true,
    });

    // A moderator corrects it: an address alone clears the pin it replaces.
    const corrected = await location(app, place.id, moderator.cookie, {
      address: "5 Quay St, Bristol",
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({
      address: "5 Quay St, Bristol",
      latitude: null,
      longitude: null,
    });
    expect((await location(app, place.id, moderator.cookie, { lat: 1, lng: 2 })).statusCode).toBe(
      200,
    );
  });

  it("a place nobody is recorded as adding is the moderators' to place", async () => {
    const { app } = await testApp.start();
    const { db } = await getTestDatabase();
    const someone = await signUpByEmail(app);
    const place = await createRestaurant(db, { address: null });
    expect((await location(app, place.id, someone.cookie, { lat: 1, lng: 2 })).statusCode).toBe(
      403,
    );
  });

  it("bad input is a 400 that changes nothing; an unknown place a 404", async () => {
    const { app } = await testApp.start();
    const { db } = await getTestDatabase();
    const creator = await signUpByEmail(app);
    const place = await createRestaurant(db, { createdBy: creator.userId });
    for (const [body, message] of [
      [{}, restaurantMessages.locationRequired],
      [{ address: "   " }, restaurantMessages.locationRequired],
      [{ lat: 10 }, restaurantMessages.pinIncomplete],
      [{ lat: -91, lng: 0 }, undefined],
      [{ lat: 0, lng: 181 }, undefined],
      [{ lat: "1", lng: "2" }, undefined],
      [{ address: "x".repeat(201) }, restaurantMessages.addressTooLong],
      [{ address: "a\0b" }, undefined],
    ] as const) {
      const response = await location(app, place.id, creator.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe("VALIDATION_ERROR");
      if (message) expect(response.json().error.message).toBe(message);
    }
    const [row] = await db.select().from(restaurants).where(eq(restaurants.id, place.id));
    expect(row).toMatchObject({ address: place.address, latitude: null, longitude: null });
    const unknown = await location(app, "00000000-0000-4000-8000-000000000000", creator.cookie, {
      lat: 1,
      lng: 2,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
