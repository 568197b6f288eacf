import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { likeMessages } from "#domain/like-rules.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import { posts } from "#server/db/schema/posts.ts";
import { reviews } from "#server/db/schema/reviews.ts";
import { likes, postLikes } from "#server/db/schema/social.ts";
import { useTestApp } from "#server/test/app.ts";
import { type SignedIn, signUpWithProfile } from "#server/test/auth-helpers.ts";
import { createPost, createReview, createUser } from "#server/test/factories.ts";

import { request } from "#server/test/request.ts";

const testApp = useTestApp();

function like(method: "PUT" | "DELETE", path: string, cookie?: string) {
  return request(testApp.app, method, `/api/${path}/like`, { cookie });
}

async function reviewLikeRows(reviewId: string) {
  const [row] = await testApp.db
    .select({ n: sql<number>`count(*)::int` })
    .from(likes)
    .where(eq(likes.reviewId, reviewId));
  return row?.n;
}

async function reviewCounter(reviewId: string) {
  const [row] = await testApp.db
    .select({ likeCount: reviews.likeCount })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  return row?.likeCount;
}

describe("likes", () => {
  it("likes and unlikes a review idempotently, the counter following the rows", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "liker" });
    const author = await createUser(testApp.db);
    const review = await createReview(testApp.db, { userId: author.id });
    const path = `reviews/${review.id}`;

    const first = await like("PUT", path, me.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ liked: true, likeCount: 1 });
    expect((await like("PUT", path, me.cookie)).json()).toEqual({ liked: true, likeCount: 1 });
    expect(await reviewLikeRows(review.id)).toBe(1);

    expect((await like("DELETE", path, me.cookie)).json()).toEqual({ liked: false, likeCount: 0 });
    expect((await like("DELETE", path, me.cookie)).json()).toEqual({ liked: false, likeCount: 0 });
    expect(await reviewLikeRows(review.id)).toBe(0);
    expect(await reviewCounter(review.id)).toBe(0);
  });

  it("likes and unlikes posts", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "liker" });
    const other = await signUpWithProfile(app, { username: "liker2" });
    const author = await createUser(testApp.db);
    const post = await createPost(testApp.db, { userId: author.id });
    const path = `posts/${post.id}`;
    expect((await like("PUT", path, me.cookie)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await like("PUT", path, other.cookie)).json()).toEqual({ liked: true, likeCount: 2 });
    expect((await like("DELETE", path, me.cookie)).json()).toEqual({ liked: false, likeCount: 1 });
    const rows = await testApp.db.select().from(postLikes).where(eq(postLikes.postId, post.id));
    expect(rows.map((row) => row.userId)).toEqual([other.userId]);
    const [counter] = await testApp.db.select().from(posts).where(eq(posts.id, post.id));
    expect(counter?.likeCount).toBe(1);
  });

  it("asks visitors to sign in", async () => {
    await testApp.start();
    const author = await createUser(testApp.db);
    const review = await createReview(testApp.db, { userId: author.id });
    const post = await createPost(testApp.db, { userId: author.id });
    for (const path of [`reviews/${review.id}`, `posts/${post.id}`]) {
      for (const method of ["PUT", "DELETE"] as const) {
        const response = await like(method, path);
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toEqual({
          code: "UNAUTHORIZED",
          message: likeMessages.signInRequired,
        });
      }
    }
    expect(likeMessages.signInRequired).toBe("Please sign in to like posts");
  });

  it("answers 404 for hidden or missing items and 400 for malformed ids", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "liker" });
    const author = await createUser(testApp.db);
    const hidden = await createReview(testApp.db, { userId: author.id, isHidden: true });
    const hiddenPost = await createPost(testApp.db, { userId: author.id, isHidden: true });
    for (const path of [
      `reviews/${hidden.id}`,
      `posts/${hiddenPost.id}`,
      `reviews/${crypto.randomUUID()}`,
      `posts/${crypto.randomUUID()}`,
      // A review id is not a post id.
      `posts/${hidden.id}`,
    ]) {
      const response = await like("PUT", path, me.cookie);
      expect(response.statusCode, path).toBe(404);
    }
    expect((await like("PUT", `reviews/${hidden.id}`, me.cookie)).json().error.message).toBe(
      "Review not found",
    );
    for (const path of ["reviews/not-a-uuid", "posts/123", "reviews/%27%3B--"]) {
      const response = await like("PUT", path, me.cookie);
      expect(response.statusCode, path).toBe(400);
    }
    expect(await testApp.db.select().from(likes)).toEqual([]);
  });

  it("keeps the counter equal to the rows under 50 concurrent mixed toggles", async () => {
    const { app } = await testApp.start();
    const users: SignedIn[] = [];
    for (let index = 0; index < 5; index++) {
      users.push(await signUpWithProfile(app, { username: `racer_${index}` }));
    }
    const author = await createUser(testApp.db);
    const review = await createReview(testApp.db, { userId: author.id });
    const post = await createPost(testApp.db, { userId: author.id });
    const requests = Array.from({ length: 50 }, (_, index) => {
      const user = users[index % users.length];
      const method = (index * 7) % 3 === 0 ? "DELETE" : "PUT";
      const path = index % 2 === 0 ? `reviews/${review.id}` : `posts/${post.id}`;
      return like(method, path, user?.cookie);
    });
    const responses = await Promise.all(requests);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);

    expect(await reviewCounter(review.id)).toBe(await reviewLikeRows(review.id));
    const [postRow] = await testApp.db.select().from(posts).where(eq(posts.id, post.id));
    const postRows = await testApp.db.select().from(postLikes).where(eq(postLikes.postId, post.id));
    expect(postRow?.likeCount).toBe(postRows.length);

    // And once more all at once in the same direction: everybody likes, then everybody unlikes.
    await Promise.all(
      users.flatMap((u) => [1, 2].map(() => like("PUT", `reviews/${review.id}`, u.cookie))),
    );
    expect(await reviewCounter(review.id)).toBe(users.length);
    expect(await reviewLikeRows(review.id)).toBe(users.length);
    await Promise.all(
      users.flatMap((u) => [1, 2].map(() => like("DELETE", `reviews/${review.id}`, u.cookie))),
    );
    expect(await reviewCounter(review.id)).toBe(0);
    expect(await reviewLikeRows(review.id)).toBe(0);
  });
});

describe("like notifications", () => {
  async function likeNotifications(userId: string) {
    return testApp.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, "new_like")));
  }

  it("notifies the author once, not for own items, not again after unlike + like", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "liker" });
    const author = await createUser(testApp.db);
    const review = await createReview(testApp.db, { userId: author.id });
    const post = await createPost(testApp.db, { userId: author.id });

    await like("PUT", `reviews/${review.id}`, me.cookie);
    await like("PUT", `reviews/${review.id}`, me.cookie);
    await like("DELETE", `reviews/${review.id}`, me.cookie);
    await like("PUT", `reviews/${review.id}`, me.cookie);
    await like("PUT", `posts/${post.id}`, me.cookie);

    const rows = await likeNotifications(author.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.reviewId === review.id)).toMatchObject({
      actorId: me.userId,
      postId: null,
      isRead: false,
    });
    expect(rows.find((row) => row.postId === post.id)).toMatchObject({
      actorId: me.userId,
      reviewId: null,
    });

    // Once read, a renewed like is news again.
    await testApp.db.update(notifications).set({ isRead: true });
    await like("DELETE", `reviews/${review.id}`, me.cookie);
    await like("PUT", `reviews/${review.id}`, me.cookie);
    const after = await likeNotifications(author.id);
    expect(after.filter((row) => !row.isRead)).toHaveLength(1);

    // Liking your own review counts but notifies nobody.
    const own = await createReview(testApp.db, { userId: me.userId });
    expect((await like("PUT", `reviews/${own.id}`, me.cookie)).json()).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect(await likeNotifications(me.userId)).toEqual([]);
  });
});
