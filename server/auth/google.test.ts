import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN, useTestApp } from "#server/test/app.ts";
import { CookieJar, signUpByEmail } from "#server/test/auth-helpers.ts";
import { startTestIdp, type TestIdp } from "#server/test/oidc-idp.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

let idp: TestIdp;

beforeAll(async () => {
  idp = await startTestIdp(TEST_ORIGIN);
});

afterAll(async () => {
  await idp.close();
});

async function buildWithIdp(adminEmails: string[] = []) {
  const { app } = await testApp.start(
    { google: { clientId: idp.clientId, clientSecret: idp.clientSecret }, adminEmails },
    { googleDiscoveryUrl: idp.discoveryUrl },
  );
  return app;
}

/**
 * What the browser does after signIn.social(): follow redirects through the IdP (its own
 * cookies) until one points back at the app, then hand that one to the app (its cookies).
 */
async function googleRoundTrip(target: FastifyInstance, appJar: CookieJar) {
  const start = await request(target, "POST", "/api/auth/sign-in/social", {
    body: {
      provider: "google",
      callbackURL: "/auth/callback",
      errorCallbackURL: "/auth/callback",
    },
  });
  expect(start.statusCode, start.body).toBe(200);
  appJar.update(start);
  const idpJar = new CookieJar();
  let location: string = start.json().url;
  expect(location.startsWith(idp.issuer)).toBe(true);
  for (let hop = 0; hop < 10 && location.startsWith(idp.issuer); hop++) {
    const response = await fetch(location, {
      redirect: "manual",
      headers: { cookie: idpJar.header() },
    });
    idpJar.update(response);
    const next = response.headers.get("location");
    expect(next, `IdP answered ${response.status}: ${await response.text()}`).toBeTruthy();
    location = new URL(next ?? "", location).toString();
  }
  expect(location.startsWith(`${TEST_ORIGIN}/api/auth/callback/google`)).toBe(true);
  const url = new URL(location);
  const callback = await target.inject({
    method: "GET",
    url: `${url.pathname}${url.search}`,
    headers: { cookie: appJar.header() },
  });
  appJar.update(callback);
  return callback;
}

describe("Google sign-in through a real OpenID Connect provider", () => {
  it("creates the account with a profile and returns to /auth/callback", async () => {
    await buildWithIdp();
    const jar = new CookieJar();
    const callback = await googleRoundTrip(testApp.app, jar);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/auth/callback");

    const me = await request(testApp.app, "GET", "/api/me", { cookie: jar.header() });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body.user.email).toBe(idp.account.email);
    expect(body.user.emailVerified).toBe(true);
    expect(body.profile.username).toMatch(/^user_[a-z0-9]{10,25}$/);
    expect(body.profile.fullName).toBeNull();
    expect(body.role).toBe("user");
  });

  it("signs the same Google account into the same user next time", async () => {
    await buildWithIdp();
    const first = new CookieJar();
    await googleRoundTrip(testApp.app, first);
    const firstId = (
      await request(testApp.app, "GET", "/api/me", { cookie: first.header() })
    ).json().user.id;
    const second = new CookieJar();
    const callback = await googleRoundTrip(testApp.app, second);
    expect(callback.statusCode).toBe(302);
    const me = await request(testApp.app, "GET", "/api/me", { cookie: second.header() });
    expect(me.json().user.id).toBe(firstId);
    expect(second.header()).not.toBe(first.header());
  });

  it("restores an account whose deletion is pending, and the app is told once", async () => {
    await buildWithIdp();
    const first = new CookieJar();
    await googleRoundTrip(testApp.app, first);
    // No password: the sign-in a moment ago is re-authentication enough.
    const deletion = await request(testApp.app, "POST", "/api/account/deletion", {
      cookie: first.header(),
      body: {},
    });
    expect(deletion.statusCode, deletion.body).toBe(202);
    expect(
      (await request(testApp.app, "GET", "/api/me", { cookie: first.header() })).statusCode,
    ).toBe(401);

    const again = new CookieJar();
    const callback = await googleRoundTrip(testApp.app, again);
    expect(callback.headers.location).toBe("/auth/callback");
    const me = await request(testApp.app, "GET", "/api/me", { cookie: again.header() });
    expect(me.json()).toMatchObject({ user: { email: idp.account.email }, accountRestored: true });
    again.update(me);
    const next = await request(testApp.app, "GET", "/api/me", { cookie: again.header() });
    expect(next.json()).toMatchObject({ accountRestored: false });
    const pending = await testApp.db.execute(sql`select count(*)::int as n from account_deletions`);
    expect(pending.rows[0]).toEqual({ n: 0 });
  });

  it("makes a verified ADMIN_EMAILS address admin at sign-up", async () => {
    await buildWithIdp([idp.account.email.toUpperCase().toLowerCase()]);
    const jar = new CookieJar();
    await googleRoundTrip(testApp.app, jar);
    const me = (await request(testApp.app, "GET", "/api/me", { cookie: jar.header() })).json();
    expect(me.role).toBe("admin");
    expect(me.isAdmin).toBe(true);
    expect(me.isModerator).toBe(true);
  });

  it("sends a provider error back to /auth/callback with its description", async () => {
    await buildWithIdp();
    const jar = new CookieJar();
    // Exactly the web client's call: no errorCallbackURL, the server's errorURL applies.
    const start = await request(testApp.app, "POST", "/api/auth/sign-in/social", {
      body: {
        provider: "google",
        callbackURL: "/auth/callback",
      },
    });
    jar.update(start);
    const state = new URL(start.json().url).searchParams.get("state");
    const callback = await testApp.app.inject({
      method: "GET",
      url: `/api/auth/callback/google?error=access_denied&error_description=${encodeURIComponent("The user said no")}&state=${state}`,
      headers: { cookie: jar.header() },
    });
    expect(callback.statusCode).toBe(302);
    const location = new URL(String(callback.headers.location), TEST_ORIGIN);
    expect(location.pathname).toBe("/auth/callback");
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("error_description")).toBe("The user said no");
  });

  it("never joins an unverified password account that claims the same email", async () => {
    await buildWithIdp();
    const squatter = await signUpByEmail(testApp.app, { email: idp.account.email });
    const jar = new CookieJar();
    const callback = await googleRoundTrip(testApp.app, jar);
    expect(callback.statusCode).toBe(302);
    const location = new URL(String(callback.headers.location), TEST_ORIGIN);
    expect(location.pathname).toBe("/auth/callback");
    expect(location.searchParams.get("error")).toBeTruthy();
    const me = await request(testApp.app, "GET", "/api/me", { cookie: jar.header() });
    expect(me.statusCode).toBe(401);
    // The squatter's session gained nothing either.
    expect(
      (await request(testApp.app, "GET", "/api/me", { cookie: squatter.cookie })).json().user
        .emailVerified,
    ).toBe(false);
  });
});

describe("which sign-in methods the web app offers", () => {
  it("offers Google only when a Google client is configured", async () => {
    const { app } = await testApp.start();
    const bare = await request(app, "GET", "/api/config");
    expect(bare.statusCode).toBe(200);
    expect(bare.json().signInMethods).toEqual({ email: true, phone: true, google: false });
    const withGoogle = await buildWithIdp();
    expect((await request(withGoogle, "GET", "/api/config")).json().signInMethods.google).toBe(
      true,
    );
  });
});
