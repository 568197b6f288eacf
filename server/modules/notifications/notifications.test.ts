import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "#server/test/app.ts";
import { signUpWithProfile } from "#server/test/auth-helpers.ts";
import { busSettled, recordBusEvents } from "#server/test/event-stream.ts";
import { createPost, createReview, createUser } from "#server/test/factories.ts";
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

async function unread(cookie: string): Promise<number> {
  const response = await request(testApp.app, "GET", "/api/notifications/unread-count", { cookie });
  expect(response.statusCode).toBe(200);
  return response.json().count;
}

describe("GET /api/notifications", () => {
  it("lists the caller's notifications newest first with actor and item", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "author" });
    const ann = await createUser(testApp.db, { username: "ann", fullName: "Ann Lee" });
    const review = await createReview(testApp.db, {
      userId: me.userId,
      title: "Spicy Ramen",
      reviewType: "restaurant",
    });
    const post = await createPost(testApp.db, { userId: me.userId, title: "Brunch" });
    const follower = await notify({
      type: "new_follower",
      userId: me.userId,
      actorId: ann.id,
      createdAt: "2024-01-01T00:00:00Z",
    });
    const like = await notify({
      type: "new_like",
      userId: me.userId,
      actorId: ann.id,
      reviewId: review.id,
      createdAt: "2024-01-02T00:00:00Z",
    });
    const comment = await notify({
      type: "new_comment",
      userId: me.userId,
      actorId: ann.id,
      postId: post.id,
      createdAt: "2024-01-03T00:00:00Z",
    });
    // Someone else's notification never shows.
    await notify({ type: "new_follower", userId: ann.id, actorId: me.userId });

    const response = await list(me.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const actor = {
      id: ann.id,
      username: "ann",
      slug: "ann",
      fullName: "Ann Lee",
      avatarUrl: null,
    };
    expect(response.json()).toEqual({
      unreadCount: 3,
      items: [
        {
          id: comment,
          type: "new_comment",
          actor,
          item: { kind: "post", id: post.id, title: "Brunch", reviewType: null },
          isRead: false,
          createdAt: "2024-01-03T00:00:00.000Z",
        },
        {
          id: like,
          type: "new_like",
          actor,
          item: { kind: "review", id: review.id, title: "Spicy Ramen", reviewType: "restaurant" },
          isRead: false,
          createdAt: "2024-01-02T00:00:00.000Z",
        },
        {
          id: follower,
          type: "new_follower",
          actor,
          item: null,
          isRead: false,
          createdAt: "2024-01-01T00:00:00.000Z",
        },
      ],
    });
  });

  it("leaves out notifications about hidden items, in the list and the count", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "author" });
    const ann = await createUser(testApp.db);
    const hiddenReview = await createReview(testApp.db, { userId: me.userId, isHidden: true });
    const hiddenPost = await createPost(testApp.db, { userId: me.userId, isHidden: true });
    const visible = await createReview(testApp.db, { userId: me.userId });
    await notify({
      type: "new_like",
      userId: me.userId,
      actorId: ann.id,
      reviewId: hiddenReview.id,
    });
    await notify({
      type: "new_comment",
      userId: me.userId,
      actorId: ann.id,
      postId: hiddenPost.id,
    });
    const shown = await notify({
      type: "new_like",
      userId: me.userId,
      actorId: ann.id,
      reviewId: visible.id,
    });
    const body = (await list(me.cookie)).json();
    expect(body.items.map((item: { id: string }) => item.id)).toEqual([shown]);
    expect(body.unreadCount).toBe(1);
    expect(await unread(me.cookie)).toBe(1);
  });

  it("shows at most the 50 newest", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "author" });
    const ann = await createUser(testApp.db);
    await testApp.db.execute(sql`
      insert into notifications (type, user_id, actor_id, created_at)
      select 'new_follower', ${me.userId}, ${ann.id}, now() - g * interval '1 minute'
        from generate_series(1, 55) g`);
    const body = (await list(me.cookie)).json();
    expect(body.items).toHaveLength(50);
    expect(body.unreadCount).toBe(55);
  });
});

describe("marking notifications read", () => {
  it("marks one, then all, of the caller's notifications read", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "author" });
    const ann = await createUser(testApp.db);
    const first = await notify({ type: "new_follower", userId: me.userId, actorId: ann.id });
    await notify({ type: "new_follower", userId: me.userId, actorId: ann.id });
    await notify({ type: "new_follower", userId: me.userId, actorId: ann.id });
    expect(await unread(me.cookie)).toBe(3);

    const read = await request(app, "POST", `/api/notifications/${first}/read`, {
      cookie: me.cookie,
    });
    expect(read.statusCode, read.body).toBe(204);
    expect(await unread(me.cookie)).toBe(2);
    const again = await request(app, "POST", `/api/notifications/${first}/read`, {
      cookie: me.cookie,
    });
    expect(again.statusCode).toBe(204);
    const items = (await list(me.cookie)).json().items as { id: string; isRead: boolean }[];
    expect(items.find((item) => item.id === first)?.isRead).toBe(true);

    const all = await request(app, "POST", "/api/notifications/read-all", { cookie: me.cookie });
    expect(all.statusCode).toBe(204);
    expect(await unread(me.cookie)).toBe(0);
    expect(
      (await list(me.cookie)).json().items.every((item: { isRead: boolean }) => item.isRead),
    ).toBe(true);
  });

  it("never reads or changes another user's notifications", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "me_user" });
    const other = await signUpWithProfile(app, { username: "other_user" });
    const theirs = await notify({ type: "new_follower", userId: other.userId, actorId: me.userId });
    const mine = await notify({ type: "new_follower", userId: me.userId, actorId: other.userId });

    for (const id of [theirs, crypto.randomUUID(), "not-an-id"]) {
      const response = await request(app, "POST", `/api/notifications/${id}/read`, {
        cookie: me.cookie,
      });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({
        error: { code: "NOT_FOUND", message: "Notification not found" },
      });
    }
    await request(app, "POST", "/api/notifications/read-all", { cookie: me.cookie });
    expect(await unread(other.cookie)).toBe(1);
    expect((await list(other.cookie)).json().items.map((item: { id: string }) => item.id)).toEqual([
      theirs,
    ]);
    expect((await list(me.cookie)).json().items.map((item: { id: string }) => item.id)).toEqual([
      mine,
    ]);
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
