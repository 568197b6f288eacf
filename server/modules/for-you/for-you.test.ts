import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ForYouDto } from "#domain/for-you.ts";
import { forYouMessages, forYouReasonText } from "#domain/for-you-rules.ts";
import { authorDisplayName } from "#domain/items-rules.ts";
import type { Database } from "#server/db/client.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor } from "#server/test/auth-helpers.ts";
import { getTestDatabase } from "#server/test/database.ts";
import {
  createFollow,
  createRestaurant,
  createReview,
  createUser,
} from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

/** What the card says for each item: "name: reason", a dish as "dish at restaurant". */
function lines(body: ForYouDto): string[] {
  return body.items.map((item) => {
    const what = item.dishName
      ? `${item.dishName} at ${item.restaurant.name}`
      : item.restaurant.name;
    const who = item.reason.kind === "followedPerson" ? authorDisplayName(item.reason.person) : "";
    return `${what}: ${forYouReasonText(item.reason, who)}`;
  });
}

async function forYou(cookie: string): Promise<ForYouDto> {
  const response = await request(testApp.app, "GET", "/api/for-you", { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function person(db: Database, fullName: string, values: { isPrivate?: boolean } = {}) {
  return createUser(db, { fullName, ...values });
}

/** A restaurant review (dishName undefined) or a dish review at `restaurantId`. */
function rate(db: Database, userId: string, restaurantId: string, rating: number, dish?: string) {
  return createReview(db, {
    userId,
    restaurantId,
    rating,
    reviewType: dish ? "dish" : "restaurant",
    title: dish ?? "The place",
  });
}

describe("GET /api/for-you", () => {
  it("recommends from people with the viewer's taste and people they follow, with reasons", async () => {
    const { app } = await testApp.start();
    const { db } = await getTestDatabase();
    const viewer = await person(db, "Vera");
    const cookie = await sessionCookieFor(app, viewer.id);
    const [a, b, c, d, e, f, g] = await Promise.all(
      ["A", "B", "C", "D", "E", "F", "G"].map((name) => createRestaurant(db, { name })),
    );
    if (!(a && b && c && d && e && f && g)) throw new Error("restaurants");
    // The viewer loves A and its Pad Thai, and hates B.
    await rate(db, viewer.id, a.id, 5);
    await rate(db, viewer.id, a.id, 5, "Pad Thai");
    await rate(db, viewer.id, b.id, 1);
    // Two twins agree and love C; one also loves A's Khao Soi, spelled two ways between them.
    const twins = [await person(db, "Twin One"), await person(db, "Twin Two")];
    for (const twin of twins) {
      await rate(db, twin.id, a.id, 5);
      await rate(db, twin.id, a.id, 5, "pad  thai");
      await rate(db, twin.id, b.id, 1);
      await rate(db, twin.id, c.id, 5);
    }
    await rate(db, twins[0]?.id ?? "", a.id, 5, "Khao Soi");
    await rate(db, twins[1]?.id ?? "", a.id, 4, "khao söi");
    // The opposite taste loves D: D is no taste pick (only loved lately, by one person).
    const opposite = await person(db, "Opposite");
    await rate(db, opposite.id, a.id, 1);
    await rate(db, opposite.id, b.id, 5);
    await rate(db, opposite.id, d.id, 5);
    // A private twin the viewer is not approved for, a blocked twin and a leaving twin love C
    // too, and G alone: none of them is counted, so G never shows.
    const privateTwin = await person(db, "Private Twin", { isPrivate: true });
    const blockedTwin = await person(db, "Blocked Twin");
    const leavingTwin = await person(db, "Leaving Twin");
    for (const hidden of [privateTwin, blockedTwin, leavingTwin]) {
      await rate(db, hidden.id, a.id, 5);
      await rate(db, hidden.id, b.id, 1);
      await rate(db, hidden.id, c.id, 5);
      await rate(db, hidden.id, g.id, 5);
    }
    await db.execute(sql`
      insert into user_blocks (blocker_id, blocked_id) values (${blockedTwin.id}, ${viewer.id})`);
    await db.execute(sql`
      insert into account_deletions (user_id, erase_after)
      values (${leavingTwin.id}, now() + interval '14 days')`);
    // Ana, followed, rated E 5 (and B 2: not a love); two other followed people loved F.
    const ana = await person(db, "Ana");
    await createFollow(db, viewer.id, ana.id);
    await rate(db, ana.id, e.id, 5);
    await rate(db, ana.id, b.id, 2);
    for (const name of ["Friend One", "Friend Two"]) {
      const friend = await person(db, name);
      await createFollow(db, viewer.id, friend.id);
      await rate(db, friend.id, f.id, 4);
    }

    const body = await forYou(cookie);
    expect(body.sharpen).toBe(true);
    // Agreement, over each rating at the place the viewer loved (A; B is not a love): each twin
    // loved A three times, 3 / √3 = 1.73; the opposite −0.5 (no neighbour); Ana rated nothing
    // there. Taste: C = 3 × (1.73 × 2 + 1.73 × 2) / 3.46 = 6, Khao Soi 3 × (1.73 × 2 + 1.73 × 1)
    // / 3.46 = 4.5; followed: E = 0.05 × 2, F = 0.05 × 2; D only loved lately.
    expect(lines(body).slice(0, 2)).toEqual([
      "C: Because 2 people with your taste loved it",
      "Khao Soi at A: Because 2 people with your taste loved it",
    ]);
    expect(lines(body)).toContain("E: Ana rated it 5");
    expect(lines(body)).toContain("F: 2 people you follow loved it");
    expect(lines(body)).toContain("D: 1 person loved it lately");
    // What the viewer rated (A and its Pad Thai, B) and what only hidden people loved (G) never.
    const names = body.items.map((item) => item.restaurant.name);
    expect(names).not.toContain("B");
    expect(names).not.toContain("G");
    expect(body.items.filter((item) => item.restaurant.name === "A")).toHaveLength(1);
    // No text of the answer names or counts a hidden person.
    expect(JSON.stringify(body)).not.toMatch(/Private|Blocked|Leaving/);

    // Once the private twin approves the viewer (a follow), their loves count and name them.
    await createFollow(db, viewer.id, privateTwin.id);
    const approved = await forYou(cookie);
    expect(lines(approved)).toContain("G: Private Twin rated it 5");
  });

  it("forgets what the viewer is not interested in, a dish however it is spelled", async () => {
    const { app } = await testApp.start();
    const { db } = await getTestDatabase();
    const viewer = await person(db, "Vera");
    const cookie = await sessionCookieFor(app, viewer.id);
    const friend = await person(db, "Ana");
    await createFollow(db, viewer.id, friend.id);
    const place = await createRestaurant(db, { name: "Noodle Bar" });
    await rate(db, friend.id, place.id, 5);
    await rate(db, friend.id, place.id, 5, "Crème Brûlée");
    expect(lines(await forYou(cookie)).sort()).toEqual([
      "Crème Brûlée at Noodle Bar: Ana rated it 5",
      "Noodle Bar: Ana rated it 5",
    ]);

    const dismiss = (body: unknown) =>
      request(app, "POST", "/api/for-you/dismissals", { cookie, body });
    const dish = await dismiss({ restaurantId: place.id, dishName: "  creme   BRULEE " });
    expect(dish.statusCode, dish.body).toBe(204);
    expect(lines(await forYou(cookie))).toEqual(["Noodle Bar: Ana rated it 5"]);
    // Twice is fine; the restaurant itself next.
    expect((await dismiss({ restaurantId: place.id, dishName: "Crème Brûlée" })).statusCode).toBe(
      204,
    );
    expect((await dismiss({ restaurantId: place.id, dishName: null })).statusCode).toBe(204);
    expect((await forYou(cookie)).items).toEqual([]);
    // Another person's suggestions are their own.
    const other = await person(db, "Otto");
    await createFollow(db, other.id, friend.id);
    expect((await forYou(await sessionCookieFor(app, other.id))).items).toHaveLength(2);

    // Bad input changes nothing.
    const before = await db.execute(sql`select count(*)::int as n from for_you_dismissals`);
    for (const body of [
      {},
      { restaurantId: "nope", dishName: null },
      { restaurantId: place.id },
      { restaurantId: place.id, dishName: "" },
      { restaurantId: place.id, dishName: "a\u0000b" },
      { restaurantId: place.id, dishName: "x".repeat(201) },
      { restaurantId: place.id, dishName: null, userId: other.id },
    ]) {
      const refused = await dismiss(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.code).toBe("VALIDATION_ERROR");
    }
    const missing = await dismiss({
      restaurantId: "00000000-0000-4000-8000-000000000000",
      dishName: null,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(forYouMessages.restaurantNotFound);
    const after = await db.execute(sql`select count(*)::int as n from for_you_dismissals`);
    expect(after.rows).toEqual(before.rows);
  });

  it("starts a new account from followed people's loves, then everyone's, and asks for ratings", async () => {
    const { app } = await testApp.start();
    const { db } = await getTestDatabase();
    const viewer = await person(db, "New");
    const cookie = await sessionCookieFor(app, viewer.id);
    expect(await forYou(cookie)).toEqual({ items: [], sharpen: true });

    const friend = await person(db, "Ana");
    await createFollow(db, viewer.id, friend.id);
    const [loved, crowd, meh] = await Promise.all(
      ["Loved", "Crowd", "Meh"].map((name) => createRestaurant(db, { name })),
    );
    if (!(loved && crowd && meh)) throw new Error("restaurants");
    await rate(db, friend.id, loved.id, 4);
    for (const name of ["P1", "P2", "P3"]) {
      await rate(db, (await person(db, name)).id, crowd.id, 5);
    }
    await rate(db, (await person(db, "P4")).id, meh.id, 3);
    const body = await forYou(cookie);
    expect(lines(body)).toEqual(["Loved: Ana rated it 4", "Crowd: 3 people loved it lately"]);
    expect(body.sharpen).toBe(true);

    // Five ratings: sharp enough.
    for (let index = 0; index < 5; index++) {
      await rate(db, viewer.id, (await createRestaurant(db)).id, 3);
    }
    expect((await forYou(cookie)).sharpen).toBe(false);
  });

  it("keeps the picks it computed until they are an hour old, hiding at once the people the viewer may no longer see", async () => {
    let now = new Date("2026-12-02T12:00:00Z");
    const { app } = await testApp.start({}, { clock: () => now });
    const { db } = await getTestDatabase();
    const viewer = await person(db, "Vera");
    const cookie = await sessionCookieFor(app, viewer.id);
    const [a, c, d, e, f] = await Promise.all(
      ["A", "C", "D", "E", "F"].map((name) => createRestaurant(db, { name })),
    );
    if (!(a && c && d && e && f)) throw new Error("restaurants");
    await rate(db, viewer.id, a.id, 5);
    // Three twins love A and C; Lou, of no shared taste, loves D; Ana, followed, loves E.
    const twins = await Promise.all(
      ["Twin One", "Twin Two", "Twin Three"].map((n) => person(db, n)),
    );
    for (const twin of twins) {
      await rate(db, twin.id, a.id, 5);
      await rate(db, twin.id, c.id, 5);
    }
    const lou = await person(db, "Lou");
    await rate(db, lou.id, d.id, 5);
    const ana = await person(db, "Ana");
    await createFollow(db, viewer.id, ana.id);
    await rate(db, ana.id, e.id, 5);
    const first = lines(await forYou(cookie));
    expect(first).toEqual([
      "C: Because 3 people with your taste loved it",
      "E: Ana rated it 5",
      "D: 1 person loved it lately",
    ]);

    // Someone new loves F: the picks stand as computed.
    const newcomer = await person(db, "Newcomer");
    await rate(db, newcomer.id, f.id, 5);
    // Twin Two blocks the viewer, Twin One turns private, Lou starts leaving: the picks are not
    // recomputed (F stays out), yet none of them is counted any more, and D, only Lou's, goes.
    const [one, two] = twins;
    if (!(one && two)) throw new Error("twins");
    const block = await request(app, "PUT", `/api/profiles/${viewer.id}/block`, {
      cookie: await sessionCookieFor(app, two.id),
    });
    expect(block.statusCode, block.body).toBeLessThan(300);
    await db.execute(sql`update profiles set is_private = true where id = ${one.id}`);
    await db.execute(sql`
      insert into account_deletions (user_id, erase_after)
      values (${lou.id}, now() + interval '14 days')`);
    const hidden = await forYou(cookie);
    expect(lines(hidden)).toEqual([
      "C: Because 1 person with your taste loved it",
      "E: Ana rated it 5",
    ]);
    expect(JSON.stringify(hidden)).not.toMatch(/Twin|Lou/);

    // Still within the hour, nothing changes; past it, a read has them computed again, in the
    // background.
    now = new Date(now.getTime() + 59 * 60 * 1000);
    expect(lines(await forYou(cookie))).toEqual(lines(hidden));
    await app.forYouPicks.settled();
    expect(lines(await forYou(cookie))).toEqual(lines(hidden));
    now = new Date(now.getTime() + 2 * 60 * 1000);
    await forYou(cookie);
    await app.forYouPicks.settled();
    const refreshed = lines(await forYou(cookie));
    expect(refreshed).toContain("F: 1 person loved it lately");
    expect(refreshed).toContain("C: Because 1 person with your taste loved it");
  });

  it("computes the picks again at once when the viewer rates, changes a rating or follows", async () => {
    const { app } = await testApp.start();
    const { db } = await getTestDatabase();
    const viewer = await person(db, "Vera");
    const cookie = await sessionCookieFor(app, viewer.id);
    const [a, b, c] = await Promise.all(
      ["A", "B", "C"].map((name) => createRestaurant(db, { name })),
    );
    if (!(a && b && c)) throw new Error("restaurants");
    const mine = await rate(db, viewer.id, a.id, 2);
    const twin = await person(db, "Twin");
    await rate(db, twin.id, a.id, 5);
    await rate(db, twin.id, b.id, 5);
    const ana = await person(db, "Ana");
    await rate(db, ana.id, c.id, 5);
    expect(lines(await forYou(cookie)).sort()).toEqual([
      "B: 1 person loved it lately",
      "C: 1 person loved it lately",
    ]);

    // Loving A makes the twin a neighbour.
    const edit = await request(app, "PATCH", `/api/reviews/${mine.id}`, {
      cookie,
      body: { rating: 5 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(lines(await forYou(cookie))).toEqual([
      "B: Because 1 person with your taste loved it",
      "C: 1 person loved it lately",
    ]);
    // Rating B takes it away; following Ana names her.
    await rate(db, viewer.id, b.id, 4);
    expect(lines(await forYou(cookie))).toEqual(["C: 1 person loved it lately"]);
    await createFollow(db, viewer.id, ana.id);
    expect(lines(await forYou(cookie))).toEqual(["C: Ana rated it 5"]);
  });

  it("is for signed-in people only", async () => {
    const { app } = await testApp.start();
    const visitor = await request(app, "GET", "/api/for-you");
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toMatchObject({
      code: "UNAUTHORIZED",
      message: forYouMessages.signInRequired,
    });
  });
});
