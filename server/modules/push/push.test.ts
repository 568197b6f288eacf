import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushMessages } from "#domain/notification-settings.ts";
import { notificationSettingsMessages } from "#domain/notification-settings-rules.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor } from "#server/test/auth-helpers.ts";
import { createReview, createUser } from "#server/test/factories.ts";
import { TestPushService } from "#server/test/push-service.ts";
import { request } from "#server/test/request.ts";
import { subscribe as subscribeInService } from "./push.service.ts";

const testApp = useTestApp();
let pushService: TestPushService;

beforeAll(async () => {
  pushService = await TestPushService.start();
});
afterAll(() => pushService.close());

async function person(fullName: string | null = null) {
  const profile = await createUser(testApp.db, { fullName });
  return { ...profile, cookie: await sessionCookieFor(testApp.app, profile.id) };
}

function subscribe(cookie: string, body: unknown) {
  return request(testApp.app, "POST", "/api/push/subscriptions", { cookie, body });
}

async function subscriptionRows() {
  const result = await testApp.db.execute<{ user_id: string; endpoint: string }>(
    sql`select user_id, endpoint from push_subscriptions order by endpoint`,
  );
  return result.rows;
}

describe("web push", () => {
  it("delivers an encrypted push a browser's keys decrypt, and none when comments & likes are off", async () => {
    const { app } = await testApp.start();
    const keyAnswer = await request(app, "GET", "/api/push/public-key");
    expect(keyAnswer.json().publicKey).toBe(app.config.vapid?.publicKey);
    expect(Buffer.from(keyAnswer.json().publicKey, "base64url")).toHaveLength(65);

    const author = await person();
    const ana = await person("Ana");
    const review = await createReview(testApp.db, { userId: author.id, title: "Khao Soi" });
    const browser = pushService.subscribe(`author-${author.id}`);
    const stored = await subscribe(author.cookie, browser.toJSON());
    expect(stored.statusCode, stored.body).toBe(204);

    const before = pushService.received.length;
    const like = await request(app, "PUT", `/api/reviews/${review.id}/like`, {
      cookie: ana.cookie,
    });
    expect(like.statusCode).toBe(200);
    await pushService.waitFor(before + 1);
    const push = pushService.received.at(-1);
    expect(push?.path).toBe(browser.path);
    expect(push?.headers["content-encoding"]).toBe("aes128gcm");
    expect(push?.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(browser.decrypt(push?.body ?? Buffer.alloc(0))).toEqual({
      title: "Tasted",
      body: notificationSettingsMessages.pushText.new_like("Ana", "Khao Soi"),
      tag: `new_like:${review.id}`,
      url: "/notifications",
    });

    await request(app, "PUT", "/api/notification-settings", {
      cookie: author.cookie,
      body: { commentsAndLikes: false },
    });
    await request(app, "POST", `/api/reviews/${review.id}/comments`, {
      cookie: ana.cookie,
      body: { content: "So good" },
    });
    await app.push.settled();
    expect(pushService.received).toHaveLength(before + 1);
  });

  it("pushes a request to follow a private account as a follow is, and not with new followers off", async () => {
    const { app } = await testApp.start();
    const owner = await person();
    const privacy = await request(app, "PUT", "/api/profile/privacy", {
      cookie: owner.cookie,
      body: { private: true },
    });
    expect(privacy.statusCode, privacy.body).toBe(200);
    const browser = pushService.subscribe(`private-${owner.id}`);
    await subscribe(owner.cookie, browser.toJSON());

    const before = pushService.received.length;
    const fan = await person("Cy");
    const asked = await request(app, "PUT", `/api/profiles/${owner.id}/follow`, {
      cookie: fan.cookie,
    });
    expect(asked.json()).toMatchObject({ requested: true });
    await pushService.waitFor(before + 1);
    expect(browser.decrypt(pushService.received.at(-1)?.body ?? Buffer.alloc(0))).toEqual({
      title: "Tasted",
      body: notificationSettingsMessages.pushText.follow_request("Cy"),
      tag: "follow_request",
      url: "/notifications",
    });

    // The switch that silences new followers silences requests; the request still waits.
    await request(app, "PUT", "/api/notification-settings", {
      cookie: owner.cookie,
      body: { newFollowers: false },
    });
    const other = await person("Di");
    await request(app, "PUT", `/api/profiles/${owner.id}/follow`, { cookie: other.cookie });
    await app.push.settled();
    expect(pushService.received).toHaveLength(before + 1);
    const notices = await testApp.db.execute(sql`
      select 1 from notifications where user_id = ${owner.id} and type = 'follow_request'`);
    expect(notices.rows).toHaveLength(2);
  });

  it("never posts to a stored endpoint the rule does not admit, and deletes it", async () => {
    // Without the test-only setting the push service on 127.0.0.1 is such an endpoint, as any
    // subscription stored before the rule was as strict may be.
    const { app } = await testApp.start({ localPushService: false });
    const followed = await person();
    const fan = await person("Bo");
    const browser = pushService.subscribe(`stale-${followed.id}`);
    const keys = browser.toJSON().keys;
    await testApp.db.execute(sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth)
      values (${followed.id}, ${browser.endpoint}, ${keys.p256dh}, ${keys.auth})`);
    const before = pushService.received.length;
    const follow = await request(app, "PUT", `/api/profiles/${followed.id}/follow`, {
      cookie: fan.cookie,
    });
    expect(follow.statusCode).toBe(200);
    await app.push.settled();
    expect(pushService.received).toHaveLength(before);
    expect(await subscriptionRows()).toEqual([]);
  });

  it("deletes a subscription the push service says is gone (410)", async () => {
    const { app } = await testApp.start();
    const followed = await person();
    const fan = await person("Bo");
    const browser = pushService.subscribe(`gone-${followed.id}`);
    pushService.answer(browser.path, 410);
    await subscribe(followed.cookie, browser.toJSON());
    expect(await subscriptionRows()).toHaveLength(1);
    const before = pushService.received.length;
    await request(app, "PUT", `/api/profiles/${followed.id}/follow`, { cookie: fan.cookie });
    await pushService.waitFor(before + 1);
    await app.push.settled();
    const push = pushService.received.at(-1);
    expect(browser.decrypt(push?.body ?? Buffer.alloc(0))).toMatchObject({
      body: notificationSettingsMessages.pushText.new_follower("Bo"),
      tag: "new_follower",
    });
    expect(await subscriptionRows()).toEqual([]);
  });

  it("deletes only the caller's own subscription, and takes a browser over on a new sign-in", async () => {
    await testApp.start();
    const [owner, other] = [await person(), await person()];
    const browser = pushService.subscribe("shared");
    await subscribe(owner.cookie, browser.toJSON());
    const refused = await request(testApp.app, "DELETE", "/api/push/subscriptions", {
      cookie: other.cookie,
      body: { endpoint: browser.endpoint },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(pushMessages.notFound);
    expect(await subscriptionRows()).toEqual([{ user_id: owner.id, endpoint: browser.endpoint }]);

    await subscribe(other.cookie, browser.toJSON());
    expect(await subscriptionRows()).toEqual([{ user_id: other.id, endpoint: browser.endpoint }]);
    const deleted = await request(testApp.app, "DELETE", "/api/push/subscriptions", {
      cookie: other.cookie,
      body: { endpoint: browser.endpoint },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await subscriptionRows()).toEqual([]);
  });

  it("refuses endpoints that are not https or local, bad keys and oversized or hostile bodies", async () => {
    const { app } = await testApp.start();
    const me = await person();
    const good = pushService.subscribe("good").toJSON();
    const bodies: unknown[] = [
      { ...good, endpoint: "http://push.example.com/x" },
      { ...good, endpoint: "file:///etc/passwd" },
      { ...good, endpoint: "https://user:secret@push.example.com/x" },
      { ...good, endpoint: "not a url" },
      { ...good, endpoint: `https://push.example.com/${"a".repeat(1000)}` },
      { ...good, endpoint: "https://push.example.com/\0" },
      { ...good, keys: { ...good.keys, p256dh: "short" } },
      { ...good, keys: { ...good.keys, auth: `${"A".repeat(21)}=` } },
      { ...good, keys: undefined },
      { endpoint: good.endpoint },
    ];
    for (const body of bodies) {
      const refused = await subscribe(me.cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.code).toBe("VALIDATION_ERROR");
    }
    expect(await subscriptionRows()).toEqual([]);

    // Without the test-only setting (whatever NODE_ENV says) only the browsers' push services
    // over https on 443 are taken: no other host, port, scheme or spelling of this machine.
    const user = {
      id: me.id,
      email: null,
      emailVerified: false,
      phoneNumber: null,
      twoFactorEnabled: false,
    };
    for (const endpoint of [
      good.endpoint,
      "https://127.0.0.1/push",
      "https://10.0.0.7/push",
      "https://[::1]/push",
      "https://localhost/push",
      "https://intranet/push",
      "https://push.example.com/x",
      "https://fcm.googleapis.com.evil.example/x",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://updates.push.services.mozilla.com:5432/wpush/v2/x",
      "http://localhost:5432/",
      "http://127.0.0.1:5432/",
      "gopher://127.0.0.1:70/x",
      "http://2130706433:5432/",
      "http://127.1:5432/",
      "http://[::1]:5432/",
    ]) {
      await expect(
        subscribeInService(
          { db: app.database.db, user, localPushService: false },
          { ...good, endpoint },
        ),
        endpoint,
      ).rejects.toThrow(pushMessages.invalidEndpoint);
    }
    expect(await subscriptionRows()).toEqual([]);

    // A real browser's endpoint, as Chrome hands it out, is taken.
    await subscribeInService(
      { db: app.database.db, user, localPushService: false },
      { ...good, endpoint: "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b" },
    );
    expect(await subscriptionRows()).toHaveLength(1);
  });

  it("answers a null key and sends nothing when the server has no VAPID keys", async () => {
    const { app } = await testApp.start({ vapid: undefined });
    expect((await request(app, "GET", "/api/push/public-key")).json()).toEqual({ publicKey: null });
  });
});
