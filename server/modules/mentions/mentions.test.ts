import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "#server/db/schema/notifications.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { userBlocks } from "#server/db/schema/safety.ts";
import { useTestApp } from "#server/test/app.ts";
import { postDishReview } from "#server/test/content-helpers.ts";
import { addedComment, notificationGroups, signedInPerson } from "#server/test/conversation.ts";
import { createFollow, createPost, createReview } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

const person = (overrides: Parameters<typeof signedInPerson>[2] = {}) =>
  signedInPerson(testApp.app, testApp.db, overrides);
const added = (path: string, cookie: string, content: string, parentId?: string) =>
  addedComment(testApp.app, path, cookie, content, parentId);

async function firstComment(path: string, cookie?: string) {
  const response = await request(testApp.app, "GET", `/api/${path}/comments`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items[0] as { content: string; mentions: unknown[] };
}

function mentionsOf(userId: string) {
  return testApp.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "new_mention")));
}

async function suggest(cookie: string | undefined, query: string) {
  return request(testApp.app, "GET", `/api/mentions/suggestions?${query}`, { cookie });
}

describe("mentions in comments", () => {
  it("links and notifies the people a comment names, by id, whatever they are called later", async () => {
    await testApp.start();
    const author = await person();
    const writer = await person({ username: "wren" });
    const ben = await person({ username: "benji", fullName: "Ben Ode" });
    const review = await createReview(testApp.db, { userId: author.id });
    const path = `reviews/${review.id}`;

    const comment = await added(path, writer.cookie, "Ask @Benji, or mail benji@example.com!");
    expect(comment.mentions).toEqual([
      { handle: "benji", userName: "Ben Ode", userHandler: "benji" },
    ]);
    expect(await mentionsOf(ben.id)).toMatchObject([
      { actorId: writer.id, reviewId: review.id, commentId: comment.id, isRead: false },
    ]);
    // Renamed: the text still says @benji and still links to Ben.
    await testApp.db
      .update(profiles)
      .set({ username: "ben_o", slug: "ben_o" })
      .where(eq(profiles.id, ben.id));
    expect(await firstComment(path)).toMatchObject({
      content: "Ask @Benji, or mail benji@example.com!",
      mentions: [{ handle: "benji", userName: "Ben Ode", userHandler: "ben_o" }],
    });

    expect((await notificationGroups(testApp.app, ben.cookie))[0]).toMatchObject({
      key: `mention.review.${review.id}`,
      type: "new_mention",
      text: "Ask @Benji, or mail benji@example.com!",
    });
  });

  it("ignores handles in links and email addresses, unknown ones and the writer's own", async () => {
    await testApp.start();
    const author = await person();
    const writer = await person({ username: "wanda" });
    const cara = await person({ username: "cara" });
    const post = await createPost(testApp.db, { userId: author.id });
    const comment = await added(
      `posts/${post.id}`,
      writer.cookie,
      "https://medium.com/@cara cara@mail.com @nobody_here @wanda",
    );
    expect(comment.mentions).toEqual([]);
    expect(await mentionsOf(cara.id)).toEqual([]);
    expect(await mentionsOf(writer.id)).toEqual([]);
  });

  it("a reply's addressee hears of the reply only, other people named of the mention", async () => {
    await testApp.start();
    const author = await person();
    const ana = await person({ username: "anabel" });
    const ben = await person({ username: "bennet" });
    const post = await createPost(testApp.db, { userId: author.id });
    const path = `posts/${post.id}`;
    const top = await added(path, ana.cookie, "Hello");
    await added(path, ben.cookie, "@anabel yes, and @bennet too", top.id);
    expect(await mentionsOf(ana.id)).toEqual([]);
    const replies = await testApp.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ana.id), eq(notifications.type, "new_reply")));
    expect(replies).toHaveLength(1);
  });

  it("names nobody across a block, nor anyone who may not see a private author's item", async () => {
    await testApp.start();
    const author = await person({ isPrivate: true });
    const writer = await person();
    await createFollow(testApp.db, writer.id, author.id);
    const blocked = await person({ username: "blocky" });
    const outsider = await person({ username: "outsider" });
    const friend = await person({ username: "friendly" });
    await createFollow(testApp.db, friend.id, author.id);
    await testApp.db.insert(userBlocks).values({ blockerId: blocked.id, blockedId: writer.id });
    const review = await createReview(testApp.db, { userId: author.id });

    const comment = await added(
      `reviews/${review.id}`,
      writer.cookie,
      "@blocky @outsider @friendly look",
    );
    expect(comment.mentions).toMatchObject([{ handle: "friendly" }]);
    expect(await mentionsOf(blocked.id)).toEqual([]);
    expect(await mentionsOf(outsider.id)).toEqual([]);
    expect(await mentionsOf(friend.id)).toHaveLength(1);
  });
});

describe("mentions in a post's or a review's own text", () => {
  async function newPost(cookie: string, content: string) {
    const response = await request(testApp.app, "POST", "/api/posts", {
      cookie,
      body: { title: "Brunch at Joe's", content },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; mentions: unknown[] };
  }

  async function edit(path: string, cookie: string, body: Record<string, unknown>) {
    const response = await request(testApp.app, "PATCH", `/api/${path}`, { cookie, body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { mentions: unknown[] };
  }

  it("links and notifies the people a post names, and an edit never notifies them twice", async () => {
    await testApp.start();
    const writer = await person({ username: "poppy" });
    const ana = await person({ username: "anouk", fullName: "Anouk Ray" });
    const ben = await person({ username: "bastian" });
    const post = await newPost(
      writer.cookie,
      "With @anouk, not anouk@mail.com or www.x.com/@bastian",
    );
    expect(post.mentions).toEqual([
      { handle: "anouk", userName: "Anouk Ray", userHandler: "anouk" },
    ]);
    expect(await mentionsOf(ana.id)).toMatchObject([
      { actorId: writer.id, postId: post.id, postCommentId: null, isRead: false },
    ]);
    expect(await mentionsOf(ben.id)).toEqual([]);

    expect((await notificationGroups(testApp.app, ana.cookie))[0]).toMatchObject({
      key: `mention.post.${post.id}`,
      mentionIn: "text",
      text: "With @anouk, not anouk@mail.com or www.x.com/@bastian",
    });

    // Dropped from the text: no link; named again and with Ben: only Ben hears of it.
    expect(
      (await edit(`posts/${post.id}`, writer.cookie, { content: "Just us" })).mentions,
    ).toEqual([]);
    const again = await edit(`posts/${post.id}`, writer.cookie, {
      content: "@anouk and @bastian",
    });
    expect(again.mentions).toHaveLength(2);
    expect(await mentionsOf(ana.id)).toHaveLength(1);
    expect(await mentionsOf(ben.id)).toMatchObject([{ postId: post.id }]);
    const read = await request(testApp.app, "GET", `/api/posts/${post.id}`);
    expect(read.json().mentions).toHaveLength(2);
  });

  it("a review's description mentions as a post's content does, after a comment's mention too", async () => {
    await testApp.start();
    const writer = await person({ username: "rowan" });
    const cleo = await person({ username: "cleome" });
    const review = await postDishReview(testApp.app, writer.cookie, {
      description: "Cleo (@cleome) chose it",
    });
    expect(review.mentions).toEqual([
      { handle: "cleome", userName: "cleome", userHandler: "cleome" },
    ]);
    await added(`reviews/${review.id}`, writer.cookie, "@cleome the broth!");
    expect(await mentionsOf(cleo.id)).toHaveLength(2);
    // One group for the item: the newest mention, in a comment, is what it quotes.
    expect(await notificationGroups(testApp.app, cleo.cookie)).toMatchObject([
      { key: `mention.review.${review.id}`, mentionIn: "comment", text: "@cleome the broth!" },
    ]);
  });

  it("names nobody across a block, nor anyone who may not see a private author's post", async () => {
    await testApp.start();
    const writer = await person({ username: "privy", isPrivate: true });
    const friend = await person({ username: "fennel" });
    await createFollow(testApp.db, friend.id, writer.id);
    const outsider = await person({ username: "outlier" });
    const blocker = await person({ username: "blocker" });
    await testApp.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: writer.id });
    // Writing a new post, a private author is offered only people who may see it.
    const offered = async (q: string) =>
      (await suggest(writer.cookie, `q=${q}`))
        .json()
        .items.map((item: { username: string }) => item.username);
    expect(await offered("fenn")).toEqual(["fennel"]);
    expect(await offered("outl")).toEqual([]);
    const post = await newPost(writer.cookie, "@fennel @outlier @blocker");
    expect(post.mentions).toEqual([
      { handle: "fennel", userName: "fennel", userHandler: "fennel" },
    ]);
    expect(await mentionsOf(friend.id)).toHaveLength(1);
    expect(await mentionsOf(outsider.id)).toEqual([]);
    expect(await mentionsOf(blocker.id)).toEqual([]);
    // A viewer blocked by the person named sees the text without the link.
    const blocked = await person();
    await createFollow(testApp.db, blocked.id, writer.id);
    await testApp.db.insert(userBlocks).values({ blockerId: friend.id, blockedId: blocked.id });
    const seen = await request(testApp.app, "GET", `/api/posts/${post.id}`, {
      cookie: blocked.cookie,
    });
    expect(seen.json()).toMatchObject({ content: "@fennel @outlier @blocker", mentions: [] });
  });
});

describe("mention suggestions", () => {
  it("offers the people followed first, then others, never blocked people or the caller", async () => {
    await testApp.start();
    const me = await person({ username: "sugg_me" });
    const followed = await person({ username: "sugg_zed", fullName: "Zed Quill" });
    const other = await person({ username: "sugg_amy" });
    const blocked = await person({ username: "sugg_bob" });
    await createFollow(testApp.db, me.id, followed.id);
    await testApp.db.insert(userBlocks).values({ blockerId: me.id, blockedId: blocked.id });

    const response = await suggest(me.cookie, "q=sugg");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items).toEqual([
      expect.objectContaining({ username: "sugg_zed", userName: "Zed Quill", followed: true }),
      expect.objectContaining({ username: "sugg_amy", followed: false }),
    ]);
    // By a word of the name too; empty: only the people followed.
    expect((await suggest(me.cookie, "q=quil")).json().items).toMatchObject([
      { username: "sugg_zed" },
    ]);
    expect((await suggest(me.cookie, "q=")).json().items).toMatchObject([{ username: "sugg_zed" }]);
    expect(other.id).toBeTruthy();
  });

  it("about an item, offers only people who may see it", async () => {
    await testApp.start();
    const author = await person({ isPrivate: true, username: "priv_auth" });
    const me = await person();
    await createFollow(testApp.db, me.id, author.id);
    const fan = await person({ username: "priv_fan" });
    await createFollow(testApp.db, fan.id, author.id);
    await person({ username: "priv_stranger" });
    const review = await createReview(testApp.db, { userId: author.id });
    const response = await suggest(me.cookie, `q=priv&kind=review&itemId=${review.id}`);
    expect(response.json().items.map((item: { username: string }) => item.username)).toEqual([
      "priv_auth",
      "priv_fan",
    ]);
  });

  it("refuses visitors, bad searches and items the caller may not see", async () => {
    await testApp.start();
    const me = await person();
    const hidden = await createReview(testApp.db, {
      userId: (await person({ isPrivate: true })).id,
    });
    expect((await suggest(undefined, "q=a")).statusCode).toBe(401);
    expect((await suggest(me.cookie, "q=%25%00")).statusCode).toBe(400);
    expect((await suggest(me.cookie, `q=${"a".repeat(31)}`)).statusCode).toBe(400);
    expect((await suggest(me.cookie, `q=a&kind=review&itemId=${hidden.id}`)).statusCode).toBe(404);
  });
});
