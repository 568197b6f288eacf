import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { dealVoteMessages } from "#domain/deal-votes-rules.ts";
import type { DealInput } from "#domain/deals.ts";
import { eraseDueAccounts } from "#server/modules/account-deletion/account-deletion.service.ts";
import { useTestApp } from "#server/test/app.ts";
import { type SignedIn, signUpByEmail } from "#server/test/auth-helpers.ts";
import { busSettled, recordBusEvents } from "#server/test/event-stream.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function shareDeal(app: FastifyInstance, cookie: string, body: Partial<DealInput> = {}) {
  const response = await request(app, "POST", "/api/deals", {
    cookie,
    body: {
      restaurant: { name: "Corner Tap", address: "1 Main St" },
      title: "Oyster hour",
      schedule: { kind: "ends", endsAt: inHours(3) },
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; restaurant: { id: string } };
}

function vote(app: FastifyInstance, voter: SignedIn, dealId: string, choice: string | null) {
  return choice === null
    ? request(app, "DELETE", `/api/deals/${dealId}/vote`, { cookie: voter.cookie })
    : request(app, "PUT", `/api/deals/${dealId}/vote`, {
        cookie: voter.cookie,
        body: { vote: choice },
      });
}

async function voters(app: FastifyInstance, count: number): Promise<SignedIn[]> {
  const people: SignedIn[] = [];
  for (let index = 0; index < count; index += 1) people.push(await signUpByEmail(app));
  return people;
}

describe("deal votes", () => {
  it("counts one changeable vote per person, taken back by voting the same again", async () => {
    const { app } = await testApp.start();
    const author = await signUpByEmail(app);
    const [ana, ben] = await voters(app, 2);
    if (!ana || !ben) throw new Error("no voters");
    const deal = await shareDeal(app, author.cookie);
    const url = `/api/deals/${deal.id}`;
    expect((await request(app, "GET", url)).json()).toMatchObject({
      myVote: null,
      stillOnCount: 0,
      goneCount: 0,
      reportedGone: false,
    });

    // Signed out: refused with the sign-in message, like liking.
    const visitor = await request(app, "PUT", `${url}/vote`, { body: { vote: "gone" } });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe(dealVoteMessages.signInRequired);

    expect((await vote(app, ana, deal.id, "still_on")).json()).toEqual({
      myVote: "still_on",
      stillOnCount: 1,
      goneCount: 0,
      reportedGone: false,
    });
    // Again: nothing changes.
    expect((await vote(app, ana, deal.id, "still_on")).json()).toMatchObject({ stillOnCount: 1 });
    expect((await vote(app, ben, deal.id, "still_on")).json()).toMatchObject({ stillOnCount: 2 });
    // Switching moves the one vote.
    expect((await vote(app, ana, deal.id, "gone")).json()).toEqual({
      myVote: "gone",
      stillOnCount: 1,
      goneCount: 1,
      reportedGone: false,
    });
    // Taking it back.
    expect((await vote(app, ana, deal.id, null)).json()).toEqual({
      myVote: null,
      stillOnCount: 1,
      goneCount: 0,
      reportedGone: false,
    });
    expect((await vote(app, ana, deal.id, null)).json()).toMatchObject({ goneCount: 0 });

    // Each reader sees the counts and their own vote, in every listing.
    expect((await request(app, "GET", url, { cookie: ben.cookie })).json()).toMatchObject({
      myVote: "still_on",
      stillOnCount: 1,
    });
    expect((await request(app, "GET", url, { cookie: ana.cookie })).json()).toMatchObject({
      myVote: null,
    });
    const [card] = (await request(app, "GET", "/api/feed", { cookie: ben.cookie })).json().items;
    expect(card).toMatchObject({ id: deal.id, myVote: "still_on", stillOnCount: 1 });

    const bad = await vote(app, ana, deal.id, "maybe");
    expect(bad.statusCode).toBe(400);
    const unknown = await vote(app, ana, crypto.randomUUID(), "gone");
    expect(unknown.statusCode).toBe(404);
  });

  it('leaves every listing as "Reported gone" while Gone leads by 3, telling its author once', async () => {
    const { app } = await testApp.start();
    const author = await signUpByEmail(app);
    const follower = await signUpByEmail(app);
    expect(
      (
        await request(app, "PUT", `/api/profiles/${author.userId}/follow`, {
          cookie: follower.cookie,
        })
      ).statusCode,
    ).toBe(200);
    const deal = await shareDeal(app, author.cookie);
    const people = await voters(app, 5);
    const [a, b, c, d, e] = people;
    if (!a || !b || !c || !d || !e) throw new Error("no voters");
    const toAuthor = recordBusEvents(app.events, author.userId);

    const listed = async () => {
      const ids = (url: string) =>
        request(app, "GET", url, { cookie: follower.cookie }).then((response) =>
          response.json().items.map((item: { id: string }) => item.id),
        );
      const page = await request(app, "GET", `/api/restaurants/${deal.restaurant.id}`, {
        cookie: follower.cookie,
      });
      return {
        everyone: await ids("/api/feed"),
        following: await ids("/api/feed?scope=following"),
        restaurant: await ids(`/api/restaurants/${deal.restaurant.id}/deals`),
        dealCount: page.json().stats.dealCount,
      };
    };
    const inListings = { everyone: [deal.id], following: [deal.id], restaurant: [deal.id] };
    const outOfListings = { everyone: [], following: [], restaurant: [] };

    await vote(app, a, deal.id, "still_on");
    await vote(app, b, deal.id, "gone");
    await vote(app, c, deal.id, "gone");
    // Gone leads by 2 (plus an unknown vote taken back): still listed.
    expect((await vote(app, d, deal.id, "gone")).json()).toMatchObject({ reportedGone: false });
    expect(await listed()).toEqual({ ...inListings, dealCount: 1 });

    // Gone leads by 3.
    expect((await vote(app, e, deal.id, "gone")).json()).toEqual({
      myVote: "gone",
      stillOnCount: 1,
      goneCount: 4,
      reportedGone: true,
    });
    expect(await listed()).toEqual({ ...outOfListings, dealCount: 0 });
    // Still shown on its own page and its author's profile, as reported gone.
    const own = await request(app, "GET", `/api/deals/${deal.id}`, { cookie: follower.cookie });
    expect(own.json()).toMatchObject({ reportedGone: true, hasEnded: false });
    const profile = await request(app, "GET", `/api/profiles/${author.userId}/items?tab=deals`, {
      cookie: follower.cookie,
    });
    expect(profile.json().items).toMatchObject([{ id: deal.id, reportedGone: true }]);

    // Its author is told, once, by a notice that names no voter.
    const notices = async () =>
      (await request(app, "GET", "/api/notifications", { cookie: author.cookie }))
        .json()
        .items.filter((group: { type: string }) => group.type === "deal_gone");
    const [notice] = await notices();
    expect(await notices()).toHaveLength(1);
    expect(notice).toMatchObject({
      item: { kind: "deal", id: deal.id, title: "Oyster hour" },
      actors: [],
      actorCount: 0,
      isRead: false,
    });
    await busSettled(app.events);
    expect(toAuthor).toContainEqual({ type: "notification" });
    const people1 = await request(app, "GET", `/api/notifications/groups/${notice.key}/people`, {
      cookie: author.cookie,
    });
    expect(people1.json().items).toEqual([]);
    const read = await request(app, "POST", `/api/notifications/groups/${notice.key}/read`, {
      cookie: author.cookie,
    });
    expect(read.statusCode).toBe(204);

    // Votes change back: Gone leads by 2 and the deal returns to every listing.
    expect((await vote(app, e, deal.id, "still_on")).json()).toMatchObject({
      stillOnCount: 2,
      goneCount: 3,
      reportedGone: false,
    });
    expect(await listed()).toEqual({ ...inListings, dealCount: 1 });
    // Crossing again is no news.
    await vote(app, e, deal.id, "gone");
    expect(await listed()).toEqual({ ...outOfListings, dealCount: 0 });
    expect(await notices()).toHaveLength(1);
  });

  it("lets no one in a block vote, and takes votes away with a block or the account", async () => {
    const { app } = await testApp.start();
    const author = await signUpByEmail(app);
    const [blocked, leaving, friend] = await voters(app, 3);
    if (!blocked || !leaving || !friend) throw new Error("no voters");
    const deal = await shareDeal(app, author.cookie);
    await vote(app, blocked, deal.id, "gone");
    await vote(app, leaving, deal.id, "gone");
    await vote(app, friend, deal.id, "still_on");

    const block = await request(app, "PUT", `/api/profiles/${blocked.userId}/block`, {
      cookie: author.cookie,
    });
    expect(block.statusCode).toBe(200);
    expect((await vote(app, blocked, deal.id, "still_on")).statusCode).toBe(404);
    const counts = async () =>
      (await request(app, "GET", `/api/deals/${deal.id}`, { cookie: friend.cookie })).json();
    expect(await counts()).toMatchObject({ stillOnCount: 1, goneCount: 1 });

    const deletion = await request(app, "POST", "/api/account/deletion", {
      cookie: leaving.cookie,
      body: { password: leaving.password },
    });
    expect(deletion.statusCode).toBe(202);
    await app.database.db.execute(sql`
      update account_deletions set erase_after = now() - interval '1 minute'
       where user_id = ${leaving.userId}`);
    const context = { db: app.database.db, storage: app.storage, log: app.log };
    expect(await eraseDueAccounts({ ...context, ties: app.personTies })).toBe(1);
    expect(await counts()).toMatchObject({ stillOnCount: 1, goneCount: 0 });
    const left = await app.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from deal_votes where deal_id = ${deal.id}`,
    );
    expect(Number(left.rows[0]?.n)).toBe(1);
  });

  it("shows the author's ended deals on their profile only, as ended", async () => {
    const { app } = await testApp.start();
    const author = await signUpByEmail(app);
    const viewer = await signUpByEmail(app);
    const running = await shareDeal(app, author.cookie, { title: "Taco Tuesday" });
    const ended = await shareDeal(app, author.cookie, { title: "Free churros" });
    await app.database.db.execute(
      sql`update deals set ends_at = now() - interval '1 minute' where id = ${ended.id}`,
    );
    const feed = await request(app, "GET", "/api/feed", { cookie: viewer.cookie });
    expect(feed.json().items.map((item: { id: string }) => item.id)).toEqual([running.id]);

    const profile = await request(app, "GET", `/api/profiles/${author.userId}/items?tab=deals`, {
      cookie: viewer.cookie,
    });
    expect(profile.json().items).toMatchObject([
      { id: ended.id, hasEnded: true },
      { id: running.id, hasEnded: false },
    ]);
    const header = await request(app, "GET", `/api/profiles/${author.userId}`, {
      cookie: viewer.cookie,
    });
    expect(header.json().counts.deals).toBe(2);
    const sorted = await request(
      app,
      "GET",
      `/api/profiles/${author.userId}/items?tab=deals&sort=rating-desc`,
    );
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().error.message).toBe("Deals can only be sorted by recent or old");
  });
});
