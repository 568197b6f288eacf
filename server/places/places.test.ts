import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { placeMessages } from "#domain/places-rules.ts";
import { restaurants } from "#server/db/schema/restaurants.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { getTestDatabase } from "#server/test/database.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

let fake: Server | undefined;
describe("GET /api/places/search (local)", () => {
  it("matches known restaurants by trigram and ranks by distance", async () => {
    const { app } = await testApp.start();
    const { db } = await getTestDatabase();
    await db.insert(restaurants).values([
      { name: "Pizza Far", latitude: 41.0, longitude: -87.6 },
      { name: "Pizza Near", latitude: 40.7129, longitude: -74.006 },
      { name: "Pizza Mid", latitude: 40.8, longitude: -74.0 },
      { name: "Sushi Bar", latitude: 40.7128, longitude: -74.006 },
    ]);
    const user = await signUpByEmail(app);
    expect((await request(app, "GET", "/api/places/search?q=pizza")).statusCode).toBe(401);
    const short = await request(app, "GET", "/api/places/search?q=p", { cookie: user.cookie });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(placeMessages.queryTooShort);
    const response = await request(
      app,
      "GET",
      "/api/places/search?q=piza&lat=40.7128&lng=-74.006",
      { cookie: user.cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().results;
    expect(results.map((place: { name: string }) => place.name)).toEqual([
      "Pizza Near",
      "Pizza Mid",
      "Pizza Far",
    ]);
    expect(results[0].distance).toBeLessThan(20);
    expect(response.json().provider).toBe("local");
  });
});

describe("GET /api/places/search (google)", () => {
  it("calls autocomplete then details on the Places server; the key never reaches clients", async () => {
    const seen: URL[] = [];
    fake = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      seen.push(url);
      response.setHeader("content-type", "application/json");
      if (url.pathname.endsWith("/autocomplete/json")) {
        response.end(JSON.stringify({ status: "OK", predictions: [{ place_id: "gp-42" }] }));
      } else {
        response.end(
          JSON.stringify({
            status: "OK",
            result: {
              place_id: "gp-42",
              name: "Google Pizza",
              formatted_address: "5 Broad St, New York, NY 10004, USA",
              geometry: { location: { lat: 40.7138, lng: -74.006 } },
              formatted_phone_number: "(212) 555-0100",
              website: "https://pizza.example",
              price_level: 2,
              rating: 4.4,
            },
          }),
        );
      }
    });
    await new Promise<void>((resolve) => fake?.listen(0, "127.0.0.1", resolve));
    const port = (fake.address() as AddressInfo).port;
    await testApp.start({
      places: {
        provider: "google",
        apiKey: "secret-maps-key",
        baseUrl: `http://127.0.0.1:${port}/maps/api/place`,
      },
    });
    const user = await signUpByEmail(testApp.app);
    const response = await request(
      testApp.app,
      "GET",
      "/api/places/search?q=pizza&lat=40.7128&lng=-74.006",
      { cookie: user.cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain("secret-maps-key");
    expect(response.json()).toMatchObject({
      provider: "google",
      results: [
        {
          placeId: "gp-42",
          name: "Google Pizza",
          phone: "(212) 555-0100",
          priceLevel: 2,
          googleRating: 4.4,
        },
      ],
    });
    expect(response.json().results[0].distance).toBeGreaterThan(100);
    expect(response.json().results[0].distance).toBeLessThan(120);
    const [autocomplete, details] = seen;
    expect(autocomplete?.searchParams.get("key")).toBe("secret-maps-key");
    expect(autocomplete?.searchParams.get("types")).toBe("restaurant|cafe|food");
    expect(autocomplete?.searchParams.get("radius")).toBe("5000");
    expect(autocomplete?.searchParams.get("location")).toBe("40.7128,-74.006");
    expect(details?.pathname).toBe("/maps/api/place/details/json");
    expect(details?.searchParams.get("place_id")).toBe("gp-42");
  });

  it("503 when Places fails, without leaking its message", async () => {
    fake = createServer((_request, response) => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ status: "REQUEST_DENIED", error_message: "key=bad-key" }));
    });
    await new Promise<void>((resolve) => fake?.listen(0, "127.0.0.1", resolve));
    const port = (fake.address() as AddressInfo).port;
    await testApp.start({
      places: { provider: "google", apiKey: "bad-key", baseUrl: `http://127.0.0.1:${port}` },
    });
    const user = await signUpByEmail(testApp.app);
    const response = await request(testApp.app, "GET", "/api/places/search?q=pizza", {
      cookie: user.cookie,
    });
    expect(response.statusCode).toBe(503);
    expect(response.body).not.toContain("bad-key");
  });
});
