import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { DealInput } from "#domain/deals.ts";
import { dealMessages } from "#domain/deals-rules.ts";
import { restaurantMessages } from "#domain/restaurant.ts";
import { selectItemRows, viewableItemPage } from "#server/modules/items/items.queries.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { uploadId } from "#server/test/content-helpers.ts";
import { signUpStaff } from "#server/test/moderation.ts";
import { request } from "#server/test/request.ts";
import { selectRestaurantDeals } from "./deals.queries.ts";

const testApp = useTestApp();

/** A place in Manhattan: its deals keep New York's hours. */
const NEW_YORK = { name: "Corner Tap", address: "1 Main St, New York", lat: 40.73, lng: -73.99 };
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function shareDeal(app: FastifyInstance, cookie: string, body: Partial<DealInput>) {
  const response = await request(app, "POST", "/api/deals", {
    cookie,
    body: {
      restaurant: NEW_YORK,
      title: "Half-price oysters",
      schedule: { kind: "ends", endsAt: inHours(3) },
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function dealCount(app: FastifyInstance): Promise<number> {
  const result = await app.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from deals`,
  );
  return Number(result.rows[0]?.n);
}

/** Whether the deal runs at the instant `at` (ISO, UTC), as every listing decides it. */
async function onAt(app: FastifyInstance, id: string, at: string): Promise<boolean> {
  const [row] = await selectItemRows(
    app.database.db,
    viewableItemPage("deal", id, undefined, new Date(at)),
  );
  return row?.deal_when?.isOnNow === true;
}

describe("deals", () => {
  it("refuses bad input with the issue's messages and changes nothing", async () => {
    const { app } = await testApp.start();
    const author = await signUpByEmail(app);
    const weekly = { kind: "weekly", days: [1], from: "16:00", to: "19:00" } as const;
    const valid = {
      restaurant: NEW_YORK,
      title: "Two for one",
      schedule: { kind: "ends", endsAt: inHours(2) },
    } as const;
    expect((await request(app, "POST", "/api/deals", { body: valid })).statusCode).toBe(401);
    for (const [body, message] of [
      [{ ...valid, restaurant: { name: " " } }, restaurantMessages.nameRequired],
      [{ ...valid, title: "  " }, dealMessages.textRequired],
      [{ ...valid, title: undefined }, dealMessages.textRequired],
      [{ ...valid, title: "x".repeat(201) }, dealMessages.textTooLong],
      [{ ...valid, details: "x".repeat(2001) }, dealMessages.detailsTooLong],
      [{ ...valid, schedule: { kind: "ends", endsAt: inHours(-1) } }, dealMessages.alreadyEnded],
      [{ ...valid, schedule: { ...weekly, days: [] } }, dealMessages.dayRequired],
      [{ ...valid, schedule: { ...weekly, to: "16:00" } }, dealMessages.hoursEqual],
      [{ ...valid, schedule: { ...weekly, from: "25:00" } }, dealMessages.timeInvalid],
      // A last day already behind in New York: its last window is over.
      [{ ...valid, schedule: { ...weekly, lastDay: "2020-01-06" } }, dealMessages.alreadyEnded],
      [{ ...valid, schedule: { ...weekly, lastDay: "2027-02-30" } }, dealMessages.dateInvalid],
      [{ ...valid, timeZone: "Mars/Olympus" }, dealMessages.timeZoneInvalid],
      [{ ...valid, title: "Happy\u0000hour" }, "Text must not contain NUL characters"],
    ] as const) {
      const response = await request(app, "POST", "/api/deals", { cookie: author.cookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toEqual({ code: "VALIDATION_ERROR", message });
    }
    expect(await dealCount(app)).toBe(0);
    const places = await app.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from restaurants`,
    );
    expect(Number(places.rows[0]?.n)).toBe(0);
  });

  it("shares a deal in the restaurant's zone with a photo, lists it, and deletes it", async () => {
    const { app } = await testApp.start();
    const author = await signUpByEmail(app);
    const other = await signUpByEmail(app);
    const endsAt = inHours(3);
    const deal = await shareDeal(app, author.cookie, {
      title: " Half-price oysters ",
      details: "At the bar only",
      schedule: { kind: "ends", endsAt },
      // Ignored: the restaurant's position names its zone.
      timeZone: "Europe/Berlin",
      images: [{ uploadId: await uploadId(app, author.cookie) }],
    });
    expect(deal).toMatchObject({
      itemType: "deal",
      title: "Half-price oysters",
      details: "At the bar only",
      restaurant: { name: "Corner Tap" },
      timeZone: "America/New_York",
      schedule: { kind: "ends", endsAt: new Date(endsAt).toISOString() },
      isOnNow: true,
      hasEnded: false,
      isOwner: true,
      isHidden: false,
    });
    expect(deal.images).toHaveLength(1);

    const seen = await request(app, "GET", `/api/deals/${deal.id}`);
    expect(seen.json()).toMatchObject({ id: deal.id, isOwner: false, images: [{}] });
    const list = await request(app, "GET", `/api/restaurants/${deal.restaurant.id}/deals`);
    expect(list.json()).toMatchObject({ items: [{ id: deal.id }], nextCursor: null });

    const url = `/api/deals/${deal.id}`;
    expect((await request(app, "DELETE", url)).statusCode).toBe(401);
    expect((await request(app, "DELETE", url, { cookie: other.cookie })).statusCode).toBe(403);
    expect((await request(app, "DELETE", url, { cookie: author.cookie })).statusCode).toBe(204);
    expect((await request(app, "GET", url)).statusCode).toBe(404);
    expect((await request(app, "GET", "/api/deals/nope")).statusCode).toBe(404);
    expect((await request(app, "GET", "/api/restaurants/nope/deals")).statusCode).toBe(404);
  });

  it("takes the author's browser zone for a place without a position", async () => {
    const { app } = await testApp.start();
    const author = await signUpByEmail(app);
    const deal = await shareDeal(app, author.cookie, {
      restaurant: { name: "Food Truck 7" },
      schedule: { kind: "weekly", days: [6, 7], from: "12:00", to: "15:00" },
      timeZone: "Europe/Berlin",
    });
    expect(deal).toMatchObject({
      timeZone: "Europe/Berlin",
      schedule: { kind: "weekly", days: [6, 7], from: "12:00", to: "15:00", lastDay: null },
    });
    // Saturday 2026-12-05, 12:30 in Berlin (UTC+1) is 11:30 UTC.
    expect(await onAt(app, deal.id, "2026-12-05T11:30:00Z")).toBe(true);
    expect(await onAt(app, deal.id, "2026-12-05T14:30:00Z")).toBe(false);
    expect(await onAt(app, deal.id, "2026-12-07T11:30:00Z")).toBe(false);
  });

  it("runs weekly windows past midnight and across daylight-saving changes in local hours", async () => {
    const { app } = await testApp.start();
    const author = await signUpByEmail(app);
    // Saturdays 22:00 to 02:00 in New York; 2026-11-01 (a Sunday) leaves daylight time at 2:00.
    const lateNight = await shareDeal(app, author.cookie, {
      schedule: { kind: "weekly", days: [6], from: "22:00", to: "02:00" },
    });
    expect(await onAt(app, lateNight.id, "2026-11-01T01:59:00Z")).toBe(false); // Sat 21:59 EDT
    expect(await onAt(app, lateNight.id, "2026-11-01T02:00:00Z")).toBe(true); // Sat 22:00 EDT
    expect(await onAt(app, lateNight.id, "2026-11-01T05:30:00Z")).toBe(true); // Sun 1:30 EDT
    expect(await onAt(app, lateNight.id, "2026-11-01T06:30:00Z")).toBe(true); // Sun 1:30 EST
    expect(await onAt(app, lateNight.id, "2026-11-01T07:30:00Z")).toBe(false); // Sun 2:30 EST
    // The window belongs to Saturday: early Monday (after a Sunday evening) it is off.
    expect(await onAt(app, lateNight.id, "2026-11-02T06:00:00Z")).toBe(false); // Mon 1:00 EST

    // Sundays 9:00 to 10:00 keep 9 o'clock local when the clocks spring forward (2026-03-08).
    const brunch = await shareDeal(app, author.cookie, {
      schedule: { kind: "weekly", days: [7], from: "09:00", to: "10:00" },
    });
    expect(await onAt(app, brunch.id, "2026-03-01T14:30:00Z")).toBe(true); // 9:30 EST
    expect(await onAt(app, brunch.id, "2026-03-08T14:30:00Z")).toBe(false); // 10:30 EDT
    expect(await onAt(app, brunch.id, "2026-03-08T13:30:00Z")).toBe(true); // 9:30 EDT

    // Monday's early hours belong to a Sunday window (the week wraps).
    const sundayLate = await shareDeal(app, author.cookie, {
      schedule: { kind: "weekly", days: [7], from: "23:00", to: "01:00" },
    });
    expect(await onAt(app, sundayLate.id, "2026-12-07T05:30:00Z")).toBe(true); // Mon 0:30 EST
    expect(await onAt(app, sundayLate.id, "2026-12-08T05:30:00Z")).toBe(false); // Tue 0:30 EST
  });

  it("ends by time: an ended deal leaves the restaurant's list but still opens as ended", async () => {
    const { app } = await testApp.start();
    const author = await signUpByEmail(app);
    // Fridays 16:00 to 19:00 until Friday 2027-01-08: the last window ends 19:00 EST, 00:00 UTC.
    const happyHour = await shareDeal(app, author.cookie, {
      schedule: { kind: "weekly", days: [5], from: "16:00", to: "19:00", lastDay: "2027-01-08" },
    });
    const oneOff = await shareDeal(app, author.cookie, { title: "Free dessert" });
    expect(happyHour.schedule).toMatchObject({ lastDay: "2027-01-08" });
    expect(await onAt(app, happyHour.id, "2027-01-08T23:59:00Z")).toBe(true);
    expect(await onAt(app, happyHour.id, "2027-01-09T00:00:00Z")).toBe(false);
    expect(await onAt(app, happyHour.id, "2027-01-15T22:00:00Z")).toBe(false);

    const listedAt = async (at: string) =>
      (
        await selectRestaurantDeals(app.database.db, {
          restaurantId: happyHour.restaurant.id,
          viewerId: undefined,
          at: new Date(at),
          after: undefined,
          limit: 10,
        })
      ).map((row) => row.title);
    expect(await listedAt("2027-01-08T23:59:00Z")).toEqual(["Half-price oysters"]);
    expect(await listedAt("2027-01-09T00:00:00Z")).toEqual([]);
    expect(await listedAt(new Date().toISOString())).toEqual([
      "Free dessert",
      "Half-price oysters",
    ]);

    // The one-off deal's end passes (moved back, as time would).
    await app.database.db.execute(
      sql`update deals set ends_at = now() - interval '1 minute' where id = ${oneOff.id}`,
    );
    const list = await request(app, "GET", `/api/restaurants/${oneOff.restaurant.id}/deals`);
    expect(list.json().items.map((deal: { id: string }) => deal.id)).toEqual([happyHour.id]);
    // The Deals tab's count is the list's.
    const page = await request(app, "GET", `/api/restaurants/${oneOff.restaurant.id}`);
    expect(page.json().stats.dealCount).toBe(1);
    const ended = await request(app, "GET", `/api/deals/${oneOff.id}`);
    expect(ended.json()).toMatchObject({ hasEnded: true, isOnNow: false });
  });

  it("pages a restaurant's deals newest first and hides blocked authors' deals", async () => {
    const { app } = await testApp.start();
    const author = await signUpByEmail(app);
    const viewer = await signUpByEmail(app);
    const first = await shareDeal(app, author.cookie, { title: "First" });
    const second = await shareDeal(app, author.cookie, { title: "Second" });
    const url = `/api/restaurants/${first.restaurant.id}/deals`;
    const page1 = (await request(app, "GET", `${url}?limit=1`)).json();
    expect(page1.items.map((deal: { id: string }) => deal.id)).toEqual([second.id]);
    const page2 = (await request(app, "GET", `${url}?limit=1&cursor=${page1.nextCursor}`)).json();
    expect(page2).toMatchObject({ items: [{ id: first.id }], nextCursor: null });
    expect((await request(app, "GET", `${url}?cursor=junk`)).statusCode).toBe(400);

    const block = await request(app, "PUT", `/api/profiles/${author.userId}/block`, {
      cookie: viewer.cookie,
    });
    expect(block.statusCode).toBe(200);
    expect((await request(app, "GET", url, { cookie: viewer.cookie })).json().items).toEqual([]);
    const blocked = await request(app, "GET", `/api/deals/${first.id}`, { cookie: viewer.cookie });
    expect(blocked.statusCode).toBe(404);
  });

  it("is an item: likes, comments, their notifications, reports, hiding and deletion", async () => {
    const { app } = await testApp.start();
    const author = await signUpByEmail(app);
    const fan = await signUpByEmail(app);
    const { moderator } = await signUpStaff(app);
    const deal = await shareDeal(app, author.cookie, { title: "Oyster hour" });
    expect(deal).toMatchObject({ likeCount: 0, commentCount: 0, likedByMe: false });

    const like = await request(app, "PUT", `/api/deals/${deal.id}/like`, { cookie: fan.cookie });
    expect(like.json()).toMatchObject({ liked: true, likeCount: 1 });
    const comment = await request(app, "POST", `/api/deals/${deal.id}/comments`, {
      cookie: fan.cookie,
      body: { content: "Still going at 6" },
    });
    expect(comment.statusCode).toBe(201);
    const seen = await request(app, "GET", `/api/deals/${deal.id}`, { cookie: fan.cookie });
    expect(seen.json()).toMatchObject({ likeCount: 1, commentCount: 1, likedByMe: true });
    const thread = await request(app, "GET", `/api/deals/${deal.id}/comments`);
    expect(thread.json().items.map((c: { content: string }) => c.content)).toEqual([
      "Still going at 6",
    ]);

    // The author hears of both, each group opening the deal.
    const groups = (await request(app, "GET", "/api/notifications", { cookie: author.cookie }))
      .json()
      .items.map((group: { key: string; item: unknown; text: string | null }) => ({
        key: group.key,
        item: group.item,
      }));
    expect(groups).toEqual(
      expect.arrayContaining([
        {
          key: `like.deal.${deal.id}`,
          item: {
            kind: "deal",
            id: deal.id,
            title: "Oyster hour",
            reviewType: null,
            restaurantName: NEW_YORK.name,
          },
        },
        {
          key: `comment.deal.${deal.id}`,
          item: {
            kind: "deal",
            id: deal.id,
            title: "Oyster hour",
            reviewType: null,
            restaurantName: NEW_YORK.name,
          },
        },
      ]),
    );
    const read = await request(app, "POST", `/api/notifications/groups/like.deal.${deal.id}/read`, {
      cookie: author.cookie,
    });
    expect(read.statusCode).toBe(204);

    // Reported, then hidden by a moderator: gone for others, its author told.
    const report = await request(app, "POST", "/api/reports", {
      cookie: fan.cookie,
      body: { targetType: "deal", targetId: deal.id, reason: "misleading" },
    });
    expect(report.statusCode).toBe(201);
    const hide = await request(app, "PUT", `/api/admin/content/deal/${deal.id}/hidden`, {
      cookie: moderator.cookie,
      body: { hidden: true },
    });
    expect(hide.json()).toEqual({ isHidden: true });
    expect((await request(app, "GET", `/api/deals/${deal.id}`)).statusCode).toBe(404);
    const liked = await request(app, "PUT", `/api/deals/${deal.id}/like`, { cookie: fan.cookie });
    expect(liked.statusCode).toBe(404);
    const own = await request(app, "GET", `/api/deals/${deal.id}`, { cookie: author.cookie });
    expect(own.json()).toMatchObject({ isHidden: true });
    const notices = (await request(app, "GET", "/api/notifications", { cookie: author.cookie }))
      .json()
      .items.filter((group: { type: string }) => group.type === "content_hidden");
    expect(notices).toMatchObject([{ item: { kind: "deal", id: deal.id } }]);

    // Its author deletes it through the kernel; its likes, comments and notifications go too.
    const removed = await request(app, "DELETE", `/api/deals/${deal.id}`, {
      cookie: author.cookie,
    });
    expect(removed.statusCode).toBe(204);
    const left = await app.database.db.execute<{ n: number }>(sql`
      select (select count(*) from deal_likes where deal_id = ${deal.id})
           + (select count(*) from deal_comments where deal_id = ${deal.id})
           + (select count(*) from notifications where deal_id = ${deal.id}) as n`);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });

  it("is in the feeds while it has not ended, as a deal with when it runs", async () => {
    const { app } = await testApp.start();
    const author = await signUpByEmail(app);
    const follower = await signUpByEmail(app);
    const follow = await request(app, "PUT", `/api/profiles/${author.userId}/follow`, {
      cookie: follower.cookie,
    });
    expect(follow.statusCode).toBe(200);
    const weekly = await shareDeal(app, author.cookie, {
      title: "Taco Tuesday",
      schedule: { kind: "weekly", days: [2], from: "11:00", to: "15:00" },
    });
    const oneOff = await shareDeal(app, author.cookie, { title: "Free churros" });
    const feedTitles = async (url: string, cookie?: string) =>
      (await request(app, "GET", url, { cookie }))
        .json()
        .items.map(
          (item: { itemType: string; title: string }) => `${item.itemType}: ${item.title}`,
        );
    expect(await feedTitles("/api/feed")).toEqual(["deal: Free churros", "deal: Taco Tuesday"]);
    expect(await feedTitles("/api/feed?scope=following", follower.cookie)).toEqual([
      "deal: Free churros",
      "deal: Taco Tuesday",
    ]);
    const [card] = (await request(app, "GET", "/api/feed?limit=1")).json().items;
    expect(card).toMatchObject({
      id: oneOff.id,
      itemType: "deal",
      schedule: { kind: "ends" },
      isOnNow: true,
      hasEnded: false,
      likeCount: 0,
      likedByMe: null,
    });
    // Paging past a deal keeps its place.
    const next = (await request(app, "GET", "/api/feed?limit=1")).json().nextCursor;
    const page2 = (await request(app, "GET", `/api/feed?limit=1&cursor=${next}`)).json();
    expect(page2.items.map((item: { id: string }) => item.id)).toEqual([weekly.id]);

    // Its end passes: it leaves both feeds by itself, and still opens, as ended.
    await app.database.db.execute(
      sql`update deals set ends_at = now() - interval '1 minute' where id = ${oneOff.id}`,
    );
    // Signed in: a visitor's first page may be the one kept for a second (public-answer-cache).
    expect(await feedTitles("/api/feed", follower.cookie)).toEqual(["deal: Taco Tuesday"]);
    expect(await feedTitles("/api/feed?scope=following", follower.cookie)).toEqual([
      "deal: Taco Tuesday",
    ]);
    const ended = await request(app, "GET", `/api/deals/${oneOff.id}`);
    expect(ended.json()).toMatchObject({ hasEnded: true, isOnNow: false });
  });
});
