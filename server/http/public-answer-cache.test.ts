import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { useTestApp } from "#server/test/app.ts";
import { signUpWithProfile } from "#server/test/auth-helpers.ts";
import { postDishReview } from "#server/test/content-helpers.ts";
import { createRestaurant, createReview, createUser } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";

/**
 * The visitor's first feed page is kept a second as the bytes sent (server/http/
 * public-answer-cache.ts). The app's clock stands still here, so "kept" and "expired" are
 * decided by moving it, not by waiting; rows added straight to the database (no request)
 * show what a kept answer still says.
 */

const testApp = useTestApp();
let now = new Date("2026-06-01T12:00:00Z");
const start = () => testApp.start({}, { clock: () => now });

/** A visitor's first page, decoded from whatever encoding it came in; its titles. */
async function visitorTitles(acceptEncoding = "br, gzip", query = "") {
  const response = await request(testApp.app, "GET", `/api/feed${query}`, {
    headers: { "accept-encoding": acceptEncoding },
  });
  expect(response.statusCode, response.body).toBe(200);
  const encoding = response.headers["content-encoding"];
  const raw = response.rawPayload;
  const json =
    encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
  const page = JSON.parse(json.toString("utf8")) as { items: { title: string }[] };
  return { encoding, titles: page.items.map((item) => item.title) };
}

async function addReviewDirectly(title: string) {
  const author = await createUser(testApp.db);
  const restaurant = await createRestaurant(testApp.db);
  await createReview(testApp.db, { userId: author.id, restaurantId: restaurant.id, title });
}

describe("the visitor's first feed page", () => {
  it("is kept for a second as sent, in brotli, gzip or plain bytes", async () => {
    await start();
    await addReviewDirectly("First Bowl");
    expect(await visitorTitles("br")).toEqual({ encoding: "br", titles: ["First Bowl"] });
    await addReviewDirectly("Second Bowl");
    // Kept: the same answer in every encoding, without the row added since.
    expect(await visitorTitles("gzip")).toEqual({ encoding: "gzip", titles: ["First Bowl"] });
    expect(await visitorTitles("identity")).toEqual({
      encoding: undefined,
      titles: ["First Bowl"],
    });
    expect(await visitorTitles("br;q=0, gzip")).toMatchObject({ encoding: "gzip" });
    // Other pages and sizes are not the kept one.
    expect((await visitorTitles("br", "?limit=5")).titles).toEqual(["Second Bowl", "First Bowl"]);

    now = new Date(now.getTime() + 1_001);
    expect((await visitorTitles()).titles).toEqual(["Second Bowl", "First Bowl"]);
  });

  it("is dropped by any successful write, at once; a refused write keeps it", async () => {
    await start();
    const writer = await signUpWithProfile(testApp.app, { username: "cache_writer" });
    expect((await visitorTitles()).titles).toEqual([]);
    await postDishReview(testApp.app, writer.cookie, { title: "Fresh Roll" });
    // The writer's own post shows to visitors on the next read, with the clock not moved.
    expect((await visitorTitles()).titles).toEqual(["Fresh Roll"]);

    await addReviewDirectly("Quiet Noodles");
    const refused = await request(testApp.app, "POST", "/api/reviews", {
      cookie: writer.cookie,
      body: { reviewType: "dish" },
    });
    expect(refused.statusCode).toBe(400);
    expect((await visitorTitles()).titles).toEqual(["Fresh Roll"]);
  });

  it("never answers a signed-in reader", async () => {
    await start();
    const reader = await signUpWithProfile(testApp.app, { username: "cache_reader" });
    expect((await visitorTitles()).titles).toEqual([]);
    await addReviewDirectly("Signed-in Soup");
    const response = await request(testApp.app, "GET", "/api/feed", { cookie: reader.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((item: { title: string }) => item.title)).toEqual([
      "Signed-in Soup",
    ]);
    expect((await visitorTitles()).titles).toEqual([]);
  });
});
