import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMMENT_LIMITS, commentMessages } from "#domain/comment-rules.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import { posts } from "#server/db/schema/posts.ts";
import { reviews } from "#server/db/schema/reviews.ts";
import { comments, postComments } from "#server/db/schema/social.ts";
import { encodeCursor } from "#server/modules/shared/keyset.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpWithProfile } from "#server/test/auth-helpers.ts";
import { createPost, createReview, createUser } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";
import { COMMENT_RATE_LIMIT } from "./comments.routes.ts";
import { setCommentHidden } from "./comments.service.ts";

const testApp = useTestApp();

function remove(kind: "review" | "post", commentId: string, cookie?: string) {
  return request(testApp.app, "DELETE", `/api/comments/${kind}/${commentId}`, { cookie });
}

async function reviewCommentCount(id: string) {
  const [row] = await testApp.db.select().from(reviews).where(eq(reviews.id, id));
  return row?.commentCount;
}

async function postCommentCount(id: string) {
  const [row] = await testApp.db.select().from(posts).where(eq(posts.id, id));
  return row?.commentCount;
}

async function listAll(path: string, limit: number, cookie?: string) {
  const items: { id: string; content: string; isOwner: boolean }[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard++) {
    const response = await request(
      testApp.app,
      "GET",
      `/api/${path}/comments?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
      { cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return items;
  }
  throw new Error("paging never ended");
}

describe("comments", () => {
  it("adds trimmed comments, lists them newest first and counts them", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, {
      username: "talker",
      firstName: "Tal",
      lastName: "K",
    });
    const author = await createUser(testApp.db);
    const review = await createReview(testApp.db, { userId: author.id });

    const added = await request(app, "POST", `/api/reviews/${review.id}/comments`, {
      cookie: me.cookie,
      body: { content: "  Yum!  " },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      itemType: "review",
      itemId: review.id,
      content: "Yum!",
      userName: "Tal K",
      userHandler: "talker",
      isOwner: true,
      author: { id: me.userId, username: "talker" },
    });
    await request(app, "POST", `/api/reviews/${review.id}/comments`, {
      cookie: me.cookie,
      body: { content: "Second" },
    });
    expect(await reviewCommentCount(review.id)).toBe(2);

    const visitorList = await request(app, "GET", `/api/reviews/${review.id}/comments`);
    expect(visitorList.statusCode).toBe(200);
    const body = visitorList.json();
    expect(body.items.map((c: { content: string }) => c.content)).toEqual(["Second", "Yum!"]);
    expect(body.items[0].isOwner).toBe(false);
    expect(body.nextCursor).toBeNull();
    const feed = (await request(app, "GET", "/api/feed")).json();
    expect(feed.items[0].commentCount).toBe(2);
  });

  it("works on posts too", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "talker" });
    const author = await createUser(testApp.db);
    const item = await createPost(testApp.db, { userId: author.id });
    const added = await request(app, "POST", `/api/posts/${item.id}/comments`, {
      cookie: me.cookie,
      body: { content: "Nice" },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().itemType).toBe("post");
    expect(await postCommentCount(item.id)).toBe(1);
    const list = (await request(app, "GET", `/api/posts/${item.id}/comments`)).json();
    expect(list.items.map((c: { id: string }) => c.id)).toEqual([added.json().id]);
    const deleted = await remove("post", added.json().id, me.cookie);
    expect(deleted.statusCode).toBe(204);
    expect(await postCommentCount(item.id)).toBe(0);
    expect(await testApp.db.select().from(postComments)).toEqual([]);
  });

  it("rejects blank and too long comments with the rule's messages", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "talker" });
    const review = await createReview(testApp.db, { userId: (await createUser(testApp.db)).id });
    const url = `/api/reviews/${review.id}/comments`;
    for (const [payload, message] of [
      [{ content: "   " }, commentMessages.contentRequired],
      [{ content: "" }, commentMessages.contentRequired],
      [{}, commentMessages.contentRequired],
      [{ content: "x".repeat(COMMENT_LIMITS.contentMax + 1) }, commentMessages.contentTooLong],
    ] as const) {
      const response = await request(app, "POST", url, { cookie: me.cookie, body: payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect(await reviewCommentCount(review.id)).toBe(0);
  });

  it("asks visitors to sign in to comment; reading stays public", async () => {
    const { app } = await testApp.start();
    const review = await createReview(testApp.db, { userId: (await createUser(testApp.db)).id });
    const item = await createPost(testApp.db, { userId: (await createUser(testApp.db)).id });
    for (const path of [`reviews/${review.id}`, `posts/${item.id}`]) {
      const response = await request(app, "POST", `/api/${path}/comments`, {
        body: { content: "hi" },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({
        code: "UNAUTHORIZED",
        message: "Please sign in to comment",
      });
      expect((await request(app, "GET", `/api/${path}/comments`)).statusCode).toBe(200);
    }
    expect((await remove("review", crypto.randomUUID())).statusCode).toBe(401);
  });

  it("answers 404 for hidden or missing items, 400 for malformed ids and cursors", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "talker" });
    const hidden = await createReview(testApp.db, {
      userId: (await createUser(testApp.db)).id,
      isHidden: true,
    });
    const hiddenPost = await createPost(testApp.db, {
      userId: (await createUser(testApp.db)).id,
      isHidden: true,
    });
    for (const path of [
      `reviews/${hidden.id}`,
      `posts/${hiddenPost.id}`,
      `reviews/${crypto.randomUUID()}`,
    ]) {
      expect((await request(app, "GET", `/api/${path}/comments`)).statusCode).toBe(404);
      expect(
        (
          await request(app, "POST", `/api/${path}/comments`, {
            cookie: me.cookie,
            body: { content: "x" },
          })
        ).statusCode,
      ).toBe(404);
    }
    expect((await request(app, "GET", "/api/reviews/nope/comments")).statusCode).toBe(400);
    expect(
      (
        await request(app, "POST", "/api/posts/nope/comments", {
          cookie: me.cookie,
          body: { content: "x" },
        })
      ).statusCode,
    ).toBe(400);
    expect((await remove("review", "nope", me.cookie)).statusCode).toBe(400);
    expect((await remove("review", crypto.randomUUID(), me.cookie)).statusCode).toBe(404);
    const visible = await createReview(testApp.db, { userId: me.userId });
    expect(
      (await request(app, "GET", `/api/reviews/${visible.id}/comments?cursor=abc`)).statusCode,
    ).toBe(400);
    // A feed cursor is not a comment cursor.
    const feedCursor = encodeCursor({
      createdAt: "2024-01-01T00:00:00.000000Z",
      id: crypto.randomUUID(),
      kind: "review",
    });
    expect(
      (await request(app, "GET", `/api/reviews/${visible.id}/comments?cursor=${feedCursor}`))
        .statusCode,
    ).toBe(400);
    expect(await testApp.db.select().from(comments)).toEqual([]);
  });

  it("pages comments with a keyset cursor, through identical timestamps", async () => {
    await testApp.start();
    const author = await createUser(testApp.db);
    const commenter = await createUser(testApp.db);
    const review = await createReview(testApp.db, { userId: author.id });
    await testApp.db.execute(sql`
      insert into comments (review_id, user_id, content, created_at)
      select ${review.id}, ${commenter.id}, 'c' || g,
             '2024-03-01T00:00:00Z'::timestamptz + (g / 4) * interval '1 microsecond'
      from generate_series(1, 25) g`);
    const items = await listAll(`reviews/${review.id}`, 4);
    expect(items).toHaveLength(25);
    expect(new Set(items.map((c) => c.id)).size).toBe(25);
  });

  it("lets only the author delete a comment", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "talker" });
    const other = await signUpWithProfile(app, { username: "other" });
    const review = await createReview(testApp.db, { userId: (await createUser(testApp.db)).id });
    const added = (
      await request(app, "POST", `/api/reviews/${review.id}/comments`, {
        cookie: me.cookie,
        body: { content: "mine" },
      })
    ).json();
    const refused = await remove("review", added.id, other.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("FORBIDDEN");
    // Wrong table: a review comment id is not a post comment.
    expect((await remove("post", added.id, me.cookie)).statusCode).toBe(404);
    expect(await reviewCommentCount(review.id)).toBe(1);
    expect((await remove("review", added.id, me.cookie)).statusCode).toBe(204);
    expect(await reviewCommentCount(review.id)).toBe(0);
    expect((await remove("review", added.id, me.cookie)).statusCode).toBe(404);
  });

  it("keeps hidden comments out of lists and counts", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "talker" });
    const review = await createReview(testApp.db, { userId: (await createUser(testApp.db)).id });
    const first = (
      await request(app, "POST", `/api/reviews/${review.id}/comments`, {
        cookie: me.cookie,
        body: { content: "one" },
      })
    ).json();
    const second = (
      await request(app, "POST", `/api/reviews/${review.id}/comments`, {
        cookie: me.cookie,
        body: { content: "two" },
      })
    ).json();
    expect(await reviewCommentCount(review.id)).toBe(2);

    expect(await setCommentHidden(testApp.db, "review", first.id, true)).toBe(true);
    expect(await setCommentHidden(testApp.db, "review", first.id, true)).toBe(false);
    expect(await reviewCommentCount(review.id)).toBe(1);
    const list = (await request(app, "GET", `/api/reviews/${review.id}/comments`)).json();
    expect(list.items.map((c: { id: string }) => c.id)).toEqual([second.id]);

    // Deleting a hidden comment does not count it a second time.
    expect((await remove("review", first.id, me.cookie)).statusCode).toBe(204);
    expect(await reviewCommentCount(review.id)).toBe(1);

    expect(await setCommentHidden(testApp.db, "review", second.id, true)).toBe(true);
    expect(await reviewCommentCount(review.id)).toBe(0);
    expect(await setCommentHidden(testApp.db, "review", second.id, false)).toBe(true);
    expect(await reviewCommentCount(review.id)).toBe(1);
    await expect(
      setCommentHidden(testApp.db, "review", crypto.randomUUID(), true),
    ).rejects.toMatchObject({
      statusCode: 404,
    });

    // Concurrent hides of one comment move the counter once.
    await Promise.all(
      Array.from({ length: 6 }, () => setCommentHidden(testApp.db, "review", second.id, true)),
    );
    expect(await reviewCommentCount(review.id)).toBe(0);
  });
});

describe("comment rate limit", () => {
  it("refuses comments past the per-user limit with 429", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "spammer" });
    const other = await signUpWithProfile(app, { username: "calm" });
    const review = await createReview(testApp.db, { userId: (await createUser(testApp.db)).id });
    const url = `/api/reviews/${review.id}/comments`;
    for (let index = 0; index < COMMENT_RATE_LIMIT.max; index++) {
      expect(
        (await request(app, "POST", url, { cookie: me.cookie, body: { content: `c${index}` } }))
          .statusCode,
      ).toBe(201);
    }
    const refused = await request(app, "POST", url, {
      cookie: me.cookie,
      body: { content: "one more" },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("RATE_LIMITED");
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(
      (await request(app, "POST", url, { cookie: other.cookie, body: { content: "hi" } }))
        .statusCode,
    ).toBe(201);
    expect(await reviewCommentCount(review.id)).toBe(COMMENT_RATE_LIMIT.max + 1);
  });
});

describe("comment notifications", () => {
  it("notifies the item's author of each comment, never the commenter on own items", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "talker" });
    const author = await createUser(testApp.db);
    const review = await createReview(testApp.db, { userId: author.id });
    const item = await createPost(testApp.db, { userId: author.id });
    await request(app, "POST", `/api/reviews/${review.id}/comments`, {
      cookie: me.cookie,
      body: { content: "a" },
    });
    await request(app, "POST", `/api/reviews/${review.id}/comments`, {
      cookie: me.cookie,
      body: { content: "b" },
    });
    await request(app, "POST", `/api/posts/${item.id}/comments`, {
      cookie: me.cookie,
      body: { content: "c" },
    });
    const rows = await testApp.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.type, "new_comment")));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.actorId === me.userId && !row.isRead)).toBe(true);
    expect(rows.filter((row) => row.reviewId === review.id)).toHaveLength(2);
    expect(rows.filter((row) => row.postId === item.id)).toHaveLength(1);

    const own = await createReview(testApp.db, { userId: me.userId });
    await request(app, "POST", `/api/reviews/${own.id}/comments`, {
      cookie: me.cookie,
      body: { content: "self" },
    });
    expect(
      await testApp.db.select().from(notifications).where(eq(notifications.userId, me.userId)),
    ).toEqual([]);
  });
});
