import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "#server/test/app.ts";
import { type SignedIn, sessionCookieFor, signUpWithProfile } from "#server/test/auth-helpers.ts";
import { busSettled, recordBusEvents } from "#server/test/event-stream.ts";
import { createFollow, createPlanUsers, createUser } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";
import { followListSql } from "./follows.queries.ts";

const testApp = useTestApp();

function follow(profileId: string, cookie?: string) {
  return request(testApp.app, "PUT", `/api/profiles/${profileId}/follow`, { cookie });
}

function unfollow(profileId: string, cookie?: string) {
  return request(testApp.app, "DELETE", `/api/profiles/${profileId}/follow`, { cookie });
}

async function counters(id: string) {
  const result = await testApp.db.execute<{ followers: number; following: number }>(sql`
    select follower_count as followers, following_count as following from profiles where id = ${id}`);
  return result.rows[0];
}

async function followRows(followingId: string): Promise<number> {
  const result = await testApp.db.execute<{ count: number }>(
    sql`select count(*)::int as count from follows where following_id = ${followingId}`,
  );
  return Number(result.rows[0]?.count);
}

async function followerNotifications(userId: string): Promise<number> {
  const result = await testApp.db.execute<{ count: number }>(sql`
    select count(*)::int as count from notifications
     where user_id = ${userId} and type = 'new_follower'`);
  return Number(result.rows[0]?.count);
}

describe("PUT and DELETE /api/profiles/:id/follow", () => {
  it("follows and unfollows idempotently, moving both counters once", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "fan" });
    const star = await createUser(testApp.db, { username: "star" });

    const first = await follow(star.id, me.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ following: true, requested: false, followerCount: 1 });
    expect((await follow(star.id, me.cookie)).json()).toEqual({
      following: true,
      requested: false,
      followerCount: 1,
    });
    expect(await counters(star.id)).toEqual({ followers: 1, following: 0 });
    expect(await counters(me.userId)).toEqual({ followers: 0, following: 1 });
    const page = (await request(app, "GET", "/api/profiles/star", { cookie: me.cookie })).json();
    expect(page).toMatchObject({ followedByMe: true, counts: { followers: 1 } });

    expect((await unfollow(star.id, me.cookie)).json()).toEqual({
      following: false,
      requested: false,
      followerCount: 0,
    });
    expect((await unfollow(star.id, me.cookie)).json()).toEqual({
      following: false,
      requested: false,
      followerCount: 0,
    });
    expect(await counters(star.id)).toEqual({ followers: 0, following: 0 });
    expect(await counters(me.userId)).toEqual({ followers: 0, following: 0 });
    expect(await followRows(star.id)).toBe(0);
  });

  it("notifies the followed person once while that notification is unread", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "fan" });
    const star = await createUser(testApp.db, { username: "star" });
    await follow(star.id, me.cookie);
    await follow(star.id, me.cookie);
    await unfollow(star.id, me.cookie);
    await follow(star.id, me.cookie);
    expect(await followerNotifications(star.id)).toBe(1);
    // Once read, a new follow is news again.
    await testApp.db.execute(sql`update notifications set is_read = true`);
    await unfollow(star.id, me.cookie);
    await follow(star.id, me.cookie);
    expect(await followerNotifications(star.id)).toBe(2);
    expect(await followerNotifications(me.userId)).toBe(0);
  });

  it("refuses visitors, yourself and unknown people", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "fan" });
    const star = await createUser(testApp.db, { username: "star" });
    for (const response of [await follow(star.id), await unfollow(star.id)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: "UNAUTHORIZED", message: "Please sign in to follow users" },
      });
    }
    for (const response of [
      await follow(me.userId, me.cookie),
      await unfollow(me.userId, me.cookie),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: "VALIDATION_ERROR", message: "You cannot follow yourself" },
      });
    }
    for (const response of [
      await follow("nobody", me.cookie),
      await unfollow("nobody", me.cookie),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "NOT_FOUND", message: "User not found" } });
    }
    expect(await counters(star.id)).toEqual({ followers: 0, following: 0 });
    expect(await counters(me.userId)).toEqual({ followers: 0, following: 0 });
  });

  it("answers 404 for an account waiting to be deleted, writing nothing", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "fan" });
    const leaving = await createUser(testApp.db, { username: "leaving" });
    await testApp.db.execute(sql`
      insert into account_deletions (user_id, erase_after)
      values (${leaving.id}, now() + interval '14 days')`);
    const response = await follow(leaving.id, me.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "NOT_FOUND", message: "User not found" } });
    expect(await followRows(leaving.id)).toBe(0);
    expect(await followerNotifications(leaving.id)).toBe(0);
    expect(await counters(leaving.id)).toEqual({ followers: 0, following: 0 });
    expect(await counters(me.userId)).toEqual({ followers: 0, following: 0 });
  });

  it("keeps counters equal to the rows under concurrent follows and unfollows", async () => {
    const { app } = await testApp.start();
    const fans: SignedIn[] = [];
    for (let index = 0; index < 4; index++) {
      fans.push(await signUpWithProfile(app, { username: `fan_${index}` }));
    }
    const star = await createUser(testApp.db, { username: "star" });
    // Each fan follows and unfollows several times at once; two fans also follow each other
    // both ways at the same moment (which locks the two profiles from both ends).
    const requests = fans.flatMap((fan, index) => [
      follow(star.id, fan.cookie),
      unfollow(star.id, fan.cookie),
      follow(star.id, fan.cookie),
      follow(star.id, fan.cookie),
      unfollow(star.id, fan.cookie),
      follow(fans[(index + 1) % fans.length]?.userId ?? "", fan.cookie),
    ]);
    const responses = await Promise.all(requests);
    expect(responses.map((response) => response.statusCode)).toEqual(requests.map(() => 200));

    const rows = await testApp.db.execute<{ id: string; followers: number; following: number }>(sql`
      select p.id,
             p.follower_count - (select count(*)::int from follows f where f.following_id = p.id) as followers,
             p.following_count - (select count(*)::int from follows f where f.follower_id = p.id) as following
        from profiles p`);
    for (const row of rows.rows) {
      expect(row, row.id).toEqual({ id: row.id, followers: 0, following: 0 });
    }
    expect(await followerNotifications(star.id)).toBeLessThanOrEqual(fans.length);
  });

  it("tells both people about the change, and the followed person about the notification", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "fan" });
    const star = await createUser(testApp.db, { username: "star" });
    const toFan = recordBusEvents(testApp.app.events, me.userId);
    const toStar = recordBusEvents(testApp.app.events, star.id);
    const change = { type: "follow", followerId: me.userId, followingId: star.id };

    await follow(star.id, me.cookie);
    await busSettled(testApp.app.events);
    expect(toFan).toEqual([change]);
    expect(toStar).toEqual([change, { type: "notification" }]);

    // Nothing changed: nothing to tell.
    await follow(star.id, me.cookie);
    await busSettled(testApp.app.events);
    expect(toStar).toHaveLength(2);

    await unfollow(star.id, me.cookie);
    await busSettled(testApp.app.events);
    expect(toFan).toEqual([change, change]);
    expect(toStar).toEqual([change, { type: "notification" }, change]);
    await unfollow(star.id, me.cookie);
    await busSettled(testApp.app.events);
    expect(toStar).toHaveLength(3);
  });
});

describe("GET /api/profiles/:id/followers and /following", () => {
  it("lists newest follow first, paged, with whether the viewer follows each", async () => {
    const { app } = await testApp.start();
    const viewer = await signUpWithProfile(app, { username: "viewer" });
    const star = await createUser(testApp.db, { username: "star", bio: "Chef" });
    const fans: { id: string }[] = [];
    for (let index = 0; index < 5; index++) {
      const fan = await createUser(testApp.db, { username: `fan_${index}`, bio: `Fan ${index}` });
      fans.push(fan);
      await createFollow(testApp.db, fan.id, star.id);
    }
    await createFollow(testApp.db, viewer.userId, star.id);
    await createFollow(testApp.db, viewer.userId, fans[1]?.id ?? "");
    // Follows made in the same instant still page by id.
    await testApp.db.execute(
      sql`update follows set created_at = '2024-01-01T00:00:00.000001Z' where following_id = ${star.id}`,
    );

    const ids: string[] = [];
    const entries: Record<string, unknown>[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const response = await request(
        app,
        "GET",
        `/api/profiles/${star.id}/followers?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        { cookie: viewer.cookie },
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      entries.push(...page.items);
      ids.push(...page.items.map((item: { id: string }) => item.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(entries.find((entry) => entry.id === fans[1]?.id)).toEqual({
      id: fans[1]?.id,
      username: "fan_1",
      slug: "fan_1",
      fullName: null,
      avatarUrl: null,
      bio: "Fan 1",
      followedByMe: true,
    });
    expect(entries.find((entry) => entry.id === fans[2]?.id)?.followedByMe).toBe(false);
    expect(entries.find((entry) => entry.id === viewer.userId)?.followedByMe).toBeNull();

    const visitor = await request(app, "GET", `/api/profiles/${star.id}/followers`);
    expect(
      visitor.json().items.every((item: { followedByMe: unknown }) => item.followedByMe === null),
    ).toBe(true);

    // The other direction, newest first by the follow's time.
    await testApp.db.execute(
      sql`update follows set created_at = now() - interval '1 day' where follower_id = ${viewer.userId} and following_id = ${star.id}`,
    );
    const following = await request(app, "GET", `/api/profiles/${viewer.userId}/following`);
    expect(following.json().items.map((item: { id: string }) => item.id)).toEqual([
      fans[1]?.id,
      star.id,
    ]);
  });

  it("answers 404 for unknown people and 400 for a cursor of the other list", async () => {
    const { app } = await testApp.start();
    const star = await createUser(testApp.db);
    for (let index = 0; index < 3; index++) {
      await createFollow(testApp.db, (await createUser(testApp.db)).id, star.id);
    }
    const unknown = await request(app, "GET", "/api/profiles/nobody/followers");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("User not found");
    const cursor = (await request(app, "GET", `/api/profiles/${star.id}/followers?limit=1`)).json()
      .nextCursor;
    const mixed = await request(app, "GET", `/api/profiles/${star.id}/following?cursor=${cursor}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.code).toBe("INVALID_CURSOR");
  });

  it("reads follow lists through their indexes", async () => {
    await testApp.start();
    await createPlanUsers(testApp.db, 300);
    await testApp.db.execute(sql`
      insert into follows (follower_id, following_id, created_at)
      select 'plan-' || a, 'plan-' || b, now() - (a * 300 + b) * interval '1 second'
        from generate_series(1, 300) a, generate_series(1, 300) b
       where a <> b and (a + b) % 7 = 0`);
    await testApp.db.execute(sql`analyze`);
    for (const kind of ["followers", "following"] as const) {
      const result = await testApp.db.execute<{ "QUERY PLAN": string }>(
        sql`explain ${followListSql({ profileId: "plan-7", kind, limit: 21, viewerId: "plan-1" })}`,
      );
      const plan = result.rows.map((row) => row["QUERY PLAN"]).join("\n");
      expect(plan, kind).not.toMatch(/Seq Scan on follows/);
      expect(plan, kind).toMatch(
        kind === "followers" ? /follows_following_created_idx/ : /follows_follower_created_idx/,
      );
    }
  });
});

describe("private profiles and follow requests", () => {
  function privacy(isPrivate: boolean, cookie?: string) {
    return request(testApp.app, "PUT", "/api/profile/privacy", {
      cookie,
      body: { private: isPrivate },
    });
  }
  function answer(requesterId: string, verb: "accept" | "decline", cookie?: string) {
    return request(testApp.app, "POST", `/api/follow-requests/${requesterId}/${verb}`, { cookie });
  }
  async function requestRows(targetId: string): Promise<number> {
    const result = await testApp.db.execute<{ count: number }>(
      sql`select count(*)::int as count from follow_requests where target_id = ${targetId}`,
    );
    return Number(result.rows[0]?.count);
  }
  async function requestNotices(userId: string): Promise<number> {
    const result = await testApp.db.execute<{ count: number }>(sql`
      select count(*)::int as count from notifications
       where user_id = ${userId} and type = 'follow_request'`);
    return Number(result.rows[0]?.count);
  }
  async function page(handle: string, cookie?: string) {
    return (await request(testApp.app, "GET", `/api/profiles/${handle}`, { cookie })).json();
  }
  /** A private account with one post, and a person who would follow it. */
  async function privateWorld() {
    const { app } = await testApp.start();
    const owner = await signUpWithProfile(app, { username: "owner" });
    const fan = await signUpWithProfile(app, { username: "fan" });
    const switched = await privacy(true, owner.cookie);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toEqual({ private: true });
    return { owner, fan };
  }

  it("asks instead of following, and withdrawing the request leaves nothing", async () => {
    const { owner, fan } = await privateWorld();
    const asked = await follow(owner.userId, fan.cookie);
    expect(asked.json()).toEqual({ following: false, requested: true, followerCount: 0 });
    // Asking twice is one request and one notice.
    expect((await follow(owner.userId, fan.cookie)).json()).toMatchObject({ requested: true });
    expect(await requestRows(owner.userId)).toBe(1);
    expect(await requestNotices(owner.userId)).toBe(1);
    expect(await page("owner", fan.cookie)).toMatchObject({
      profile: { isPrivate: true },
      contentVisible: false,
      requestedByMe: true,
      followedByMe: false,
    });
    const waiting = (
      await request(testApp.app, "GET", "/api/follow-requests", { cookie: owner.cookie })
    ).json();
    expect(waiting).toMatchObject({
      items: [{ username: "fan", isRead: false }],
      nextCursor: null,
    });

    expect((await unfollow(owner.userId, fan.cookie)).json()).toEqual({
      following: false,
      requested: false,
      followerCount: 0,
    });
    expect(await requestRows(owner.userId)).toBe(0);
    expect(await requestNotices(owner.userId)).toBe(0);
    expect(await page("owner", fan.cookie)).toMatchObject({ requestedByMe: false });
    expect(await counters(owner.userId)).toEqual({ followers: 0, following: 0 });
  });

  it("accepting makes an ordinary follow; declining ends the request; neither twice", async () => {
    const { owner, fan } = await privateWorld();
    const other = await signUpWithProfile(testApp.app, { username: "other" });
    await follow(owner.userId, fan.cookie);
    await follow(owner.userId, other.cookie);
    const heard = recordBusEvents(testApp.app.events, fan.userId);

    const accepted = await answer(fan.userId, "accept", owner.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ following: true, requested: false, followerCount: 1 });
    expect(await counters(owner.userId)).toEqual({ followers: 1, following: 0 });
    expect(await counters(fan.userId)).toEqual({ followers: 0, following: 1 });
    expect(await followerNotifications(owner.userId)).toBe(1);
    await busSettled(testApp.app.events);
    expect(heard).toContainEqual({
      type: "follow",
      followerId: fan.userId,
      followingId: owner.userId,
    });
    expect(await page("owner", fan.cookie)).toMatchObject({
      contentVisible: true,
      followedByMe: true,
      requestedByMe: false,
    });

    const declined = await answer(other.userId, "decline", owner.cookie);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({ following: false, requested: false, followerCount: 1 });
    expect(await requestRows(owner.userId)).toBe(0);
    expect(await requestNotices(owner.userId)).toBe(0);
    expect(await page("owner", other.cookie)).toMatchObject({
      contentVisible: false,
      requestedByMe: false,
    });
    for (const [who, verb] of [
      [fan.userId, "accept"],
      [other.userId, "decline"],
    ] as const) {
      const again = await answer(who, verb, owner.cookie);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({
        error: { code: "NOT_FOUND", message: "Follow request not found" },
      });
    }
    // Only the owner answers their requests: the requester's own id names none of theirs.
    await follow(owner.userId, other.cookie);
    expect((await answer(other.userId, "accept", fan.cookie)).statusCode).toBe(404);
    expect(await requestRows(owner.userId)).toBe(1);
  });

  it("switching to private keeps followers; switching to public accepts every request", async () => {
    const { app } = await testApp.start();
    const owner = await signUpWithProfile(app, { username: "owner" });
    const early = await signUpWithProfile(app, { username: "early" });
    const late = [
      await signUpWithProfile(app, { username: "late_one" }),
      await signUpWithProfile(app, { username: "late_two" }),
    ];
    await follow(owner.userId, early.cookie);
    await privacy(true, owner.cookie);
    expect(await page("owner", early.cookie)).toMatchObject({ contentVisible: true });
    for (const person of late) {
      expect((await follow(owner.userId, person.cookie)).json()).toMatchObject({ requested: true });
    }
    expect(await counters(owner.userId)).toEqual({ followers: 1, following: 0 });

    expect((await privacy(false, owner.cookie)).json()).toEqual({ private: false });
    expect(await counters(owner.userId)).toEqual({ followers: 3, following: 0 });
    expect(await requestRows(owner.userId)).toBe(0);
    expect(await requestNotices(owner.userId)).toBe(0);
    expect(await followerNotifications(owner.userId)).toBe(3);
    for (const person of late) {
      expect(await page("owner", person.cookie)).toMatchObject({
        profile: { isPrivate: false },
        followedByMe: true,
        requestedByMe: false,
      });
    }
    // A public account is followed at once, as ever.
    const me = (await request(app, "GET", "/api/me", { cookie: owner.cookie })).json();
    expect(me.profile.isPrivate).toBe(false);
  });

  it("lists the requests waiting, newest first and paged, however many notifications came since", async () => {
    const { owner } = await privateWorld();
    const askers = [];
    for (const name of ["Ana", "Bo", "Cy"]) {
      const asker = await createUser(testApp.db, { fullName: name });
      const cookie = await sessionCookieFor(testApp.app, asker.id);
      expect((await follow(owner.userId, cookie)).json()).toMatchObject({ requested: true });
      askers.push({ ...asker, cookie });
    }
    // 510 newer notifications bury the requests' notices below the newest 500.
    const liker = await createUser(testApp.db, { fullName: "Di" });
    await testApp.db.execute(sql`
      insert into notifications (type, user_id, actor_id, created_at)
      select 'new_follower', ${owner.userId}, ${liker.id}, now() + g * interval '1 second'
        from generate_series(1, 510) g`);
    const list = (cookie: string, query = "") =>
      request(testApp.app, "GET", `/api/follow-requests${query}`, { cookie });

    const first = await list(owner.cookie, "?limit=2");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().items).toMatchObject([
      { fullName: "Cy", isRead: false },
      { fullName: "Bo", isRead: false },
    ]);
    const second = await list(owner.cookie, `?limit=2&cursor=${first.json().nextCursor}`);
    expect(second.json()).toMatchObject({ items: [{ fullName: "Ana" }], nextCursor: null });
    // The notifications list no longer holds them; the badge still counts them, unread.
    const notices = (
      await request(testApp.app, "GET", "/api/notifications", { cookie: owner.cookie })
    ).json();
    expect(notices.items.map((group: { type: string }) => group.type)).not.toContain(
      "follow_request",
    );
    expect(notices.unreadCount).toBe(1);
    const badge = await request(testApp.app, "GET", "/api/notifications/unread-count", {
      cookie: owner.cookie,
    });
    expect(badge.json()).toEqual({ count: 4 });

    // Each is still answered from there; read once everything is marked read.
    const [ana] = askers;
    expect((await answer(ana?.id ?? "", "accept", owner.cookie)).statusCode).toBe(200);
    await request(testApp.app, "POST", "/api/notifications/read-all", { cookie: owner.cookie });
    expect((await list(owner.cookie)).json()).toMatchObject({
      items: [
        { fullName: "Cy", isRead: true },
        { fullName: "Bo", isRead: true },
      ],
      nextCursor: null,
    });
    // A muted requester is left out, as from notifications; someone else has none waiting.
    const muted = await request(testApp.app, "PUT", `/api/profiles/${askers[1]?.id}/mute`, {
      cookie: owner.cookie,
    });
    expect(muted.statusCode, muted.body).toBe(200);
    expect((await list(owner.cookie)).json().items).toMatchObject([{ fullName: "Cy" }]);
    expect((await list(askers[2]?.cookie ?? "")).json()).toEqual({ items: [], nextCursor: null });
    // Cursors of other lists and junk are refused; visitors are told to sign in.
    for (const cursor of ["junk", first.json().nextCursor.slice(0, -2)]) {
      expect((await list(owner.cookie, `?cursor=${cursor}`)).statusCode).toBe(400);
    }
    expect((await request(testApp.app, "GET", "/api/follow-requests")).statusCode).toBe(401);
  });

  it("a block removes the requests between the two, either way", async () => {
    const { owner, fan } = await privateWorld();
    await follow(owner.userId, fan.cookie);
    const blocked = await request(testApp.app, "PUT", `/api/profiles/${fan.userId}/block`, {
      cookie: owner.cookie,
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await requestRows(owner.userId)).toBe(0);
    expect(await requestNotices(owner.userId)).toBe(0);
    // Nor may the blocked person ask again.
    expect((await follow(owner.userId, fan.cookie)).statusCode).toBe(404);
    expect(await requestRows(owner.userId)).toBe(0);
  });
});
