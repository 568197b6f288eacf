import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NEARBY_LIMITS } from "#domain/nearby.ts";
import { nearbyMessages } from "#domain/nearby-rules.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { getTestDatabase } from "#server/test/database.ts";
import { createDeal, createFollow, createRestaurant, createUser } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";
import { selectNearbyDeals } from "./deals.queries.ts";

const testApp = useTestApp();

/** The caller stands here; every place is due north, so its distance is Δlat × 111 194.9 m. */
const centre = { lat: 51.5, lng: -0.12 };
const north = (meters: number) => ({
  latitude: centre.lat + meters / 111_194.93,
  longitude: centre.lng,
});
const dealsPath = `/api/nearby/deals?lat=${centre.lat}&lng=${centre.lng}`;
type Answer = { items: { title: string }[] };
const titles = (body: Answer) => body.items.map((deal) => deal.title);

/** Every day, 16:00–19:00 London time. */
const dailyHappyHour = {
  timeZone: "Europe/London",
  endsAt: null,
  weekDays: 127,
  startsMinute: 16 * 60,
  endsMinute: 19 * 60,
} as const;

describe("GET /api/nearby/deals", () => {
  it("lists the active deals around the caller, nearest first, as the restaurant tab does", async () => {
    const { app } = await testApp.start();
    const { db } = await getTestDatabase();
    const author = await createUser(db);
    const near = await createRestaurant(db, { name: "Near", ...north(300) });
    const middle = await createRestaurant(db, { name: "Middle", ...north(1200) });
    const far = await createRestaurant(db, { name: "Far", ...north(4000) });
    const abroad = await createRestaurant(db, { name: "Abroad", ...north(300_000) });
    const unpinned = await createRestaurant(db, { name: "Unpinned" });
    const deal = (restaurantId: string, title: string, extra = {}) =>
      createDeal(db, { userId: author.id, restaurantId, title, ...extra });
    await deal(far.id, "Far fries");
    await deal(middle.id, "Middle margaritas");
    await deal(near.id, "Near noodles");
    await deal(near.id, "Near happy hour", dailyHappyHour);
    await deal(abroad.id, "Abroad ale");
    await deal(unpinned.id, "Unpinned pie");
    await deal(middle.id, "Ended", { endsAt: new Date(Date.now() - 60_000) });
    await deal(middle.id, "Hidden", { isHidden: true });
    // Gone leads Still on by 3: "Reported gone" leaves listings.
    await deal(middle.id, "Gone", { goneCount: 3, stillOnCount: 0 });
    // Gone leads by 2 only: still listed.
    await deal(far.id, "Disputed", { goneCount: 3, stillOnCount: 1 });

    const response = await request(app, "GET", dealsPath);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // Fewer than ten in 5 km: the circle widened to 25 km, as Nearby's places do; never 300 km.
    expect(body.radius).toBe(NEARBY_LIMITS.maxRadiusMeters);
    expect(titles(body)).toEqual([
      "Near noodles",
      "Near happy hour",
      "Middle margaritas",
      "Far fries",
      "Disputed",
    ]);
    expect(body.items[0]).toMatchObject({
      itemType: "deal",
      restaurant: { id: near.id, name: "Near" },
      isOnNow: true,
    });
    // Each place once, nearest first, with its pin.
    expect(body.places.map((place: { restaurantId: string }) => place.restaurantId)).toEqual([
      near.id,
      middle.id,
      far.id,
    ]);
    const [first] = body.places;
    expect(Math.abs(first.distance - 300)).toBeLessThanOrEqual(1);
    expect(nearbyMessages.distance(first.distance)).toBe("0.3 km");
    expect(first.location.lat).toBeCloseTo(north(300).latitude, 6);
  });

  it("decides by the moment asked: weekly windows and ends as the restaurant tab", async () => {
    await testApp.start();
    const { db } = await getTestDatabase();
    const author = await createUser(db);
    const place = await createRestaurant(db, { name: "Pub", ...north(500) });
    await createDeal(db, {
      userId: author.id,
      restaurantId: place.id,
      title: "Happy hour",
      ...dailyHappyHour,
    });
    // Its last window was Friday 2027-01-08, 16:00–19:00 GMT.
    await createDeal(db, {
      userId: author.id,
      restaurantId: place.id,
      title: "Last week's",
      ...dailyHappyHour,
      lastDay: "2027-01-08",
      endsAt: new Date("2027-01-08T19:00:00Z"),
    });
    await createDeal(db, {
      userId: author.id,
      restaurantId: place.id,
      title: "Until noon",
      endsAt: new Date("2027-01-09T12:00:00Z"),
    });
    const at = async (instant: string) =>
      (
        await selectNearbyDeals(db, {
          centre,
          radius: 5000,
          viewerId: undefined,
          at: new Date(instant),
          limit: 10,
        })
      ).map((row) => [row.title, row.deal_when?.isOnNow]);
    // Friday at 18:00: all three, the two weekly ones on.
    expect(await at("2027-01-08T18:00:00Z")).toEqual([
      ["Happy hour", true],
      ["Last week's", true],
      ["Until noon", true],
    ]);
    // Saturday 10:00, outside the window: the weekly deal stays listed between its windows, as
    // on the restaurant's Deals tab, marked not on now; the one whose last window passed is gone.
    expect(await at("2027-01-09T10:00:00Z")).toEqual([
      ["Happy hour", false],
      ["Until noon", true],
    ]);
    // Saturday 12:00: the one-off deal ended.
    expect(await at("2027-01-09T12:00:00Z")).toEqual([["Happy hour", false]]);
  });

  it("leaves out the deals of people the caller may not see, as every deal listing does", async () => {
    const { app } = await testApp.start();
    const { db } = await getTestDatabase();
    const viewer = await signUpByEmail(app);
    const blocker = await createUser(db, { fullName: "Blocker" });
    const blocked = await createUser(db, { fullName: "Blocked" });
    const walled = await createUser(db, { fullName: "Walled", isPrivate: true });
    const followedWalled = await createUser(db, { fullName: "Friend", isPrivate: true });
    const leaving = await createUser(db, { fullName: "Leaving" });
    const muted = await createUser(db, { fullName: "Muted" });
    const open = await createUser(db, { fullName: "Open" });
    await createFollow(db, viewer.userId, followedWalled.id);
    await db.execute(sql`
      insert into user_blocks (blocker_id, blocked_id)
      values (${blocker.id}, ${viewer.userId}), (${viewer.userId}, ${blocked.id})`);
    await db.execute(sql`
      insert into user_mutes (muter_id, muted_id) values (${viewer.userId}, ${muted.id})`);
    await db.execute(sql`
      insert into account_deletions (user_id, erase_after)
      values (${leaving.id}, now() + interval '14 days')`);
    const place = await createRestaurant(db, { name: "Bistro", ...north(700) });
    for (const person of [blocker, blocked, walled, followedWalled, leaving, muted, open]) {
      await createDeal(db, {
        userId: person.id,
        restaurantId: place.id,
        title: `${person.fullName}'s deal`,
      });
    }
    const list = async (cookie?: string) =>
      titles((await request(app, "GET", dealsPath, cookie ? { cookie } : {})).json()).sort();
    // Muting changes only the feed and notifications (ADR 0014), as on the restaurant's tab.
    expect(await list(viewer.cookie)).toEqual(["Friend's deal", "Muted's deal", "Open's deal"]);
    expect(await list()).toEqual([
      "Blocked's deal",
      "Blocker's deal",
      "Muted's deal",
      "Open's deal",
    ]);
  });

  it("keeps to the nearest fifty and to 5 km when it holds ten", async () => {
    const { app } = await testApp.start();
    const { db } = await getTestDatabase();
    const author = await createUser(db);
    await db.execute(sql`
      with places as (
        insert into restaurants (name, latitude, longitude)
        select 'Place ' || g, ${centre.lat} + g * 0.0001, ${centre.lng}
          from generate_series(1, 60) g
        returning id)
      insert into deals (user_id, restaurant_id, title, time_zone, ends_at)
      select ${author.id}, id, 'Deal', 'UTC', now() + interval '1 day' from places`);
    const ten = await createRestaurant(db, { name: "Ten km", ...north(10_000) });
    await createDeal(db, { userId: author.id, restaurantId: ten.id, title: "Ten km away" });
    const body = (await request(app, "GET", dealsPath)).json();
    expect(body.radius).toBe(NEARBY_LIMITS.radiusMeters);
    expect(body.items).toHaveLength(NEARBY_LIMITS.shown);
    const distances = body.places.map((place: { distance: number }) => place.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(titles(body)).not.toContain("Ten km away");
  });

  it("refuses positions off the globe, a radius over the limit and junk", async () => {
    const { app } = await testApp.start();
    for (const query of ["lat=91&lng=0", "lat=0&lng=181", "lng=1", "lat=1&lng=1&radius=25001"]) {
      const response = await request(app, "GET", `/api/nearby/deals?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe("VALIDATION_ERROR");
    }
  });
});
