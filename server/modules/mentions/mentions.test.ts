import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "#server/db/schema/notifications.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { userBlocks } from "#server/db/schema/safety.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor } from "#server/test/auth-helpers.ts";
import { createFollow, createPost, createReview, createUser } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

async function person(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(testApp.db, overrides);
  return { ...user, cookie: await sessionCookieFor(testApp.app, user.id) };
}

async function added(path: string, cookie: string, content: string, parentId?: string) {
  const response = await request(testApp.app, "POST", `/api/${path}/comments`, {
    cookie,
    body: parentId ? { content, parentId } : { content },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; mentions: unknown[] };
}

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

    const screen = await request(testApp.app, "GET", "/api/notifications", { cookie: ben.cookie });
    expect(screen.json().items[0]).toMatchObject({
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
