import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationSettingsMessages } from "#domain/notification-settings-rules.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor, signInByPhone } from "#server/test/auth-helpers.ts";
import { createPost, createReview, createUser } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";
import { sendDueDigests } from "./notification-digest.ts";

const testApp = useTestApp();

async function person(options: { confirmedEmail?: boolean } = {}) {
  const profile = await createUser(testApp.db, { fullName: "Ana Lima" });
  if (options.confirmedEmail) {
    await testApp.db.execute(sql`update "user" set email_verified = true where id = ${profile.id}`);
  }
  const email = `${profile.id}@example.com`;
  return { ...profile, email, cookie: await sessionCookieFor(testApp.app, profile.id) };
}

function settings(cookie: string) {
  return request(testApp.app, "GET", "/api/notification-settings", { cookie });
}

function change(cookie: string, body: unknown) {
  return request(testApp.app, "PUT", "/api/notification-settings", { cookie, body });
}

async function notificationCount(userId: string): Promise<number> {
  const result = await testApp.db.execute<{ count: number }>(
    sql`select count(*)::int as count from notifications where user_id = ${userId}`,
  );
  return Number(result.rows[0]?.count);
}

describe("GET and PUT /api/notification-settings", () => {
  it("starts with followers, comments & likes and deals on and the email off, then keeps each change", async () => {
    await testApp.start();
    const me = await person({ confirmedEmail: true });
    expect((await settings(me.cookie)).json()).toEqual({
      newFollowers: true,
      commentsAndLikes: true,
      dealsAtFollowed: true,
      emailDigest: "off",
      emailDigestAvailable: true,
    });
    const off = await change(me.cookie, { commentsAndLikes: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ newFollowers: true, commentsAndLikes: false });
    const weekly = await change(me.cookie, {
      emailDigest: "weekly",
      newFollowers: false,
      dealsAtFollowed: false,
    });
    expect(weekly.json()).toEqual({
      newFollowers: false,
      commentsAndLikes: false,
      dealsAtFollowed: false,
      emailDigest: "weekly",
      emailDigestAvailable: true,
    });
    expect((await settings(me.cookie)).json()).toEqual(weekly.json());
  });

  it("refuses the weekly email without a confirmed address, and hostile bodies, changing nothing", async () => {
    const { app, sms } = await testApp.start();
    const unconfirmed = await person();
    const phone = await signInByPhone(app, sms);
    for (const cookie of [unconfirmed.cookie, phone.cookie]) {
      expect((await settings(cookie)).json()).toMatchObject({ emailDigestAvailable: false });
      const refused = await change(cookie, { emailDigest: "weekly", commentsAndLikes: false });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(
        notificationSettingsMessages.emailWeeklyRequiresEmail,
      );
    }
    for (const body of [
      { emailDigest: "daily" },
      { newFollowers: "yes" },
      { commentsAndLikes: null },
      { dealsAtFollowed: "no" },
      [],
    ]) {
      const refused = await change(unconfirmed.cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.code).toBe("VALIDATION_ERROR");
    }
    const rows = await testApp.db.execute(sql`select * from notification_settings`);
    expect(rows.rows).toEqual([]);
    expect((await settings(unconfirmed.cookie)).json()).toMatchObject({
      commentsAndLikes: true,
      emailDigest: "off",
    });
  });
});

describe("switched-off kinds are not written", () => {
  it("comments & likes off: a like and a comment write nothing; back on they do", async () => {
    const { app } = await testApp.start();
    const author = await person();
    const fan = await person();
    const review = await createReview(testApp.db, { userId: author.id });
    const post = await createPost(testApp.db, { userId: author.id });
    await change(author.cookie, { commentsAndLikes: false });
    const like = await request(app, "PUT", `/api/reviews/${review.id}/like`, {
      cookie: fan.cookie,
    });
    expect(like.json()).toMatchObject({ liked: true, likeCount: 1 });
    const comment = await request(app, "POST", `/api/posts/${post.id}/comments`, {
      cookie: fan.cookie,
      body: { content: "Looks great" },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(await notificationCount(author.id)).toBe(0);

    await change(author.cookie, { commentsAndLikes: true });
    await request(app, "PUT", `/api/posts/${post.id}/like`, { cookie: fan.cookie });
    await request(app, "POST", `/api/reviews/${review.id}/comments`, {
      cookie: fan.cookie,
      body: { content: "Again" },
    });
    expect(await notificationCount(author.id)).toBe(2);
  });

  it("new followers off: a follow writes nothing; back on it does", async () => {
    const { app } = await testApp.start();
    const followed = await person();
    const [first, second] = [await person(), await person()];
    await change(followed.cookie, { newFollowers: false });
    const follow = await request(app, "PUT", `/api/profiles/${followed.id}/follow`, {
      cookie: first.cookie,
    });
    expect(follow.json()).toMatchObject({ following: true, followerCount: 1 });
    expect(await notificationCount(followed.id)).toBe(0);
    await change(followed.cookie, { newFollowers: true });
    await request(app, "PUT", `/api/profiles/${followed.id}/follow`, { cookie: second.cookie });
    expect(await notificationCount(followed.id)).toBe(1);
  });
});

describe("the weekly email digest", () => {
  async function notify(type: string, userId: string, actorId: string, reviewId?: string) {
    const result = await testApp.db.execute<{ id: string }>(sql`
      insert into notifications (type, user_id, actor_id, review_id)
      values (${type}, ${userId}, ${actorId}, ${reviewId ?? null}) returning id`);
    return result.rows[0]?.id ?? "";
  }
  /** A run of the app's own job (after the one it starts with): how many emails it sent. */
  const run = async () => {
    const before = testApp.email.messages.length;
    await testApp.app.notificationDigest.run();
    return testApp.email.messages.length - before;
  };
  /** An app whose start-up run is over, so it cannot take anyone this test makes due. */
  const startApp = async () => {
    await testApp.start();
    await testApp.app.ready();
    await testApp.app.notificationDigest.run();
  };
  /** A run as another server process would make it, beside the app's. */
  const runElsewhere = () =>
    sendDueDigests({
      db: testApp.db,
      email: testApp.email,
      publicUrl: testApp.app.config.publicUrl,
      log: testApp.app.log,
    });

  it("sends one email with counts per kind, the busiest items and a link, then not again within the week", async () => {
    await startApp();
    const reader = await person({ confirmedEmail: true });
    const quiet = await person({ confirmedEmail: true });
    const optedOut = await person({ confirmedEmail: true });
    const [ana, bo, cy] = [await person(), await person(), await person()];
    const soup = await createReview(testApp.db, { userId: reader.id, title: "Khao Soi" });
    const taco = await createReview(testApp.db, { userId: reader.id, title: "Al Pastor" });
    await change(reader.cookie, { emailDigest: "weekly" });
    await change(quiet.cookie, { emailDigest: "weekly" });
    for (const actor of [ana, bo, cy]) await notify("new_like", reader.id, actor.id, soup.id);
    await notify("new_comment", reader.id, ana.id, soup.id);
    await notify("new_like", reader.id, ana.id, taco.id);
    await notify("new_follower", reader.id, bo.id);
    // Read already, or from last month: not this week's news.
    await testApp.db.execute(sql`
      insert into notifications (type, user_id, actor_id, is_read) values ('new_follower', ${reader.id}, ${cy.id}, true)`);
    await testApp.db.execute(sql`
      insert into notifications (type, user_id, actor_id, created_at)
      values ('new_follower', ${reader.id}, ${ana.id}, now() - interval '30 days')`);
    await notify("new_like", optedOut.id, ana.id);

    expect(await run()).toBe(1);
    const messages = testApp.email.messages;
    expect(messages.map((message) => message.to)).toEqual([reader.email]);
    const [email] = messages;
    expect(email?.subject).toBe(notificationSettingsMessages.digestSubject(6));
    expect(email?.text.startsWith(notificationSettingsMessages.digestIntro)).toBe(true);
    expect(email?.text).toContain(notificationSettingsMessages.digestKind.new_like(4));
    expect(email?.text).toContain(notificationSettingsMessages.digestKind.new_comment(1));
    expect(email?.text).toContain(notificationSettingsMessages.digestKind.new_follower(1));
    expect(email?.text).toContain(notificationSettingsMessages.digestTopItem("Khao Soi", 4));
    expect(email?.text).toContain(notificationSettingsMessages.digestTopItem("Al Pastor", 1));
    expect(testApp.email.lastLinkTo(reader.email)).toBe("http://localhost:3000/notifications");

    const sinceThen = await notify("new_like", reader.id, cy.id, taco.id);
    expect(await run()).toBe(0);
    expect(testApp.email.messages).toHaveLength(1);

    // A week on (the clock moved back instead), only what came since the last one.
    await testApp.db.execute(sql`
      update notification_settings set last_digest_at = now() - interval '7 days 1 minute'`);
    await testApp.db.execute(sql`
      update notifications set created_at = now() - interval '8 days' where id <> ${sinceThen}`);
    expect(await run()).toBe(1);
    expect(testApp.email.messages[1]?.subject).toBe(notificationSettingsMessages.digestSubject(1));
  });

  it("leaves out what the reader would not be shown, and sends nothing when nothing is left", async () => {
    await startApp();
    const reader = await person({ confirmedEmail: true });
    const muted = await person();
    await change(reader.cookie, { emailDigest: "weekly" });
    await testApp.db.execute(sql`
      insert into user_mutes (muter_id, muted_id) values (${reader.id}, ${muted.id})`);
    await notify("new_follower", reader.id, muted.id);
    expect(await run()).toBe(0);
    expect(testApp.email.messages).toEqual([]);
  });

  it("counts follow requests waiting as new followers are counted, and not with them off", async () => {
    await startApp();
    const owner = await person({ confirmedEmail: true });
    await change(owner.cookie, { emailDigest: "weekly" });
    await request(testApp.app, "PUT", "/api/profile/privacy", {
      cookie: owner.cookie,
      body: { private: true },
    });
    for (const fan of [await person(), await person()]) {
      const asked = await request(testApp.app, "PUT", `/api/profiles/${owner.id}/follow`, {
        cookie: fan.cookie,
      });
      expect(asked.json()).toMatchObject({ requested: true });
    }
    expect(await run()).toBe(1);
    const email = testApp.email.messages.at(-1);
    expect(email?.subject).toBe(notificationSettingsMessages.digestSubject(2));
    expect(email?.text).toContain(notificationSettingsMessages.digestKind.follow_request(2));

    await change(owner.cookie, { newFollowers: false });
    await testApp.db.execute(sql`
      update notification_settings set last_digest_at = now() - interval '7 days 1 minute'
       where user_id = ${owner.id}`);
    expect(await run()).toBe(0);
  });

  it("sends once when two runs go at the same time", async () => {
    await startApp();
    const readers = [];
    const actor = await person();
    for (let i = 0; i < 3; i++) {
      const reader = await person({ confirmedEmail: true });
      await change(reader.cookie, { emailDigest: "weekly" });
      await notify("new_follower", reader.id, actor.id);
      readers.push(reader);
    }
    const sent = await Promise.all([runElsewhere(), runElsewhere()]);
    expect(sent[0] + sent[1]).toBe(3);
    expect(testApp.email.messages.map((message) => message.to).sort()).toEqual(
      readers.map((reader) => reader.email).sort(),
    );
  });
});
