import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { imageUrls } from "#domain/photos.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor, signUpWithProfile } from "#server/test/auth-helpers.ts";
import { busSettled, recordBusEvents } from "#server/test/event-stream.ts";
import {
  createFollow,
  createPost,
  createReview,
  createReviewImage,
  createUser,
} from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

async function notify(values: {
  type: "new_follower" | "new_like" | "new_comment";
  userId: string;
  actorId: string;
  reviewId?: string;
  postId?: string;
  createdAt?: string;
}): Promise<string> {
  const result = await testApp.db.execute<{ id: string }>(sql`
    insert into notifications (type, user_id, actor_id, review_id, post_id, created_at)
    values (${values.type}, ${values.userId}, ${values.actorId}, ${values.reviewId ?? null},
            ${values.postId ?? null}, coalesce(${values.createdAt ?? null}::timestamptz, now()))
    returning id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error("no notification");
  return id;
}

function list(cookie: string) {
  return request(testApp.app, "GET", "/api/notifications", { cookie });
}

async function groups(cookie: string): Promise<Group[]> {
  const response = await list(cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

async function unread(cookie: string): Promise<number> {
  const response = await request(testApp.app, "GET", "/api/notifications/unread-count", { cookie });
  expect(response.statusCode).toBe(200);
  return response.json().count;
}

function readGroup(cookie: string, key: string) {
  return request(testApp.app, "POST", `/api/notifications/groups/${encodeURIComponent(key)}/read`, {
    cookie,
  });
}

function people(cookie: string, key: string, query = "") {
  return request(
    testApp.app,
    "GET",
    `/api/notifications/groups/${encodeURIComponent(key)}/people${query}`,
    { cookie },
  );
}

interface Group {
  key: string;
  type: string;
  item: { kind: string; id: string; title: string } | null;
  actors: { id: string; username: string }[];
  actorCount: number;
  isRead: boolean;
  latestAt: string;
}

/** A signed-in recipient without the cost of a password (the route is the subject, not sign-up). */
async function recipient(username = "author") {
  const me = await createUser(testApp.db, { username });
  return { id: me.id, cookie: await sessionCookieFor(testApp.app, me.id) };
}

/** `count` people, named prefix_1 …, in creation order. */
async function crowd(prefix: string, count: number) {
  const made = [];
  for (let n = 1; n <= count; n++) {
    made.push(await createUser(testApp.db, { username: `${prefix}_${n}`, fullName: null }));
  }
  return made;
}

const at = (day: number, minute: number) =>
  `2024-01-${String(day).padStart(2, "0")}T10:${String(minute).padStart(2, "0")}:00Z`;

describe("GET /api/notifications: groups", () => {
  it("groups likes by item, comments by item and followers by day, newest first", async () => {
    await testApp.start();
    const me = await recipient();
    const fans = await crowd("fan", 5);
    const ramen = await createReview(testApp.db, {
      userId: me.id,
      title: "Khao Soi",
      reviewType: "dish",
    });
    const brunch = await createPost(testApp.db, { userId: me.id, title: "Brunch" });
    // Five likes of the review, fan_1 first and fan_5 last.
    for (const [index, fan] of fans.entries()) {
      await notify({
        type: "new_like",
        userId: me.id,
        actorId: fan.id,
        reviewId: ramen.id,
        createdAt: at(2, index),
      });
    }
    // Likes of the post: a second like group. Comments on the review: a group of their own, where
    // fan_1 commenting twice still counts once.
    await notify({
      type: "new_like",
      userId: me.id,
      actorId: fans[0]?.id ?? "",
      postId: brunch.id,
      createdAt: at(1, 0),
    });
    for (const [fan, minute] of [
      [fans[0], 0],
      [fans[1], 1],
      [fans[0], 2],
    ] as const) {
      await notify({
        type: "new_comment",
        userId: me.id,
        actorId: fan?.id ?? "",
        reviewId: ramen.id,
        createdAt: at(3, minute),
      });
    }
    // Followers: three on the 4th (one of them twice), one on the 5th.
    for (const [fan, day, minute] of [
      [fans[2], 4, 0],
      [fans[3], 4, 1],
      [fans[2], 4, 2],
      [fans[4], 4, 3],
      [fans[1], 5, 0],
    ] as const) {
      await notify({
        type: "new_follower",
        userId: me.id,
        actorId: fan?.id ?? "",
        createdAt: at(day, minute),
      });
    }
    // Someone else's notifications never show, though their key is the same as one of mine.
    await notify({
      type: "new_follower",
      userId: fans[0]?.id ?? "",
      actorId: me.id,
      createdAt: at(5, 0),
    });

    const found = await groups(me.cookie);
    const names = (group: Group | undefined) => group?.actors.map((actor) => actor.username);
    expect(found.map((group) => [group.key, group.type, group.actorCount, group.latestAt])).toEqual(
      [
        ["follow.2024-01-05", "new_follower", 1, "2024-01-05T10:00:00.000Z"],
        ["follow.2024-01-04", "new_follower", 3, "2024-01-04T10:03:00.000Z"],
        [`comment.review.${ramen.id}`, "new_comment", 2, "2024-01-03T10:02:00.000Z"],
        [`like.review.${ramen.id}`, "new_like", 5, "2024-01-02T10:04:00.000Z"],
        [`like.post.${brunch.id}`, "new_like", 1, "2024-01-01T10:00:00.000Z"],
      ],
    );
    expect(found.map(names)).toEqual([
      ["fan_2"],
      ["fan_5", "fan_3", "fan_4"],
      ["fan_1", "fan_2"],
      ["fan_5", "fan_4", "fan_3"],
      ["fan_1"],
    ]);
    expect(found[3]).toEqual({
      key: `like.review.${ramen.id}`,
      type: "new_like",
      item: {
        kind: "review",
        id: ramen.id,
        title: "Khao Soi",
        reviewType: "dish",
        restaurantName: null,
      },
      hidden: null,
      mentionIn: null,
      actors: [fans[4], fans[3], fans[2]].map((fan) => ({
        id: fan?.id,
        username: fan?.username,
        slug: fan?.username,
        fullName: null,
        avatarUrl: null,
      })),
      actorCount: 5,
      isRead: false,
      latestAt: "2024-01-02T10:04:00.000Z",
      text: null,
      followBack: false,
      thumbnailUrl: null,
    });
    expect(found[4]?.item).toEqual({
      kind: "post",
      id: brunch.id,
      title: "Brunch",
      reviewType: null,
      restaurantName: null,
    });
    expect(found[0]?.item).toBeNull();
    expect((await list(me.cookie)).json().unreadCount).toBe(5);
    expect(await unread(me.cookie)).toBe(5);
  });

  it("leaves out notifications about hidden items, in the list and the count", async () => {
    await testApp.start();
    const me = await recipient();
    const ann = await createUser(testApp.db);
    const hiddenReview = await createReview(testApp.db, { userId: me.id, isHidden: true });
    const hiddenPost = await createPost(testApp.db, { userId: me.id, isHidden: true });
    const visible = await createReview(testApp.db, { userId: me.id });
    await notify({ type: "new_like", userId: me.id, actorId: ann.id, reviewId: hiddenReview.id });
    await notify({ type: "new_comment", userId: me.id, actorId: ann.id, postId: hiddenPost.id });
    await notify({ type: "new_like", userId: me.id, actorId: ann.id, reviewId: visible.id });
    const body = (await list(me.cookie)).json();
    expect(body.items.map((group: Group) => group.key)).toEqual([`like.review.${visible.id}`]);
    expect(body.unreadCount).toBe(1);
    expect(await unread(me.cookie)).toBe(1);
  });

  it("leaves muted and blocked people out of groups, their counts, people and the unread count", async () => {
    await testApp.start();
    const me = await recipient();
    const [kept, muted, blocker, blocked] = await crowd("actor", 4);
    if (!kept || !muted || !blocker || !blocked) throw new Error("no crowd");
    const review = await createReview(testApp.db, { userId: me.id });
    for (const [index, actor] of [kept, muted, blocker, blocked].entries()) {
      await notify({
        type: "new_like",
        userId: me.id,
        actorId: actor.id,
        reviewId: review.id,
        createdAt: at(2, index),
      });
    }
    // Only muted people in this one: the whole group goes.
    await notify({ type: "new_follower", userId: me.id, actorId: muted.id, createdAt: at(3, 0) });
    await testApp.db.execute(sql`
      insert into user_mutes (muter_id, muted_id) values (${me.id}, ${muted.id})`);
    await testApp.db.execute(sql`
      insert into user_blocks (blocker_id, blocked_id)
      values (${blocker.id}, ${me.id}), (${me.id}, ${blocked.id})`);

    const found = await groups(me.cookie);
    expect(found.map((group) => [group.key, group.actorCount])).toEqual([
      [`like.review.${review.id}`, 1],
    ]);
    expect(found[0]?.actors.map((actor) => actor.id)).toEqual([kept.id]);
    expect(await unread(me.cookie)).toBe(1);
    const listed = await people(me.cookie, `like.review.${review.id}`);
    expect(listed.json().items.map((person: { id: string }) => person.id)).toEqual([kept.id]);
    expect((await people(me.cookie, "follow.2024-01-03")).json().items).toEqual([]);
  });

  it("shows at most the 50 newest groups and counts every unread one", async () => {
    await testApp.start();
    const me = await recipient();
    const ann = await createUser(testApp.db);
    // A follower a day for 55 days: 55 groups.
    await testApp.db.execute(sql`
      insert into notifications (type, user_id, actor_id, created_at)
      select 'new_follower', ${me.id}, ${ann.id}, now() - g * interval '1 day'
        from generate_series(1, 55) g`);
    const body = (await list(me.cookie)).json();
    expect(body.items).toHaveLength(50);
    expect(body.unreadCount).toBe(55);
  });
});

describe("reading notification groups", () => {
  it("marks a group read whole: one unread member is enough to make it unread", async () => {
    await testApp.start();
    const me = await recipient();
    const [ann, bob, cat] = await crowd("liker", 3);
    if (!ann || !bob || !cat) throw new Error("no crowd");
    const review = await createReview(testApp.db, { userId: me.id });
    const post = await createPost(testApp.db, { userId: me.id });
    const likes = `like.review.${review.id}`;
    await notify({ type: "new_like", userId: me.id, actorId: ann.id, reviewId: review.id });
    await notify({ type: "new_like", userId: me.id, actorId: bob.id, reviewId: review.id });
    await notify({ type: "new_like", userId: me.id, actorId: cat.id, postId: post.id });
    await testApp.db.execute(sql`
      update notifications set is_read = true where user_id = ${me.id} and actor_id = ${ann.id}`);
    const isRead = async () =>
      Object.fromEntries((await groups(me.cookie)).map((group) => [group.key, group.isRead]));
    expect(await isRead()).toEqual({ [likes]: false, [`like.post.${post.id}`]: false });
    expect(await unread(me.cookie)).toBe(2);

    const read = await readGroup(me.cookie, likes);
    expect(read.statusCode, read.body).toBe(204);
    expect(await isRead()).toEqual({ [likes]: true, [`like.post.${post.id}`]: false });
    expect(await unread(me.cookie)).toBe(1);
    expect((await readGroup(me.cookie, likes)).statusCode).toBe(204);

    // A new like makes the group unread again; Mark all as read reads every group.
    await notify({ type: "new_like", userId: me.id, actorId: cat.id, reviewId: review.id });
    expect(await isRead()).toEqual({ [likes]: false, [`like.post.${post.id}`]: false });
    const all = await request(testApp.app, "POST", "/api/notifications/read-all", {
      cookie: me.cookie,
    });
    expect(all.statusCode).toBe(204);
    expect(await unread(me.cookie)).toBe(0);
    expect(await isRead()).toEqual({ [likes]: true, [`like.post.${post.id}`]: true });
  });

  it("reads and lists only the caller's own rows of a group", async () => {
    await testApp.start();
    const me = await recipient("me_user");
    const other = await recipient("other_user");
    const fan = await createUser(testApp.db, { username: "fan" });
    const day = "follow.2024-01-04";
    for (const userId of [me.id, other.id]) {
      await notify({ type: "new_follower", userId, actorId: fan.id, createdAt: at(4, 0) });
    }
    const theirReview = await createReview(testApp.db, { userId: other.id });
    const theirs = `like.review.${theirReview.id}`;
    await notify({ type: "new_like", userId: other.id, actorId: fan.id, reviewId: theirReview.id });

    expect((await readGroup(me.cookie, day)).statusCode).toBe(204);
    expect(await unread(me.cookie)).toBe(0);
    expect(await unread(other.cookie)).toBe(2);
    // Their group is as unknown to me as one that does not exist.
    for (const key of [theirs, `like.post.${crypto.randomUUID()}`, "follow.2024-01-05"]) {
      const response = await readGroup(me.cookie, key);
      expect(response.statusCode, key).toBe(404);
      expect(response.json()).toEqual({
        error: { code: "NOT_FOUND", message: "Notification not found" },
      });
      const listed = await people(me.cookie, key);
      expect(listed.statusCode, key).toBe(200);
      expect(listed.json()).toEqual({ items: [], nextCursor: null });
    }
    expect(await unread(other.cookie)).toBe(2);
    await request(testApp.app, "POST", "/api/notifications/read-all", { cookie: me.cookie });
    expect((await groups(other.cookie)).map((group) => group.isRead)).toEqual([false, false]);
  });

  it("refuses keys that are not group keys with a 400, changing nothing", async () => {
    await testApp.start();
    const me = await recipient();
    const fan = await createUser(testApp.db);
    await notify({ type: "new_follower", userId: me.id, actorId: fan.id, createdAt: at(4, 0) });
    for (const key of [
      "not-a-key",
      "follow.2024-02-30",
      "follow.2024-01-04.extra",
      "like.review.1234",
      `like.list.${crypto.randomUUID()}`,
      "follow.2024-01-04%00",
      "%27%3B%20drop%20table%20notifications%3B--",
      `follow.${"1".repeat(500)}`,
      crypto.randomUUID(),
    ]) {
      for (const response of [
        await request(testApp.app, "POST", `/api/notifications/groups/${key}/read`, {
          cookie: me.cookie,
        }),
        await request(testApp.app, "GET", `/api/notifications/groups/${key}/people`, {
          cookie: me.cookie,
        }),
      ]) {
        expect(response.statusCode, key).toBe(400);
        expect(response.json().error.code, key).toBe("VALIDATION_ERROR");
      }
    }
    const cursor = await people(me.cookie, "follow.2024-01-04", "?cursor=bm90LWEtY3Vyc29y");
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().error.code).toBe("INVALID_CURSOR");
    expect(await unread(me.cookie)).toBe(1);
  });
});

describe("GET /api/notifications/groups/:key/people", () => {
  it("lists everyone in a group, newest first, a page at a time, with whether I follow them", async () => {
    await testApp.start();
    const me = await recipient();
    const fans = await crowd("liker", 5);
    const review = await createReview(testApp.db, { userId: me.id });
    for (const [index, fan] of fans.entries()) {
      await notify({
        type: "new_like",
        userId: me.id,
        actorId: fan.id,
        reviewId: review.id,
        createdAt: at(2, index),
      });
    }
    // liker_1 liked again later (after reading the first): listed once, as of then.
    await notify({
      type: "new_like",
      userId: me.id,
      actorId: fans[0]?.id ?? "",
      reviewId: review.id,
      createdAt: at(2, 30),
    });
    await createFollow(testApp.db, me.id, fans[3]?.id ?? "");
    const key = `like.review.${review.id}`;
    const seen: { username: string; followedByMe: boolean; at: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const response = await people(me.cookie, key, query);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 5);
    expect(pages).toBe(3);
    expect(seen.map((person) => [person.username, person.followedByMe, person.at])).toEqual([
      ["liker_1", false, "2024-01-02T10:30:00.000Z"],
      ["liker_5", false, "2024-01-02T10:04:00.000Z"],
      ["liker_4", true, "2024-01-02T10:03:00.000Z"],
      ["liker_3", false, "2024-01-02T10:02:00.000Z"],
      ["liker_2", false, "2024-01-02T10:01:00.000Z"],
    ]);
    expect((await groups(me.cookie))[0]?.actorCount).toBe(5);
  });
});

describe("realtime hints about notifications and deletions", () => {
  const recordEvents = (userId: string) => recordBusEvents(testApp.app.events, userId);

  it("tells the author when a like or comment notified them, never the actor", async () => {
    const { app } = await testApp.start();
    const author = await signUpWithProfile(app, { username: "author" });
    const fan = await signUpWithProfile(app, { username: "fan" });
    const review = await createReview(testApp.db, { userId: author.userId });
    const post = await createPost(testApp.db, { userId: author.userId });
    const toAuthor = recordEvents(author.userId);
    const toFan = recordEvents(fan.userId);

    const liked = await request(app, "PUT", `/api/reviews/${review.id}/like`, {
      cookie: fan.cookie,
    });
    expect(liked.statusCode).toBe(200);
    await busSettled(testApp.app.events);
    expect(toAuthor).toEqual([{ type: "notification" }]);
    // Unlike and like again while the first notification is unread: no new notification, no hint.
    await request(app, "DELETE", `/api/reviews/${review.id}/like`, { cookie: fan.cookie });
    await request(app, "PUT", `/api/reviews/${review.id}/like`, { cookie: fan.cookie });
    await busSettled(testApp.app.events);
    expect(toAuthor).toHaveLength(1);

    const commented = await request(app, "POST", `/api/posts/${post.id}/comments`, {
      cookie: fan.cookie,
      body: { content: "Looks great" },
    });
    expect(commented.statusCode).toBe(201);
    await busSettled(testApp.app.events);
    expect(toAuthor).toEqual([{ type: "notification" }, { type: "notification" }]);

    // Activity on your own items notifies nobody.
    await request(app, "PUT", `/api/posts/${post.id}/like`, { cookie: author.cookie });
    await request(app, "POST", `/api/reviews/${review.id}/comments`, {
      cookie: author.cookie,
      body: { content: "Thanks" },
    });
    await busSettled(testApp.app.events);
    expect(toAuthor).toHaveLength(2);
    expect(toFan).toEqual([]);
  });

  it("tells the author's open pages when one of their items is deleted", async () => {
    const { app } = await testApp.start();
    const author = await signUpWithProfile(app, { username: "author" });
    const other = await signUpWithProfile(app, { username: "other" });
    const review = await createReview(testApp.db, { userId: author.userId });
    const post = await createPost(testApp.db, { userId: author.userId });
    const toAuthor = recordEvents(author.userId);
    const toOther = recordEvents(other.userId);

    const refused = await request(app, "DELETE", `/api/reviews/${review.id}`, {
      cookie: other.cookie,
    });
    expect(refused.statusCode).toBe(403);
    await busSettled(testApp.app.events);
    expect(toAuthor).toEqual([]);

    for (const [collection, id] of [
      ["reviews", review.id],
      ["posts", post.id],
    ] as const) {
      const response = await request(app, "DELETE", `/api/${collection}/${id}`, {
        cookie: author.cookie,
      });
      expect(response.statusCode).toBe(204);
    }
    await busSettled(testApp.app.events);
    expect(toAuthor).toEqual([
      { type: "item-deleted", kind: "review", id: review.id },
      { type: "item-deleted", kind: "post", id: post.id },
    ]);
    await busSettled(testApp.app.events);
    expect(toOther).toEqual([]);
  });
});

describe("Follow back on a followers row", () => {
  it("is offered for one new follower the recipient does not follow, not once they do", async () => {
    const { app } = await testApp.start();
    const me = await createUser(testApp.db);
    const fan = await createUser(testApp.db);
    const cookie = await sessionCookieFor(app, me.id);
    const fanCookie = await sessionCookieFor(app, fan.id);
    const followed = await request(app, "PUT", `/api/profiles/${me.id}/follow`, {
      cookie: fanCookie,
    });
    expect(followed.statusCode, followed.body).toBe(200);
    const row = async () =>
      (await request(app, "GET", "/api/notifications", { cookie })).json().items[0];
    expect(await row()).toMatchObject({ type: "new_follower", followBack: true, text: null });
    await createFollow(testApp.db, me.id, fan.id);
    expect(await row()).toMatchObject({ type: "new_follower", followBack: false });
  });
});

describe("notification thumbnails", () => {
  it("rows about an item show its first photo, small; others none", async () => {
    const { app } = await testApp.start();
    const me = await createUser(testApp.db);
    const fan = await createUser(testApp.db);
    const cookie = await sessionCookieFor(app, me.id);
    const fanCookie = await sessionCookieFor(app, fan.id);
    const review = await createReview(testApp.db, { userId: me.id });
    await createReviewImage(testApp.db, {
      reviewId: review.id,
      imageUrl: "/uploads/test/second-large.webp",
      displayOrder: 1,
    });
    const first = await createReviewImage(testApp.db, { reviewId: review.id, displayOrder: 0 });
    const post = await createPost(testApp.db, { userId: me.id });
    for (const path of [`reviews/${review.id}`, `posts/${post.id}`]) {
      const liked = await request(app, "PUT", `/api/${path}/like`, { cookie: fanCookie });
      expect(liked.statusCode, liked.body).toBe(200);
    }
    const items = (await request(app, "GET", "/api/notifications", { cookie })).json().items;
    expect(items).toMatchObject([
      { key: `like.post.${post.id}`, thumbnailUrl: null },
      { key: `like.review.${review.id}`, thumbnailUrl: imageUrls(first.imageUrl).url480 },
    ]);
  });
});
