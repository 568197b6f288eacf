import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "#server/test/app.ts";
import { type SignedIn, signUpWithProfile } from "#server/test/auth-helpers.ts";
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
    expect(first.json()).toEqual({ following: true, followerCount: 1 });
    expect((await follow(star.id, me.cookie)).json()).toEqual({
      following: true,
      followerCount: 1,
    });
    expect(await counters(star.id)).toEqual({ followers: 1, following: 0 });
    expect(await counters(me.userId)).toEqual({ followers: 0, following: 1 });
    const page = (await request(app, "GET", "/api/profiles/star", { cookie: me.cookie })).json();
    expect(page).toMatchObject({ followedByMe: true, counts: { followers: 1 } });

    expect((await unfollow(star.id, me.cookie)).json()).toEqual({
      following: false,
      followerCount: 0,
    });
    expect((await unfollow(star.id, me.cookie)).json()).toEqual({
      following: false,
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
