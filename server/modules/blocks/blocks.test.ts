import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blockMessages } from "#domain/blocks-rules.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor } from "#server/test/auth-helpers.ts";
import { busSettled, recordBusEvents } from "#server/test/event-stream.ts";
import { createComment, createPost, createReview, createUser } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";
import { SAFETY_RATE_LIMIT } from "./blocks.routes.ts";

const testApp = useTestApp();

type Method = "PUT" | "DELETE";
type Action = "block" | "mute";

function restrict(method: Method, action: Action, profileId: string, cookie?: string) {
  return request(testApp.app, method, `/api/profiles/${profileId}/${action}`, { cookie });
}

function profilePage(handle: string, cookie?: string) {
  return request(testApp.app, "GET", `/api/profiles/${encodeURIComponent(handle)}`, { cookie });
}

const NOT_FOUND = { error: { code: "NOT_FOUND", message: "User not found" } };

/** A person with a profile and a signed-in session. */
async function person(username: string, extra: { bio?: string; location?: string } = {}) {
  const profile = await createUser(testApp.db, {
    username,
    fullName: `${username} Full`,
    ...extra,
  });
  return { id: profile.id, username, cookie: await sessionCookieFor(testApp.app, profile.id) };
}

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>) {
  return (await testApp.db.execute<T>(query)).rows;
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ count: number }>(query);
  return Number(row?.count);
}

/** Every table a block or mute may touch, as row counts: what a refused call must leave alone. */
async function safetyState() {
  const [row] = await rows(sql`
    select (select count(*)::int from user_blocks) as blocks,
           (select count(*)::int from user_mutes) as mutes,
           (select count(*)::int from follows) as follows,
           (select count(*)::int from likes) + (select count(*)::int from post_likes) as likes,
           (select count(*)::int from comments) + (select count(*)::int from post_comments)
             as comments,
           (select count(*)::int from notifications) as notifications,
           (select json_agg(json_build_array(id, follower_count, following_count) order by id)
              from profiles) as counters`);
  return row;
}

async function counters(id: string) {
  const [row] = await rows<{ followers: number; following: number }>(sql`
    select follower_count as followers, following_count as following from profiles where id = ${id}`);
  return row;
}

async function itemCounters(table: "reviews" | "posts", id: string) {
  const [row] = await rows<{ likes: number; comments: number }>(sql`
    select like_count as likes, comment_count as comments from ${sql.identifier(table)}
     where id = ${id}`);
  return row;
}

async function pendingDeletion(userId: string) {
  await testApp.db.execute(sql`
    insert into account_deletions (user_id, erase_after) values (${userId}, now() + interval '30 days')`);
}

describe("PUT and DELETE /api/profiles/:id/block and /mute", () => {
  it("blocks, unblocks, mutes and unmutes idempotently", async () => {
    await testApp.start();
    const me = await person("myself");
    const them = await person("theirs");
    const blockRows = () => count(sql`select count(*)::int as count from user_blocks`);
    const muteRows = () => count(sql`select count(*)::int as count from user_mutes`);

    for (let time = 0; time < 2; time++) {
      const blocked = await restrict("PUT", "block", them.id, me.cookie);
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(blocked.json()).toEqual({ blocked: true });
    }
    expect(await blockRows()).toBe(1);
    expect((await profilePage("theirs", me.cookie)).json().viewerRelation).toEqual({
      blockedByMe: true,
      mutedByMe: false,
    });
    for (let time = 0; time < 2; time++) {
      expect((await restrict("DELETE", "block", them.id, me.cookie)).json()).toEqual({
        blocked: false,
      });
    }
    expect(await blockRows()).toBe(0);

    for (let time = 0; time < 2; time++) {
      const muted = await restrict("PUT", "mute", them.id, me.cookie);
      expect(muted.statusCode, muted.body).toBe(200);
      expect(muted.json()).toEqual({ muted: true });
    }
    expect(await muteRows()).toBe(1);
    expect((await profilePage("theirs", me.cookie)).json().viewerRelation).toEqual({
      blockedByMe: false,
      mutedByMe: true,
    });
    // Muting is one-sided: the muted person sees nothing of it.
    expect((await profilePage("myself", them.cookie)).json().viewerRelation).toEqual({
      blockedByMe: false,
      mutedByMe: false,
    });
    for (let time = 0; time < 2; time++) {
      expect((await restrict("DELETE", "mute", them.id, me.cookie)).json()).toEqual({
        muted: false,
      });
    }
    expect(await muteRows()).toBe(0);
  });

  it("refuses visitors, yourself, unknown people and accounts being deleted", async () => {
    await testApp.start();
    const me = await person("myself");
    const leaving = await person("leaving");
    await pendingDeletion(leaving.id);
    const before = await safetyState();
    for (const method of ["PUT", "DELETE"] as const) {
      for (const action of ["block", "mute"] as const) {
        const visitor = await restrict(method, action, leaving.id);
        expect(visitor.statusCode).toBe(401);
        expect(visitor.json()).toEqual({
          error: { code: "UNAUTHORIZED", message: blockMessages.signIn },
        });
        const self = await restrict(method, action, me.id, me.cookie);
        expect(self.statusCode).toBe(400);
        expect(self.json()).toEqual({
          error: {
            code: "VALIDATION_ERROR",
            message:
              action === "block" ? blockMessages.cannotBlockSelf : blockMessages.cannotMuteSelf,
          },
        });
        for (const id of ["nobody", leaving.id]) {
          const missing = await restrict(method, action, id, me.cookie);
          expect(missing.statusCode).toBe(404);
          expect(missing.json()).toEqual(NOT_FOUND);
        }
      }
    }
    for (const path of ["/api/blocks", "/api/mutes"]) {
      expect((await request(testApp.app, "GET", path)).statusCode).toBe(401);
    }
    expect(await safetyState()).toEqual(before);
  });

  it("refuses hostile ids and cursors with a 400, changing nothing", async () => {
    await testApp.start();
    const me = await person("myself");
    const them = await person("theirs");
    await restrict("PUT", "block", them.id, me.cookie);
    const before = await safetyState();
    for (const id of ["bad%00id", "x".repeat(101), `${them.id}%00`]) {
      for (const method of ["PUT", "DELETE"] as const) {
        for (const action of ["block", "mute"] as const) {
          const response = await restrict(method, action, id, me.cookie);
          expect(response.statusCode, `${method} ${action} ${id}`).toBe(400);
          expect(response.json().error.code).toBe("VALIDATION_ERROR");
        }
      }
    }
    const muteCursor = Buffer.from(
      JSON.stringify(["2024-01-01T00:00:00.000000Z", them.id, "mute"]),
    ).toString("base64url");
    const nulCursor = Buffer.from(
      JSON.stringify(["2024-01-01T00:00:00.000000Z", "a\u0000b", "block"]),
    ).toString("base64url");
    for (const cursor of ["garbage", "!!!", muteCursor, nulCursor, "x".repeat(201)]) {
      const response = await request(
        testApp.app,
        "GET",
        `/api/blocks?cursor=${encodeURIComponent(cursor)}`,
        { cookie: me.cookie },
      );
      expect(response.statusCode, cursor).toBe(400);
    }
    for (const limit of ["0", "51", "abc"]) {
      const response = await request(testApp.app, "GET", `/api/mutes?limit=${limit}`, {
        cookie: me.cookie,
      });
      expect(response.statusCode, limit).toBe(400);
    }
    expect(await safetyState()).toEqual(before);
  });

  it("throttles blocks and mutes per person, never the lists", async () => {
    await testApp.start();
    const me = await person("myself");
    const them = await person("theirs");
    for (let index = 0; index < SAFETY_RATE_LIMIT.max; index++) {
      const action = index % 2 === 0 ? "mute" : "block";
      const response = await restrict(index % 4 < 2 ? "PUT" : "DELETE", action, them.id, me.cookie);
      expect(response.statusCode).toBe(200);
    }
    const refused = await restrict("PUT", "block", them.id, me.cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(
      (await request(testApp.app, "GET", "/api/blocks", { cookie: me.cookie })).statusCode,
    ).toBe(200);
    // Someone else's quota is their own.
    const other = await person("other");
    expect((await restrict("PUT", "mute", them.id, other.cookie)).statusCode).toBe(200);
  });
});

describe("a new block", () => {
  it("removes the follows, likes, comments, list follows and notifications between the two, keeping every counter exact", async () => {
    const { app } = await testApp.start();
    const a = await person("alice");
    const b = await person("bob");
    const c = await person("carol");
    const put = (url: string, cookie: string, body?: unknown) =>
      request(app, body === undefined ? "PUT" : "POST", url, { cookie, body });

    // Follows: alice ⇄ bob, carol → alice, carol → bob, alice → carol.
    for (const [who, whom] of [
      [a, b],
      [b, a],
      [c, a],
      [c, b],
      [a, c],
    ] as const) {
      expect((await put(`/api/profiles/${whom.id}/follow`, who.cookie)).statusCode).toBe(200);
    }
    const reviewA = await createReview(testApp.db, { userId: a.id });
    const postA = await createPost(testApp.db, { userId: a.id });
    const reviewB = await createReview(testApp.db, { userId: b.id });
    const postB = await createPost(testApp.db, { userId: b.id });
    const reviewC = await createReview(testApp.db, { userId: c.id });
    const likes: [typeof a, string][] = [
      [b, `/api/reviews/${reviewA.id}`],
      [b, `/api/posts/${postA.id}`],
      [a, `/api/reviews/${reviewB.id}`],
      [a, `/api/posts/${postB.id}`],
      [c, `/api/reviews/${reviewA.id}`],
      [c, `/api/reviews/${reviewB.id}`],
      [c, `/api/posts/${postB.id}`],
      [a, `/api/reviews/${reviewC.id}`],
      [b, `/api/reviews/${reviewC.id}`],
    ];
    for (const [who, item] of likes) {
      expect((await put(`${item}/like`, who.cookie)).statusCode).toBe(200);
    }
    const comments: [typeof a, string][] = [
      [b, `/api/reviews/${reviewA.id}`],
      [a, `/api/posts/${postB.id}`],
      [c, `/api/reviews/${reviewA.id}`],
      [c, `/api/posts/${postB.id}`],
      [a, `/api/reviews/${reviewA.id}`],
      [a, `/api/reviews/${reviewC.id}`],
      [b, `/api/reviews/${reviewC.id}`],
    ];
    for (const [who, item] of comments) {
      const response = await put(`${item}/comments`, who.cookie, { content: "Looks great" });
      expect(response.statusCode, response.body).toBe(201);
    }
    // A comment a moderator hid: gone with the block, though it was never counted.
    await createComment(testApp.db, { userId: b.id, reviewId: reviewA.id, isHidden: true });
    // Bob saved alice's dish to Want to try: his own note, which a block leaves alone.
    expect((await put(`/api/reviews/${reviewA.id}/want-to-try`, b.cookie)).statusCode).toBe(200);

    // Lists: alice's followed by bob and carol, bob's by alice, carol's by alice and bob.
    const list = async (ownerId: string, followers: string[]) => {
      const [row] = await rows<{ id: string }>(sql`
        insert into lists (owner_id, name, visibility, share_key, follower_count)
        values (${ownerId}, 'Picks', 'link', ${`key-${ownerId}`}, ${followers.length})
        returning id`);
      const id = row?.id ?? "";
      for (const follower of followers) {
        await testApp.db.execute(
          sql`insert into list_follows (list_id, user_id) values (${id}, ${follower})`,
        );
      }
      return id;
    };
    const listA = await list(a.id, [b.id, c.id]);
    const listB = await list(b.id, [a.id]);
    const listC = await list(c.id, [a.id, b.id]);

    const betweenPair = sql`(user_id = ${a.id} and actor_id = ${b.id})
                         or (user_id = ${b.id} and actor_id = ${a.id})`;
    const pairNotifications = () =>
      count(sql`select count(*)::int as count from notifications where ${betweenPair}`);
    const otherNotifications = () =>
      count(sql`select count(*)::int as count from notifications where not (${betweenPair})`);
    // Follows, likes and comments between the two notified each other.
    expect(await pairNotifications()).toBeGreaterThan(0);
    const othersBefore = await otherNotifications();
    expect(othersBefore).toBeGreaterThan(0);
    expect(await itemCounters("reviews", reviewA.id)).toEqual({ likes: 2, comments: 3 });

    const toAlice = recordBusEvents(app.events, a.id);
    const toBob = recordBusEvents(app.events, b.id);
    const blocked = await put(`/api/profiles/${b.id}/block`, a.cookie);
    expect(blocked.statusCode, blocked.body).toBe(200);
    await busSettled(app.events);
    const hint = [
      { type: "follow", followerId: a.id, followingId: b.id },
      { type: "notification" },
    ];
    expect(toAlice).toEqual(hint);
    expect(toBob).toEqual(hint);

    const expected = async () => {
      expect(
        await rows(sql`select follower_id, following_id from follows
                        order by follower_id, following_id`),
      ).toEqual(
        [
          { follower_id: c.id, following_id: a.id },
          { follower_id: c.id, following_id: b.id },
          { follower_id: a.id, following_id: c.id },
        ].sort((x, y) =>
          `${x.follower_id} ${x.following_id}` < `${y.follower_id} ${y.following_id}` ? -1 : 1,
        ),
      );
      expect(await counters(a.id)).toEqual({ followers: 1, following: 1 });
      expect(await counters(b.id)).toEqual({ followers: 1, following: 0 });
      expect(await counters(c.id)).toEqual({ followers: 1, following: 2 });
      // Likes left: carol's on alice's review, bob's and her post; both on carol's review.
      expect(await itemCounters("reviews", reviewA.id)).toEqual({ likes: 1, comments: 2 });
      expect(await itemCounters("posts", postA.id)).toEqual({ likes: 0, comments: 0 });
      expect(await itemCounters("reviews", reviewB.id)).toEqual({ likes: 1, comments: 0 });
      expect(await itemCounters("posts", postB.id)).toEqual({ likes: 1, comments: 1 });
      expect(await itemCounters("reviews", reviewC.id)).toEqual({ likes: 2, comments: 2 });
      expect(
        await count(sql`select count(*)::int as count from comments
                         where review_id = ${reviewA.id} and user_id = ${b.id}`),
      ).toBe(0);
      const listFollowers = await rows<{ id: string; follower_count: number; follows: number }>(sql`
        select l.id, l.follower_count,
               (select count(*)::int from list_follows lf where lf.list_id = l.id) as follows
          from lists l`);
      expect(Object.fromEntries(listFollowers.map((row) => [row.id, row.follower_count]))).toEqual({
        [listA]: 1,
        [listB]: 0,
        [listC]: 2,
      });
      expect(await rows(sql`select user_id from list_follows where list_id = ${listA}`)).toEqual([
        { user_id: c.id },
      ]);
      expect(await pairNotifications()).toBe(0);
      expect(await otherNotifications()).toBe(othersBefore);
      expect(await count(sql`select count(*)::int as count from want_to_try`)).toBe(1);
      // And every counter in the database equals a recount of its rows.
      const drift = await rows(sql`
        select 'profile' as what, p.id from profiles p
         where p.follower_count <> (select count(*) from follows f where f.following_id = p.id)
            or p.following_count <> (select count(*) from follows f where f.follower_id = p.id)
        union all
        select 'review', r.id::text from reviews r
         where r.like_count <> (select count(*) from likes l where l.review_id = r.id)
            or r.comment_count <> (select count(*) from comments c
                                    where c.review_id = r.id and not c.is_hidden)
        union all
        select 'post', p.id::text from posts p
         where p.like_count <> (select count(*) from post_likes l where l.post_id = p.id)
            or p.comment_count <> (select count(*) from post_comments c
                                    where c.post_id = p.id and not c.is_hidden)
        union all
        select 'list', l.id::text from lists l
         where l.follower_count <> (select count(*) from list_follows lf where lf.list_id = l.id)`);
      expect(drift).toEqual([]);
    };
    await expected();

    // Blocking again, or blocking back, has nothing left to remove; unblocking restores nothing.
    expect((await put(`/api/profiles/${b.id}/block`, a.cookie)).json()).toEqual({ blocked: true });
    expect((await put(`/api/profiles/${a.id}/block`, b.cookie)).json()).toEqual({ blocked: true });
    for (const [who, whom] of [
      [a, b],
      [b, a],
    ] as const) {
      const unblocked = await request(app, "DELETE", `/api/profiles/${whom.id}/block`, {
        cookie: who.cookie,
      });
      expect(unblocked.json()).toEqual({ blocked: false });
    }
    await expected();
    expect(await count(sql`select count(*)::int as count from user_blocks`)).toBe(0);
  });

  it("refuses a follow between the two either way, as if the person did not exist", async () => {
    const { app } = await testApp.start();
    const a = await person("alice");
    const b = await person("bob");
    await restrict("PUT", "block", b.id, a.cookie);
    const before = await safetyState();
    for (const [who, whom] of [
      [a, b],
      [b, a],
    ] as const) {
      const response = await request(app, "PUT", `/api/profiles/${whom.id}/follow`, {
        cookie: who.cookie,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await safetyState()).toEqual(before);
    expect(await count(sql`select count(*)::int as count from follows`)).toBe(0);

    await restrict("DELETE", "block", b.id, a.cookie);
    const followed = await request(app, "PUT", `/api/profiles/${a.id}/follow`, {
      cookie: b.cookie,
    });
    expect(followed.json()).toEqual({ following: true, requested: false, followerCount: 1 });
  });

  it("lets no follow racing the block survive it, and keeps the counters exact", async () => {
    const { app } = await testApp.start();
    const a = await person("alice");
    const b = await person("bob");
    const follow = (who: typeof a, whom: typeof a) =>
      request(app, "PUT", `/api/profiles/${whom.id}/follow`, { cookie: who.cookie });
    for (let round = 0; round < 4; round++) {
      await follow(a, b);
      const responses = await Promise.all([
        follow(b, a),
        restrict("PUT", "block", round % 2 ? a.id : b.id, round % 2 ? b.cookie : a.cookie),
        follow(a, b),
        follow(b, a),
      ]);
      for (const response of responses) expect([200, 404]).toContain(response.statusCode);
      expect(await count(sql`select count(*)::int as count from follows`)).toBe(0);
      expect(await counters(a.id)).toEqual({ followers: 0, following: 0 });
      expect(await counters(b.id)).toEqual({ followers: 0, following: 0 });
      await restrict("DELETE", "block", round % 2 ? a.id : b.id, round % 2 ? b.cookie : a.cookie);
    }
  });
});

describe("likes and comments racing a block", () => {
  it("lets none survive it, and keeps the item's counters exact", async () => {
    const { app } = await testApp.start();
    const a = await person("alice");
    const b = await person("bob");
    const review = await createReview(testApp.db, { userId: a.id });
    const like = () => request(app, "PUT", `/api/reviews/${review.id}/like`, { cookie: b.cookie });
    const comment = () =>
      request(app, "POST", `/api/reviews/${review.id}/comments`, {
        cookie: b.cookie,
        body: { content: "Looks good" },
      });
    for (let round = 0; round < 4; round++) {
      const blocker = round % 2 ? b : a;
      const blocked = round % 2 ? a : b;
      const responses = await Promise.all([
        like(),
        comment(),
        restrict("PUT", "block", blocked.id, blocker.cookie),
        comment(),
        like(),
      ]);
      for (const response of responses) expect([200, 201, 404]).toContain(response.statusCode);
      const [row] = (
        await testApp.db.execute<{ like_count: number; comment_count: number }>(
          sql`select like_count, comment_count from reviews where id = ${review.id}`,
        )
      ).rows;
      expect(row).toEqual({ like_count: 0, comment_count: 0 });
      expect(await count(sql`select count(*)::int as count from likes`)).toBe(0);
      expect(await count(sql`select count(*)::int as count from comments`)).toBe(0);
      await restrict("DELETE", "block", blocked.id, blocker.cookie);
    }
  });
});

describe("GET /api/profiles/:handle between blocked people", () => {
  it("shows the blocker a name only, the blocked person nothing, everyone else the page", async () => {
    await testApp.start();
    const a = await person("alice", { bio: "Dumplings", location: "Lyon" });
    const b = await person("bob", { bio: "Noodles", location: "Oslo" });
    const c = await person("carol");
    const leaving = await person("leaving", { bio: "Bye" });
    await testApp.db.execute(sql`update profiles set avatar_url = '/uploads/avatars/x.webp'`);
    await createReview(testApp.db, { userId: b.id });
    await createPost(testApp.db, { userId: b.id });
    await createReview(testApp.db, { userId: a.id });
    for (const [who, whom] of [
      [c, b],
      [b, c],
      [c, a],
    ] as const) {
      await request(testApp.app, "PUT", `/api/profiles/${whom.id}/follow`, { cookie: who.cookie });
    }
    await restrict("PUT", "mute", b.id, a.cookie);
    await restrict("PUT", "block", b.id, a.cookie);
    await pendingDeletion(leaving.id);

    // Alice blocked bob: his name and her Unblock, nothing more.
    const reduced = await profilePage("bob", a.cookie);
    expect(reduced.statusCode).toBe(200);
    expect(reduced.json()).toEqual({
      profile: {
        id: b.id,
        username: "bob",
        slug: "bob",
        fullName: "bob Full",
        firstName: null,
        lastName: null,
        bio: null,
        avatarUrl: null,
        location: null,
        isPrivate: false,
      },
      counts: {
        reviews: 0,
        dishReviews: 0,
        restaurantReviews: 0,
        posts: 0,
        deals: 0,
        followers: 0,
        following: 0,
      },
      followedByMe: false,
      isOwn: false,
      viewerRelation: { blockedByMe: true, mutedByMe: true },
      statsPublic: false,
      contentVisible: false,
      requestedByMe: false,
    });
    expect((await profilePage(`@${b.id}`, a.cookie)).json().viewerRelation.blockedByMe).toBe(true);

    // Bob, blocked, finds no alice, by any handle, exactly as an unknown name.
    for (const handle of ["alice", "ALICE", `@alice`, a.id]) {
      const hidden = await profilePage(handle, b.cookie);
      expect(hidden.statusCode, handle).toBe(404);
      expect(hidden.json()).toEqual(NOT_FOUND);
    }
    expect((await profilePage("nobody", b.cookie)).json()).toEqual(NOT_FOUND);

    // A stranger and a visitor see both pages whole.
    const stranger = (await profilePage("bob", c.cookie)).json();
    expect(stranger).toMatchObject({
      profile: { bio: "Noodles", location: "Oslo", avatarUrl: "/uploads/avatars/x.webp" },
      counts: { reviews: 1, posts: 1, followers: 1, following: 1 },
      followedByMe: true,
      viewerRelation: { blockedByMe: false, mutedByMe: false },
    });
    const visitor = (await profilePage("alice")).json();
    expect(visitor).toMatchObject({
      profile: { bio: "Dumplings", location: "Lyon" },
      counts: { reviews: 1, followers: 1 },
      followedByMe: null,
      viewerRelation: null,
    });
    // Their own pages carry no relation.
    expect((await profilePage("alice", a.cookie)).json().viewerRelation).toBeNull();
    expect((await profilePage("bob", b.cookie)).json().viewerRelation).toBeNull();

    // An account being deleted is unknown to everyone.
    for (const cookie of [undefined, a.cookie, c.cookie]) {
      for (const handle of ["leaving", leaving.id]) {
        const gone = await profilePage(handle, cookie);
        expect(gone.statusCode).toBe(404);
        expect(gone.json()).toEqual(NOT_FOUND);
      }
    }
  });
});

describe("GET /api/blocks and /api/mutes", () => {
  it("lists the caller's own, newest first, across pages", async () => {
    await testApp.start();
    const me = await person("myself");
    const other = await person("other");
    const people: { id: string; username: string }[] = [];
    for (let index = 0; index < 25; index++) {
      people.push(await person(`blocked_${String(index).padStart(2, "0")}`));
    }
    for (const target of people) {
      expect((await restrict("PUT", "block", target.id, me.cookie)).statusCode).toBe(200);
    }
    // Someone else's blocks and the caller's mutes are other lists.
    for (const target of people.slice(0, 3)) {
      await restrict("PUT", "block", target.id, other.cookie);
    }
    await restrict("PUT", "mute", people[0]?.id ?? "", me.cookie);
    // Blocks made in the same instant still page by person; one per minute otherwise.
    await testApp.db.execute(sql`
      update user_blocks set created_at = case
        when blocked_id in (${people[10]?.id}, ${people[11]?.id}, ${people[12]?.id})
          then timestamptz '2024-01-01T00:10:00.123456Z'
        else timestamptz '2024-01-01T00:00:00Z'
             + make_interval(mins => cast(right(
                 (select username from profiles where id = blocked_id), 2) as int))
        end
      where blocker_id = ${me.id}`);
    const since = (index: number) =>
      index >= 10 && index <= 12
        ? "2024-01-01T00:10:00.123Z"
        : new Date(Date.UTC(2024, 0, 1, 0, index)).toISOString();
    const expectedOrder = people
      .map((target, index) => ({ id: target.id, since: since(index), index }))
      .sort((x, y) => (x.since === y.since ? (x.id < y.id ? 1 : -1) : x.since < y.since ? 1 : -1));

    const seen: { id: string; username: string; since: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const response = await request(testApp.app, "GET", `/api/blocks?limit=20${query}`, {
        cookie: me.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      pages++;
      for (const entry of page.items) {
        seen.push({ id: entry.person.id, username: entry.person.username, since: entry.since });
      }
      cursor = page.nextCursor;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect(seen.map((entry) => [entry.id, entry.since])).toEqual(
      expectedOrder.map((entry) => [entry.id, entry.since]),
    );
    expect(seen[0]?.username).toBe("blocked_24");

    const mutes = await request(testApp.app, "GET", "/api/mutes", { cookie: me.cookie });
    expect(mutes.json()).toMatchObject({
      items: [
        { person: { id: people[0]?.id, username: "blocked_00", fullName: "blocked_00 Full" } },
      ],
      nextCursor: null,
    });
    const others = await request(testApp.app, "GET", "/api/blocks", { cookie: other.cookie });
    expect(others.json().items).toHaveLength(3);

    // An account being deleted leaves the list.
    await pendingDeletion(people[24]?.id ?? "");
    const first = (
      await request(testApp.app, "GET", "/api/blocks?limit=1", { cookie: me.cookie })
    ).json();
    expect(first.items[0].person.username).toBe("blocked_23");
  });
});
