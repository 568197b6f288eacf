import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ReplyPage } from "#domain/comment.ts";
import { COMMENT_LIMITS } from "#domain/comment-rules.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import { posts } from "#server/db/schema/posts.ts";
import { reviews } from "#server/db/schema/reviews.ts";
import { userBlocks } from "#server/db/schema/safety.ts";
import { follows } from "#server/db/schema/social.ts";
import { useTestApp } from "#server/test/app.ts";
import {
  addedComment,
  commentOn,
  notificationGroups,
  signedInPerson,
} from "#server/test/conversation.ts";
import { createFollow, createPost, createReview } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";
import { setCommentHidden } from "./comments.service.ts";

const testApp = useTestApp();

const person = (overrides: Parameters<typeof signedInPerson>[2] = {}) =>
  signedInPerson(testApp.app, testApp.db, overrides);
const comment = (path: string, cookie: string, content: string, parentId?: string) =>
  commentOn(testApp.app, path, cookie, content, parentId);
const added = (path: string, cookie: string, content: string, parentId?: string) =>
  addedComment(testApp.app, path, cookie, content, parentId);

async function list(path: string, cookie?: string) {
  const response = await request(testApp.app, "GET", `/api/${path}/comments`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as {
    id: string;
    content: string;
    replyCount: number;
    replies: { id: string; content: string; parentId: string; replyTo: unknown }[];
    repliesCursor: string | null;
  }[];
}

async function reviewCount(id: string) {
  const [row] = await testApp.db.select().from(reviews).where(eq(reviews.id, id));
  return row?.commentCount;
}

function notificationsOf(userId: string, type: "new_reply" | "new_comment") {
  return testApp.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
}

describe("replies", () => {
  it("threads replies one level deep under their top-level comment, counted as comments", async () => {
    await testApp.start();
    const author = await person();
    const ana = await person({ username: "ana", fullName: "Ana Lee" });
    const ben = await person({ username: "ben", fullName: "Ben Ode" });
    const review = await createReview(testApp.db, { userId: author.id });
    const path = `reviews/${review.id}`;

    const top = await added(path, ana.cookie, "Where is this?");
    const reply = await added(path, ben.cookie, "Downtown", top.id);
    expect(reply).toMatchObject({ parentId: top.id, replyTo: { userName: "Ana Lee" } });
    // A reply to a reply joins the same thread, addressed to the reply's author.
    const deeper = await added(path, ana.cookie, "Thanks!", reply.id);
    expect(deeper).toMatchObject({
      parentId: top.id,
      replyTo: { userName: "Ben Ode", userHandler: "ben" },
    });
    const other = await added(path, ben.cookie, "Looks great");

    const threads = await list(path);
    expect(threads.map((thread) => thread.id)).toEqual([other.id, top.id]);
    expect(threads[1]).toMatchObject({ replyCount: 2, repliesCursor: null });
    expect(threads[1]?.replies.map((r) => r.content)).toEqual(["Downtown", "Thanks!"]);
    expect(threads[0]).toMatchObject({ replyCount: 0, replies: [] });
    expect(await reviewCount(review.id)).toBe(4);

    // Deleting the top-level comment takes its thread, and the thread's count, with it.
    const removed = await request(testApp.app, "DELETE", `/api/comments/review/${top.id}`, {
      cookie: ana.cookie,
    });
    expect(removed.statusCode).toBe(204);
    expect(await reviewCount(review.id)).toBe(1);
    expect((await list(path)).map((thread) => thread.id)).toEqual([other.id]);
  });

  it("shows the oldest replies with each thread and pages the rest oldest first", async () => {
    await testApp.start();
    const author = await person();
    const talker = await person();
    const post = await createPost(testApp.db, { userId: author.id });
    const path = `posts/${post.id}`;
    const top = await added(path, talker.cookie, "Top");
    const sent: string[] = [];
    for (let n = 1; n <= COMMENT_LIMITS.repliesShown + 2; n++) {
      sent.push((await added(path, author.cookie, `r${n}`, top.id)).id);
    }
    const [thread] = await list(path);
    expect(thread?.replies.map((r) => r.id)).toEqual(sent.slice(0, COMMENT_LIMITS.repliesShown));
    expect(thread?.replyCount).toBe(sent.length);
    expect(thread?.repliesCursor).toEqual(expect.any(String));

    const repliesAfter = async (cursor: string | null | undefined, limit = "") => {
      const response = await request(
        testApp.app,
        "GET",
        `/api/comments/post/${top.id}/replies?cursor=${cursor}${limit}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page: ReplyPage = response.json();
      return { ids: page.items.map((reply) => reply.id), nextCursor: page.nextCursor };
    };
    const rest = await repliesAfter(thread?.repliesCursor, "&limit=1");
    expect(rest.ids).toEqual([sent[COMMENT_LIMITS.repliesShown]]);
    expect(await repliesAfter(rest.nextCursor)).toEqual({
      ids: sent.slice(-1),
      nextCursor: null,
    });
    const [row] = await testApp.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.commentCount).toBe(sent.length + 1);
  });

  it("refuses replies to a comment on another item, to a missing one and bad ids", async () => {
    await testApp.start();
    const author = await person();
    const talker = await person();
    const review = await createReview(testApp.db, { userId: author.id });
    const elsewhere = await createReview(testApp.db, { userId: author.id });
    const top = await added(`reviews/${elsewhere.id}`, talker.cookie, "Elsewhere");
    for (const parentId of [top.id, "00000000-0000-4000-8000-000000000000"]) {
      const response = await comment(`reviews/${review.id}`, author.cookie, "Hi", parentId);
      expect(response.statusCode).toBe(404);
    }
    const bad = await comment(`reviews/${review.id}`, author.cookie, "Hi", "nope");
    expect(bad.statusCode).toBe(400);
    expect(await reviewCount(review.id)).toBe(0);
    const replies = await request(testApp.app, "GET", `/api/comments/review/nope/replies`);
    expect(replies.statusCode).toBe(400);
  });

  it("notifies the answered comment's author once, and the item's author of the comment", async () => {
    await testApp.start();
    const author = await person();
    const ana = await person();
    const ben = await person();
    const review = await createReview(testApp.db, { userId: author.id });
    const path = `reviews/${review.id}`;

    const top = await added(path, ana.cookie, "Question");
    const reply = await added(path, ben.cookie, "Answer", top.id);
    const replied = await notificationsOf(ana.id, "new_reply");
    expect(replied).toMatchObject([
      { actorId: ben.id, reviewId: review.id, commentId: reply.id, isRead: false },
    ]);
    // The item's author hears of the reply as a comment on their review.
    expect(await notificationsOf(author.id, "new_comment")).toHaveLength(2);

    // The item's author answering: one reply notification, nothing to themselves.
    await added(path, author.cookie, "Thanks both", reply.id);
    expect(await notificationsOf(ben.id, "new_reply")).toHaveLength(1);
    expect(await notificationsOf(author.id, "new_comment")).toHaveLength(2);
    // Someone answering the item's author: they get the reply, not also a comment notification.
    const own = await added(path, author.cookie, "My own note");
    await added(path, ana.cookie, "Nice", own.id);
    expect(await notificationsOf(author.id, "new_reply")).toHaveLength(1);
    expect(await notificationsOf(author.id, "new_comment")).toHaveLength(2);
    // Answering yourself notifies nobody.
    await added(path, ana.cookie, "Also", top.id);
    expect(await notificationsOf(ana.id, "new_reply")).toHaveLength(1);

    expect((await notificationGroups(testApp.app, ana.cookie))[0]).toMatchObject({
      key: `reply.review.${review.id}`,
      type: "new_reply",
      text: "Answer",
      item: { kind: "review", id: review.id },
    });
  });

  it("comment rows quote the newest comment, and no comment a moderator hid", async () => {
    await testApp.start();
    const author = await person();
    const ana = await person();
    const post = await createPost(testApp.db, { userId: author.id });
    await added(`posts/${post.id}`, ana.cookie, "First thought");
    const second = await added(`posts/${post.id}`, ana.cookie, "Second thought");
    const screen = async () => (await notificationGroups(testApp.app, author.cookie))[0];
    expect(await screen()).toMatchObject({ type: "new_comment", text: "Second thought" });
    await setCommentHidden(testApp.db, "post", second.id, true);
    expect(await screen()).toMatchObject({ type: "new_comment", text: null });
  });

  it("keeps blocked people out of threads and refuses replies across a block", async () => {
    await testApp.start();
    const author = await person();
    const ana = await person();
    const ben = await person();
    const review = await createReview(testApp.db, { userId: author.id });
    const path = `reviews/${review.id}`;
    const top = await added(path, ana.cookie, "Question");
    await added(path, ben.cookie, "Answer", top.id);
    await testApp.db.insert(userBlocks).values({ blockerId: ana.id, blockedId: ben.id });

    // Ben may not answer Ana, nor see her thread; Ana no longer sees Ben's reply.
    expect((await comment(path, ben.cookie, "Again", top.id)).statusCode).toBe(404);
    expect((await list(path, ben.cookie)).map((thread) => thread.id)).toEqual([]);
    const [thread] = await list(path, ana.cookie);
    expect(thread).toMatchObject({ replyCount: 0, replies: [] });
    const replies = await request(testApp.app, "GET", `/api/comments/review/${top.id}/replies`, {
      cookie: ben.cookie,
    });
    expect(replies.statusCode).toBe(404);
  });

  it("a block that deletes a top-level comment takes its thread off the count", async () => {
    await testApp.start();
    const author = await person();
    const ana = await person();
    const ben = await person();
    const review = await createReview(testApp.db, { userId: author.id });
    const path = `reviews/${review.id}`;
    const top = await added(path, ana.cookie, "Question");
    await added(path, ben.cookie, "Answer", top.id);
    await added(path, author.cookie, "Mine", top.id);
    await added(path, ben.cookie, "Standalone");
    expect(await reviewCount(review.id)).toBe(4);

    const blocked = await request(testApp.app, "PUT", `/api/profiles/${ana.id}/block`, {
      cookie: author.cookie,
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await reviewCount(review.id)).toBe(1);
    expect((await list(path, ben.cookie)).map((thread) => thread.content)).toEqual(["Standalone"]);
  });

  it("counts no thread the list does not show: a hidden comment's, an unseen person's", async () => {
    await testApp.start();
    const author = await person();
    const ana = await person();
    const ben = await person();
    const viewer = await person();
    const review = await createReview(testApp.db, { userId: author.id });
    const path = `reviews/${review.id}`;
    /** The count `cookie`'s holder sees, and how many comments their list can open. */
    const seen = async (cookie?: string) => {
      const item = await request(testApp.app, "GET", `/api/${path}`, { cookie });
      const threads = await list(path, cookie);
      return {
        count: item.json().commentCount,
        listed: threads.reduce((sum, thread) => sum + 1 + thread.replyCount, 0),
      };
    };
    const top = await added(path, ana.cookie, "Question");
    const reply = await added(path, ben.cookie, "Answer", top.id);
    await added(path, author.cookie, "Also", top.id);
    await added(path, ben.cookie, "Standalone");
    expect(await seen()).toEqual({ count: 4, listed: 4 });

    // A moderator hides the top-level comment: its thread goes from the count with it.
    await setCommentHidden(testApp.db, "review", top.id, true);
    expect(await seen()).toEqual({ count: 1, listed: 1 });
    // A reply under it hidden or shown, or deleted, changes nothing anyone sees.
    await setCommentHidden(testApp.db, "review", reply.id, true);
    await setCommentHidden(testApp.db, "review", reply.id, false);
    expect(await reviewCount(review.id)).toBe(1);
    await setCommentHidden(testApp.db, "review", top.id, false);
    expect(await seen()).toEqual({ count: 4, listed: 4 });

    // Someone in a block with the top-level comment's author sees neither it nor its replies.
    await testApp.db.insert(userBlocks).values({ blockerId: viewer.id, blockedId: ana.id });
    expect(await seen(viewer.cookie)).toEqual({ count: 1, listed: 1 });
    expect(await seen(ben.cookie)).toEqual({ count: 4, listed: 4 });
    // Ben's reply unseen too (a block with him as well) is left out once, not twice.
    await testApp.db.insert(userBlocks).values({ blockerId: ben.id, blockedId: viewer.id });
    expect(await seen(viewer.cookie)).toEqual({ count: 0, listed: 0 });

    // Deleting a hidden thread takes nothing more off the count.
    await setCommentHidden(testApp.db, "review", top.id, true);
    const removed = await request(testApp.app, "DELETE", `/api/comments/review/${top.id}`, {
      cookie: ana.cookie,
    });
    expect(removed.statusCode).toBe(204);
    expect(await seen()).toEqual({ count: 1, listed: 1 });
  });

  it("tells a private author's former follower nothing once they may not see the item", async () => {
    await testApp.start();
    const author = await person({ isPrivate: true });
    const fan = await person();
    await createFollow(testApp.db, fan.id, author.id);
    const review = await createReview(testApp.db, { userId: author.id });
    const path = `reviews/${review.id}`;
    const top = await added(path, fan.cookie, "Lovely");
    const outsider = await person();
    // An outsider cannot see the private author's review, so cannot reply either.
    expect((await comment(path, outsider.cookie, "Hi", top.id)).statusCode).toBe(404);

    await testApp.db.delete(follows).where(eq(follows.followerId, fan.id));
    await added(path, author.cookie, "Thanks", top.id);
    expect(await notificationsOf(fan.id, "new_reply")).toEqual([]);
  });
});
