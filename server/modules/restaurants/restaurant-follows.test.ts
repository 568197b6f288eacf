import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationSettingsMessages } from "#domain/notification-settings-rules.ts";
import { notificationSentence } from "#domain/notifications.ts";
import { restaurantFollowMessages } from "#domain/restaurant-rules.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor } from "#server/test/auth-helpers.ts";
import { recordBusEvents } from "#server/test/event-stream.ts";
import { createPlanUsers, createRestaurant, createUser } from "#server/test/factories.ts";
import { explainPlan } from "#server/test/item-lists.ts";
import { TestPushService } from "#server/test/push-service.ts";
import { request } from "#server/test/request.ts";
import { dealFollowerNotificationsSql } from "./restaurant-follows.queries.ts";
import { restaurantStatsSql } from "./restaurants.queries.ts";

const testApp = useTestApp();
let pushService: TestPushService;

beforeAll(async () => {
  pushService = await TestPushService.start();
});
afterAll(() => pushService.close());

const PLACE = { name: "Corner Tap", address: "1 Main St, Springfield" };

async function person(username: string) {
  const profile = await createUser(testApp.db, { username, fullName: username });
  return { ...profile, cookie: await sessionCookieFor(testApp.app, profile.id) };
}

const follow = (restaurantId: string, cookie?: string, method: "PUT" | "DELETE" = "PUT") =>
  request(testApp.app, method, `/api/restaurants/${restaurantId}/follow`, { cookie });

const restaurantPage = (restaurantId: string, cookie?: string) =>
  request(testApp.app, "GET", `/api/restaurants/${restaurantId}`, { cookie });

async function shareDeal(cookie: string, title = "Half-price oysters") {
  const response = await request(testApp.app, "POST", "/api/deals", {
    cookie,
    body: {
      restaurant: PLACE,
      title,
      schedule: { kind: "ends", endsAt: new Date(Date.now() + 3 * 3_600_000).toISOString() },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

/** Who got a new-deal notification about `dealId`. */
async function notifiedOf(dealId: string): Promise<string[]> {
  const result = await testApp.db.execute<{ user_id: string }>(sql`
    select user_id from notifications where type = 'new_deal' and deal_id = ${dealId}
     order by user_id`);
  return result.rows.map((row) => row.user_id);
}

describe("following a restaurant", () => {
  it("is saved, idempotent both ways, and the page says who follows and how many", async () => {
    await testApp.start();
    const place = await createRestaurant(testApp.db, PLACE);
    const ana = await person("ana");
    const ben = await person("ben");

    const visitor = await follow(place.id);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe(restaurantFollowMessages.signInRequired);
    expect((await restaurantPage(place.id)).json()).toMatchObject({
      followerCount: 0,
      followedByMe: null,
    });

    for (let attempt = 0; attempt < 2; attempt++) {
      const followed = await follow(place.id, ana.cookie);
      expect(followed.statusCode, followed.body).toBe(200);
      expect(followed.json()).toEqual({ following: true, followerCount: 1 });
    }
    expect((await follow(place.id, ben.cookie)).json()).toEqual({
      following: true,
      followerCount: 2,
    });
    // Another session of Ana's (a second browser) sees it.
    const elsewhere = await sessionCookieFor(testApp.app, ana.id);
    expect((await restaurantPage(place.id, elsewhere)).json()).toMatchObject({
      followerCount: 2,
      followedByMe: true,
    });

    for (let attempt = 0; attempt < 2; attempt++) {
      const unfollowed = await follow(place.id, ana.cookie, "DELETE");
      expect(unfollowed.statusCode, unfollowed.body).toBe(200);
      expect(unfollowed.json()).toEqual({ following: false, followerCount: 1 });
    }
    expect((await restaurantPage(place.id, ana.cookie)).json()).toMatchObject({
      followerCount: 1,
      followedByMe: false,
    });

    const unknown = await follow(crypto.randomUUID(), ana.cookie);
    expect(unknown.statusCode).toBe(404);
    expect((await follow("not-a-uuid", ana.cookie)).statusCode).toBe(404);
  });

  it("keeps the count equal to the follows under concurrent presses", async () => {
    await testApp.start();
    const place = await createRestaurant(testApp.db, PLACE);
    const people = await Promise.all(["cara", "cody", "cruz", "cleo"].map((name) => person(name)));
    await Promise.all(
      people.flatMap(({ cookie }) => [follow(place.id, cookie), follow(place.id, cookie)]),
    );
    await Promise.all(people.slice(0, 2).map(({ cookie }) => follow(place.id, cookie, "DELETE")));
    const result = await testApp.db.execute<{ count: number; rows: number }>(sql`
      select r.follower_count as count,
             (select count(*)::int from restaurant_follows f where f.restaurant_id = r.id) as rows
        from restaurants r where r.id = ${place.id}`);
    expect(result.rows[0]).toEqual({ count: 2, rows: 2 });
  });
});

describe("a new deal at a followed restaurant", () => {
  it("notifies each follower who may see its author, and opens the deal", async () => {
    const { app } = await testApp.start();
    const place = await createRestaurant(testApp.db, PLACE);
    const author = await person("author");
    const fan = await person("fan");
    const quiet = await person("quiet");
    const blocked = await person("blocked");
    const blocker = await person("blocker");
    const stranger = await person("stranger");
    for (const each of [author, fan, quiet, blocked, blocker]) {
      expect((await follow(place.id, each.cookie)).statusCode).toBe(200);
    }
    const off = await request(app, "PUT", "/api/notification-settings", {
      cookie: quiet.cookie,
      body: { dealsAtFollowed: false },
    });
    expect(off.json()).toMatchObject({ dealsAtFollowed: false, commentsAndLikes: true });
    expect(
      (await request(app, "PUT", `/api/profiles/${blocked.id}/block`, { cookie: author.cookie }))
        .statusCode,
    ).toBeLessThan(300);
    expect(
      (await request(app, "PUT", `/api/profiles/${author.id}/block`, { cookie: blocker.cookie }))
        .statusCode,
    ).toBeLessThan(300);

    const toFan = recordBusEvents(app.events, fan.id);
    const deal = await shareDeal(author.cookie);
    // Not the author, nor whoever switched it off or is in a block with the author either way.
    expect(await notifiedOf(deal.id)).toEqual([fan.id]);
    // Told after the deal's answer, in the background: the fan's open pages hear of it.
    await expect.poll(() => toFan).toEqual([{ type: "notification" }]);

    const list = await request(app, "GET", "/api/notifications", { cookie: fan.cookie });
    expect(list.statusCode).toBe(200);
    const [group] = list.json().items;
    expect(group).toMatchObject({
      key: `deal.deal.${deal.id}`,
      type: "new_deal",
      item: { kind: "deal", id: deal.id, title: "Half-price oysters", restaurantName: PLACE.name },
      actors: [expect.objectContaining({ id: author.id })],
      isRead: false,
    });
    expect(notificationSentence(group)).toBe("Corner Tap has a new deal");
    expect(
      (await request(app, "GET", "/api/notifications/unread-count", { cookie: fan.cookie })).json(),
    ).toEqual({ count: 1 });
    const read = await request(app, "POST", `/api/notifications/groups/${group.key}/read`, {
      cookie: fan.cookie,
    });
    expect(read.statusCode).toBeLessThan(300);
    // Someone who does not follow the place hears nothing.
    expect(
      (await request(app, "GET", "/api/notifications", { cookie: stranger.cookie })).json().items,
    ).toEqual([]);

    // Switched back on, the next deal reaches them.
    await request(app, "PUT", "/api/notification-settings", {
      cookie: quiet.cookie,
      body: { dealsAtFollowed: true },
    });
    const next = await shareDeal(author.cookie, "Taco Tuesday");
    expect(await notifiedOf(next.id)).toEqual([fan.id, quiet.id].sort());
  });

  it("reaches a private author's approved followers only", async () => {
    const { app } = await testApp.start();
    const place = await createRestaurant(testApp.db, PLACE);
    const author = await person("private_author");
    const approved = await person("approved");
    const outsider = await person("outsider");
    await request(app, "PUT", "/api/profile/privacy", {
      cookie: author.cookie,
      body: { private: true },
    });
    const asked = await request(app, "PUT", `/api/profiles/${author.id}/follow`, {
      cookie: approved.cookie,
    });
    expect(asked.json()).toMatchObject({ requested: true });
    const requests = await request(app, "GET", "/api/follow-requests", { cookie: author.cookie });
    const [waiting] = requests.json().items;
    const accepted = await request(app, "POST", `/api/follow-requests/${waiting.id}/accept`, {
      cookie: author.cookie,
    });
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
    for (const each of [approved, outsider]) await follow(place.id, each.cookie);

    const deal = await shareDeal(author.cookie);
    expect(await notifiedOf(deal.id)).toEqual([approved.id]);
  });

  it("is pushed as '{restaurant} has a new deal'", async () => {
    const { app } = await testApp.start();
    const place = await createRestaurant(testApp.db, PLACE);
    const author = await person("pusher");
    const fan = await person("push_fan");
    await follow(place.id, fan.cookie);
    const browser = pushService.subscribe(`deal-${fan.id}`);
    const stored = await request(app, "POST", "/api/push/subscriptions", {
      cookie: fan.cookie,
      body: browser.toJSON(),
    });
    expect(stored.statusCode, stored.body).toBe(204);

    const before = pushService.received.length;
    const deal = await shareDeal(author.cookie);
    await pushService.waitFor(before + 1);
    expect(browser.decrypt(pushService.received.at(-1)?.body ?? Buffer.alloc(0))).toEqual({
      title: "Tasted",
      body: notificationSettingsMessages.pushText.new_deal(PLACE.name),
      tag: `new_deal:${deal.id}`,
      url: "/notifications",
    });
  });

  it("counts in the weekly email", async () => {
    const { app, email } = await testApp.start();
    const place = await createRestaurant(testApp.db, PLACE);
    const author = await person("emailer");
    const fan = await person("reader");
    await testApp.db.execute(sql`update "user" set email_verified = true where id = ${fan.id}`);
    const weekly = await request(app, "PUT", "/api/notification-settings", {
      cookie: fan.cookie,
      body: { emailDigest: "weekly" },
    });
    expect(weekly.statusCode, weekly.body).toBe(200);
    await follow(place.id, fan.cookie);
    await shareDeal(author.cookie);

    await app.notificationDigest.run();
    const digest = email.messages.find((message) => message.to === `${fan.id}@example.com`);
    expect(digest?.text).toContain(notificationSettingsMessages.digestKind.new_deal(1));
  });
});

describe("restaurant follow query plans", () => {
  const explain = (query: SQL) => explainPlan(testApp.db, query);

  it("reads a place's followers and the viewer's follow through their indexes", async () => {
    await testApp.start();
    await createPlanUsers(testApp.db, 2000);
    await testApp.db.execute(sql`
      insert into restaurants (name) select 'Place ' || g from generate_series(1, 200) g`);
    // Every person follows ten places; the first place has a follower in five.
    await testApp.db.execute(sql`
      with places as (select id, row_number() over (order by id) as n from restaurants)
      insert into restaurant_follows (user_id, restaurant_id)
      select 'plan-' || u, places.id
        from generate_series(1, 2000) u
        cross join generate_series(1, 10) k
        join places on places.n = 1 + (u * 7 + k * 13) % 200
      on conflict do nothing`);
    await testApp.db.execute(sql`
      insert into restaurant_follows (user_id, restaurant_id)
      select 'plan-' || u, (select id from restaurants order by id limit 1)
        from generate_series(5, 2000, 5) u
      on conflict do nothing`);
    // A third of them have changed their notification settings.
    await testApp.db.execute(sql`
      insert into notification_settings (user_id, deals_at_followed)
      select 'plan-' || u, u % 2 = 0 from generate_series(3, 2000, 3) u`);
    await testApp.db.execute(sql`analyze`);
    const [popular] = (
      await testApp.db.execute<{ id: string }>(sql`
        select restaurant_id as id from restaurant_follows
         group by restaurant_id order by count(*) desc limit 1`)
    ).rows;
    const restaurantId = popular?.id ?? "";

    const fanOut = await explain(
      dealFollowerNotificationsSql({
        id: crypto.randomUUID(),
        authorId: "plan-1",
        restaurantId,
      }),
    );
    expect(fanOut).toMatch(/restaurant_follows_restaurant_idx/);
    expect(fanOut).not.toMatch(/Seq Scan on (restaurant_follows|notification_settings|profiles)/);

    const page = await explain(restaurantStatsSql(restaurantId, "plan-2"));
    // Either index holds the pair: one probe.
    expect(page).toMatch(/Index Only Scan using restaurant_follows_(pk|restaurant_idx)/);
    expect(page).not.toMatch(/Seq Scan on restaurant_follows/);
  });
});
