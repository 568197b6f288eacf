import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type AuthRateLimits, DEFAULT_AUTH_RATE_LIMITS } from "#server/config.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { account, session, user } from "#server/db/schema/auth.ts";
import { profiles, userRoles } from "#server/db/schema/profiles.ts";
import { TEST_AUTH_RATE_LIMITS, TEST_ORIGIN, useTestApp } from "#server/test/app.ts";
import {
  CookieJar,
  cookieFrom,
  SESSION_COOKIE,
  setCookies,
  signInByEmail,
  signUpByEmail,
  TEST_PASSWORD,
  uniqueEmail,
} from "#server/test/auth-helpers.ts";
import { request } from "#server/test/request.ts";
import { totp } from "#server/test/totp.ts";

const testApp = useTestApp();

const db = () => testApp.app.database.db;

async function sessionRows(userId: string) {
  return db().select().from(session).where(eq(session.userId, userId));
}

/** The SQL text of every statement `database` runs while `fn` does. */
async function countStatements(
  database: DatabaseHandle,
  fn: () => Promise<void>,
): Promise<string[]> {
  const client = database.client as unknown as { query: (...args: unknown[]) => unknown };
  const query = client.query;
  const statements: string[] = [];
  client.query = function (this: unknown, text: unknown, ...rest: unknown[]) {
    statements.push(typeof text === "string" ? text : String((text as { text: string }).text));
    return query.call(this, text, ...rest);
  };
  try {
    await fn();
  } finally {
    client.query = query;
  }
  return statements;
}

function sessionToken(cookie: string): string {
  const value = new CookieJar(cookie).get(SESSION_COOKIE) ?? "";
  return decodeURIComponent(value).split(".")[0] ?? "";
}

describe("email sign-up", () => {
  it("creates the user, a profile with a temporary username and the user role, and signs in", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app, { email: "Ann@Example.com" });

    const [row] = await db().select().from(user).where(eq(user.id, signedUp.userId));
    expect(row?.email).toBe("ann@example.com");
    expect(row?.emailVerified).toBe(false);
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, signedUp.userId));
    expect(profile?.username).toMatch(/^user_[a-z0-9]{10,25}$/);
    expect(profile?.slug).toBe(profile?.username);
    expect(profile?.fullName).toBeNull();
    const [role] = await db().select().from(userRoles).where(eq(userRoles.userId, signedUp.userId));
    expect(role?.role).toBe("user");

    const me = await request(app, "GET", "/api/me", { cookie: signedUp.cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual({
      id: signedUp.userId,
      email: "ann@example.com",
      emailVerified: false,
      phoneNumber: null,
      twoFactorEnabled: false,
    });
  });

  it("sends a verification email whose link verifies the address and lands on the site root", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const link = testApp.email.lastLinkTo(signedUp.email);
    expect(testApp.email.lastTo(signedUp.email)?.subject).toBe("Confirm your Tasted account");
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
    const url = new URL(link ?? "");
    expect(url.searchParams.get("callbackURL")).toBe("/");

    const verified = await request(app, "GET", `${url.pathname}${url.search}`);
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe("/");
    const me = await request(app, "GET", "/api/me", { cookie: signedUp.cookie });
    expect(me.json().user.emailVerified).toBe(true);
  });

  it("hashes passwords with argon2id (m=19456, t=2, p=1)", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const [credential] = await db()
      .select()
      .from(account)
      .where(eq(account.userId, signedUp.userId));
    expect(credential?.providerId).toBe("credential");
    expect(credential?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(credential?.password).not.toContain(TEST_PASSWORD);
  });

  it("does not need a display name (names are set at /setup)", async () => {
    const { app } = await testApp.start();
    const response = await request(app, "POST", "/api/auth/sign-up/email", {
      body: {
        email: uniqueEmail(),
        password: TEST_PASSWORD,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      (await request(app, "GET", "/api/me", { cookie: cookieFrom(response) })).statusCode,
    ).toBe(200);
  });

  it("refuses a taken email, a short password and an invalid email", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const again = await request(app, "POST", "/api/auth/sign-up/email", {
      body: {
        email: signedUp.email,
        password: TEST_PASSWORD,
        name: "",
      },
    });
    expect(again.statusCode).toBe(422);
    const short = await request(app, "POST", "/api/auth/sign-up/email", {
      body: {
        email: uniqueEmail(),
        password: "12345",
        name: "",
      },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe("PASSWORD_TOO_SHORT");
    const invalid = await request(app, "POST", "/api/auth/sign-up/email", {
      body: {
        email: "not-an-email",
        password: TEST_PASSWORD,
        name: "",
      },
    });
    expect(invalid.statusCode).toBe(400);
  });
});

describe("ADMIN_EMAILS", () => {
  it("makes the address admin once it is verified (case-insensitive)", async () => {
    const { app } = await testApp.start({ adminEmails: ["boss@example.com"] });
    const boss = await signUpByEmail(app, { email: "Boss@Example.com" });
    // Unproven until the link is followed: anyone could type the operator's address.
    expect((await request(app, "GET", "/api/me", { cookie: boss.cookie })).json().role).toBe(
      "user",
    );

    const url = new URL(testApp.email.lastLinkTo("boss@example.com") ?? "");
    await request(app, "GET", `${url.pathname}${url.search}`);
    const me = (await request(app, "GET", "/api/me", { cookie: boss.cookie })).json();
    expect(me.role).toBe("admin");
    expect(me.isAdmin).toBe(true);
    expect(me.isModerator).toBe(true);

    const other = await signUpByEmail(app);
    const url2 = new URL(testApp.email.lastLinkTo(other.email) ?? "");
    await request(app, "GET", `${url2.pathname}${url2.search}`);
    const plain = (await request(app, "GET", "/api/me", { cookie: other.cookie })).json();
    expect(plain.role).toBe("user");
    expect(plain.isAdmin).toBe(false);
    expect(plain.isModerator).toBe(false);
  });

  it("reports moderators as moderators but not admins", async () => {
    const { app } = await testApp.start();
    const moderator = await signUpByEmail(app);
    await db()
      .update(userRoles)
      .set({ role: "moderator" })
      .where(eq(userRoles.userId, moderator.userId));
    const me = (await request(app, "GET", "/api/me", { cookie: moderator.cookie })).json();
    expect(me).toMatchObject({ role: "moderator", isAdmin: false, isModerator: true });
  });
});

describe("email sign-in", () => {
  it("signs in with a new session token every time", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const first = await signInByEmail(app, signedUp.email, signedUp.password);
    const second = await signInByEmail(app, signedUp.email, signedUp.password);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const tokens = [signedUp.cookie, cookieFrom(first), cookieFrom(second)].map(sessionToken);
    expect(new Set(tokens).size).toBe(3);
    expect(tokens.every((token) => token.length >= 32)).toBe(true);
    for (const cookie of [cookieFrom(first), cookieFrom(second)]) {
      expect((await request(app, "GET", "/api/me", { cookie })).statusCode).toBe(200);
    }
    expect(await sessionRows(signedUp.userId)).toHaveLength(3);
  });

  it("answers a wrong password and an unknown email identically", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const wrong = await signInByEmail(app, signedUp.email, "wrong password");
    const unknown = await signInByEmail(app, uniqueEmail("nobody"), "wrong password");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe("Invalid email or password");
    expect(setCookies(wrong).some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  });

  it("sets the session cookie HttpOnly and SameSite=Lax, not Secure over http", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const response = await signInByEmail(app, signedUp.email, signedUp.password);
    const cookie = setCookies(response).find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it("marks cookies Secure (with the __Secure- prefix) when PUBLIC_URL is https", async () => {
    const origin = "https://tasted.example";
    const { app } = await testApp.start({ publicUrl: origin, trustedOrigins: [] });
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin },
      payload: { email: uniqueEmail(), password: TEST_PASSWORD, name: "" },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = setCookies(response).find((line) =>
      line.startsWith(`__Secure-${SESSION_COOKIE}=`),
    );
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(response.headers["strict-transport-security"]).toBeDefined();
  });

  it("throttles sign-in attempts per client in the database (429)", async () => {
    const limits: AuthRateLimits = { ...TEST_AUTH_RATE_LIMITS, signIn: { window: 60, max: 3 } };
    const { app } = await testApp.start({ authRateLimits: limits });
    const signedUp = await signUpByEmail(app);
    const attempt = (remoteAddress: string, password = "wrong password") =>
      request(app, "POST", "/api/auth/sign-in/email", {
        remoteAddress,
        body: { email: signedUp.email, password },
      });
    for (let index = 0; index < 3; index++) {
      expect((await attempt("203.0.113.7")).statusCode).toBe(401);
    }
    const blocked = await attempt("203.0.113.7", signedUp.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["x-retry-after"])).toBeGreaterThan(0);
    expect(blocked.headers["retry-after"]).toBe(
      String(Math.ceil(Number(blocked.headers["x-retry-after"]))),
    );
    // Another client is not affected, and the counter lives in the database.
    expect((await attempt("203.0.113.8", signedUp.password)).statusCode).toBe(200);
    const rows = await app.database.db.execute<{ key: string; count: number }>(
      sql`select key, count from rate_limit where key like '%sign-in/email%'`,
    );
    expect(rows.rows.some((row) => row.key.includes("203.0.113.7") && row.count >= 3)).toBe(true);
  });

  it("never throttles session reads, while credential paths stay strict", async () => {
    // The real limits: an office behind one address loads many pages a minute, and every page
    // load reads the session.
    const { app } = await testApp.start({ authRateLimits: DEFAULT_AUTH_RATE_LIMITS });
    const signedUp = await signUpByEmail(app);
    const office = "203.0.113.20";
    for (let index = 0; index < 300; index++) {
      const response = await request(app, "GET", "/api/auth/get-session", {
        remoteAddress: office,
        cookie: signedUp.cookie,
      });
      expect(response.statusCode, `session read ${index + 1}`).toBe(200);
      expect(response.json()?.user?.id).toBe(signedUp.userId);
    }
    const signIns: number[] = [];
    for (let index = 0; index <= DEFAULT_AUTH_RATE_LIMITS.signIn.max; index++) {
      const response = await request(app, "POST", "/api/auth/sign-in/email", {
        remoteAddress: office,
        body: { email: signedUp.email, password: "wrong password" },
      });
      signIns.push(response.statusCode);
    }
    expect(signIns.at(-1)).toBe(429);
  });

  it("ignores a client-sent IP header when counting", async () => {
    const limits: AuthRateLimits = { ...TEST_AUTH_RATE_LIMITS, signIn: { window: 60, max: 2 } };
    const { app } = await testApp.start({ authRateLimits: limits });
    const statuses: number[] = [];
    for (let index = 0; index < 3; index++) {
      const response = await request(app, "POST", "/api/auth/sign-in/email", {
        remoteAddress: "203.0.113.9",
        headers: { "x-tasted-client-ip": `198.51.100.${index}` },
        body: { email: uniqueEmail(), password: "wrong password" },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});

describe("sessions", () => {
  it("answers /api/me without a session with 401 in the API error shape", async () => {
    const { app } = await testApp.start();
    const response = await request(app, "GET", "/api/me");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: "UNAUTHORIZED", message: "Authentication required" },
    });
    const forged = await request(app, "GET", "/api/me", {
      cookie: `${SESSION_COOKIE}=forged.signature`,
    });
    expect(forged.statusCode).toBe(401);
  });

  it("sign-out ends the session on the server: the old cookie gets 401", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const out = await request(app, "POST", "/api/auth/sign-out", {
      cookie: signedUp.cookie,
      body: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await sessionRows(signedUp.userId)).toHaveLength(0);
    expect((await request(app, "GET", "/api/me", { cookie: signedUp.cookie })).statusCode).toBe(
      401,
    );
    const session = await request(app, "GET", "/api/auth/get-session", { cookie: signedUp.cookie });
    expect(session.json()).toBeNull();
  });

  it("slides an active session and expires one left idle", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    // Used two days ago: better-auth slides expiresAt to a fresh 7 days on this request.
    await db()
      .update(session)
      .set({ createdAt: new Date(now - 2 * day), expiresAt: new Date(now + 5 * day) })
      .where(eq(session.userId, signedUp.userId));
    expect((await request(app, "GET", "/api/me", { cookie: signedUp.cookie })).statusCode).toBe(
      200,
    );
    const [slid] = await sessionRows(signedUp.userId);
    expect(slid?.expiresAt.getTime()).toBeGreaterThan(now + 7 * day - 60_000);

    // Not used for 7 days: expired, refused and removed.
    await db()
      .update(session)
      .set({ updatedAt: new Date(now - 7 * day - 60_000), expiresAt: new Date(now - 60_000) })
      .where(eq(session.userId, signedUp.userId));
    // Seven days pass here in a statement: the process's few seconds of memory would not last.
    app.sessionCache.forgetUser(signedUp.userId);
    expect((await request(app, "GET", "/api/me", { cookie: signedUp.cookie })).statusCode).toBe(
      401,
    );
    expect(
      (await request(app, "GET", "/api/auth/get-session", { cookie: signedUp.cookie })).json(),
    ).toBeNull();
    expect(await sessionRows(signedUp.userId)).toHaveLength(0);
  });

  it("never slides a session past its absolute lifetime of 30 days", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const hour = 60 * 60 * 1000;
    const day = 24 * hour;
    const now = Date.now();
    const createdAt = new Date(now - 30 * day + hour);
    // Used every day for almost 30 days; its last slide was capped at createdAt + 30 days.
    await db()
      .update(session)
      .set({ createdAt, expiresAt: new Date(createdAt.getTime() + 30 * day) })
      .where(eq(session.userId, signedUp.userId));
    expect((await request(app, "GET", "/api/me", { cookie: signedUp.cookie })).statusCode).toBe(
      200,
    );
    const [row] = await sessionRows(signedUp.userId);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(createdAt.getTime() + 30 * day);
    expect(row?.expiresAt.getTime()).toBeLessThan(now + 2 * hour);

    // Two hours later it is over, however active the user was.
    await db()
      .update(session)
      .set({
        createdAt: new Date(createdAt.getTime() - 2 * hour),
        expiresAt: new Date((row?.expiresAt.getTime() ?? 0) - 2 * hour),
      })
      .where(eq(session.userId, signedUp.userId));
    expect((await request(app, "GET", "/api/me", { cookie: signedUp.cookie })).statusCode).toBe(
      401,
    );
    expect(
      (await request(app, "GET", "/api/auth/get-session", { cookie: signedUp.cookie })).json(),
    ).toBeNull();
  });

  it("refuses a session older than the absolute lifetime on our routes whatever its row says", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const day = 24 * 60 * 60 * 1000;
    await db()
      .update(session)
      .set({ createdAt: new Date(Date.now() - 31 * day) })
      .where(eq(session.userId, signedUp.userId));
    expect((await request(app, "GET", "/api/me", { cookie: signedUp.cookie })).statusCode).toBe(
      401,
    );
    expect(await sessionRows(signedUp.userId)).toHaveLength(0);
  });

  it("reads the session and its user in one statement per request", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const statements = await countStatements(app.database, async () => {
      const read = await request(app, "GET", "/api/auth/get-session", { cookie: signedUp.cookie });
      expect(read.json()?.user.id).toBe(signedUp.userId);
    });
    const sessionRead = expect.stringMatching(
      /from "session".*"user".*where "session"."token" = \$\d+ limit/s,
    );
    expect(statements).toEqual([sessionRead]);
    // Our own routes read it the same way, then do their work.
    const routeStatements = await countStatements(app.database, async () => {
      const count = await request(app, "GET", "/api/notifications/unread-count", {
        cookie: signedUp.cookie,
      });
      expect(count.statusCode, count.body).toBe(200);
    });
    expect(routeStatements).toEqual([sessionRead, expect.stringMatching(/from notifications/)]);
  });

  it("lists sessions and ends the others", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const laptop = cookieFrom(await signInByEmail(app, signedUp.email, signedUp.password));
    const phone = cookieFrom(await signInByEmail(app, signedUp.email, signedUp.password));

    const listed = await request(app, "GET", "/api/auth/list-sessions", { cookie: laptop });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toHaveLength(3);

    const revoked = await request(app, "POST", "/api/auth/revoke-other-sessions", {
      cookie: laptop,
      body: {},
    });
    expect(revoked.statusCode).toBe(200);
    expect((await request(app, "GET", "/api/me", { cookie: laptop })).statusCode).toBe(200);
    expect((await request(app, "GET", "/api/me", { cookie: phone })).statusCode).toBe(401);
    expect((await request(app, "GET", "/api/me", { cookie: signedUp.cookie })).statusCode).toBe(
      401,
    );
    expect(
      (await request(app, "GET", "/api/auth/list-sessions", { cookie: laptop })).json(),
    ).toHaveLength(1);
  });

  it("revokes one chosen session", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const other = cookieFrom(await signInByEmail(app, signedUp.email, signedUp.password));
    const response = await request(app, "POST", "/api/auth/revoke-session", {
      cookie: signedUp.cookie,
      body: { token: sessionToken(other) },
    });
    expect(response.statusCode).toBe(200);
    expect((await request(app, "GET", "/api/me", { cookie: other })).statusCode).toBe(401);
    expect((await request(app, "GET", "/api/me", { cookie: signedUp.cookie })).statusCode).toBe(
      200,
    );
  });
});

describe("origin check", () => {
  it("refuses a state-changing cookie request from a foreign origin on every /api route", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const foreign = { origin: "https://evil.example", cookie: signedUp.cookie };
    const profile = await app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: foreign,
      payload: { firstName: "A", lastName: "B", username: "hacked" },
    });
    expect(profile.statusCode).toBe(403);
    expect(profile.json()).toEqual({
      error: { code: "FORBIDDEN_ORIGIN", message: "Request origin is not allowed" },
    });
    const signOut = await app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: foreign,
      payload: {},
    });
    expect(signOut.statusCode).toBe(403);
    expect((await request(app, "GET", "/api/me", { cookie: signedUp.cookie })).statusCode).toBe(
      200,
    );
  });

  it("refuses a cookie request with no Origin or Referer, accepts our Referer", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const bare = await app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: signedUp.cookie },
      payload: {},
    });
    expect(bare.statusCode).toBe(403);
    const referred = await app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: signedUp.cookie, referer: `${TEST_ORIGIN}/settings` },
      payload: {},
    });
    expect(referred.statusCode).toBe(200);
  });

  it("lets GET requests and cookie-less requests through", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const read = await app.inject({
      method: "GET",
      url: "/api/me",
      headers: { origin: "https://evil.example", cookie: signedUp.cookie },
    });
    expect(read.statusCode).toBe(200);
    const anonymous = await app.inject({
      method: "GET",
      url: "/api/profiles/username-availability?username=someone",
      headers: { origin: "https://evil.example" },
    });
    expect(anonymous.statusCode).toBe(200);
  });
});

describe("password reset", () => {
  it("emails a link, sets the new password and ends every session", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const otherDevice = cookieFrom(await signInByEmail(app, signedUp.email, signedUp.password));

    const requested = await request(app, "POST", "/api/auth/request-password-reset", {
      body: {
        email: signedUp.email,
        redirectTo: "/auth/reset-password",
      },
    });
    expect(requested.statusCode).toBe(200);
    const message = testApp.email.lastTo(signedUp.email);
    expect(message?.subject).toBe("Reset your Tasted password");
    const link = new URL(testApp.email.lastLinkTo(signedUp.email) ?? "");
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\/[\w-]+$/);

    // The link checks the token and hands it to the web page.
    const opened = await request(app, "GET", `${link.pathname}${link.search}`);
    expect(opened.statusCode).toBe(302);
    const landing = new URL(String(opened.headers.location), TEST_ORIGIN);
    expect(landing.pathname).toBe("/auth/reset-password");
    const token = landing.searchParams.get("token");
    expect(token).toBeTruthy();

    const reset = await request(app, "POST", "/api/auth/reset-password", {
      body: {
        token,
        newPassword: "a brand new password",
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await request(app, "GET", "/api/me", { cookie: signedUp.cookie })).statusCode).toBe(
      401,
    );
    expect((await request(app, "GET", "/api/me", { cookie: otherDevice })).statusCode).toBe(401);
    expect((await signInByEmail(app, signedUp.email, signedUp.password)).statusCode).toBe(401);
    expect((await signInByEmail(app, signedUp.email, "a brand new password")).statusCode).toBe(200);
    // The token works once.
    const replay = await request(app, "POST", "/api/auth/reset-password", {
      body: {
        token,
        newPassword: "yet another password",
      },
    });
    expect(replay.statusCode).toBe(400);
  });

  it("answers an unknown address like a known one and sends nothing", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const known = await request(app, "POST", "/api/auth/request-password-reset", {
      body: {
        email: signedUp.email,
        redirectTo: "/auth/reset-password",
      },
    });
    const unknownAddress = uniqueEmail("nobody");
    const unknown = await request(app, "POST", "/api/auth/request-password-reset", {
      body: {
        email: unknownAddress,
        redirectTo: "/auth/reset-password",
      },
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(testApp.email.lastTo(unknownAddress)).toBeUndefined();
  });
});

describe("two-factor authentication (TOTP)", () => {
  async function enableTotp(signedUp: { cookie: string; password: string }) {
    const enabled = await request(testApp.app, "POST", "/api/auth/two-factor/enable", {
      cookie: signedUp.cookie,
      body: { password: signedUp.password },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe("otpauth:");
    expect(decodeURIComponent(uri.pathname)).toContain("Tasted");
    expect(uri.searchParams.get("issuer")).toBe("Tasted");
    const secret = uri.searchParams.get("secret") ?? "";
    expect(backupCodes.length).toBeGreaterThanOrEqual(5);
    const verified = await request(testApp.app, "POST", "/api/auth/two-factor/verify-totp", {
      cookie: signedUp.cookie,
      body: { code: totp(secret) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    // Turning 2FA on replaces the session (the old token is revoked).
    const cookie = new CookieJar(signedUp.cookie).update(verified).header();
    expect(
      (await request(testApp.app, "GET", "/api/me", { cookie: signedUp.cookie })).statusCode,
    ).toBe(401);
    return { secret, backupCodes, cookie };
  }

  async function passwordStep(signedUp: { email: string; password: string }) {
    const response = await signInByEmail(testApp.app, signedUp.email, signedUp.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ twoFactorRedirect: true });
    const jar = new CookieJar().update(response);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(
      (await request(testApp.app, "GET", "/api/me", { cookie: jar.header() })).statusCode,
    ).toBe(401);
    return jar;
  }

  it("requires the TOTP code at sign-in once enabled", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const { secret, cookie } = await enableTotp(signedUp);
    expect((await request(app, "GET", "/api/me", { cookie })).json().user.twoFactorEnabled).toBe(
      true,
    );

    const jar = await passwordStep(signedUp);
    const wrong = await request(app, "POST", "/api/auth/two-factor/verify-totp", {
      cookie: jar.header(),
      body: { code: "000000" },
    });
    expect(wrong.statusCode).toBe(401);
    const second = await request(app, "POST", "/api/auth/two-factor/verify-totp", {
      cookie: jar.header(),
      body: { code: totp(secret) },
    });
    expect(second.statusCode, second.body).toBe(200);
    jar.update(second);
    const me = await request(app, "GET", "/api/me", { cookie: jar.header() });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(signedUp.userId);
  });

  it("keeps two-factor sign-in and token signing working after AUTH_SECRET is rotated", async () => {
    const oldSecret = "the-secret-before-the-rotation-0000000000";
    const newSecret = "the-secret-after-the-rotation-11111111111";
    const { app } = await testApp.start({ authSecret: oldSecret });
    const signedUp = await signUpByEmail(app);
    const { secret } = await enableTotp(signedUp);
    // The token signing key is made, and encrypted with the secret of the day, on first use.
    expect(
      (await request(app, "GET", "/api/auth/token", { cookie: signedUp.cookie })).statusCode,
    ).not.toBe(500);

    // With the old secret listed as previous, what it encrypted is still read.
    const restarted = await testApp.restart({
      authSecret: newSecret,
      authPreviousSecrets: [oldSecret],
    });
    const jar = await passwordStep(signedUp);
    const verified = await request(restarted.app, "POST", "/api/auth/two-factor/verify-totp", {
      cookie: jar.header(),
      body: { code: totp(secret) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    jar.update(verified);
    const token = await request(restarted.app, "GET", "/api/auth/token", { cookie: jar.header() });
    expect(token.statusCode, token.body).toBe(200);
    const keys = await request(restarted.app, "GET", "/api/auth/.well-known/jwks.json");
    expect(keys.statusCode).toBe(200);

    // A second rotation: data of both earlier secrets is still read.
    const again = await testApp.restart({
      authSecret: "the-secret-after-the-second-rotation-222",
      authPreviousSecrets: [newSecret, oldSecret],
    });
    const second = await passwordStep(signedUp);
    const verifiedAgain = await request(again.app, "POST", "/api/auth/two-factor/verify-totp", {
      cookie: second.header(),
      body: { code: totp(secret) },
    });
    expect(verifiedAgain.statusCode, verifiedAgain.body).toBe(200);
    second.update(verifiedAgain);
    const tokenAgain = await request(again.app, "GET", "/api/auth/token", {
      cookie: second.header(),
    });
    expect(tokenAgain.statusCode, tokenAgain.body).toBe(200);
  });

  it("accepts a backup code once instead of the TOTP code", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const { backupCodes } = await enableTotp(signedUp);
    const code = backupCodes[0] ?? "";

    const jar = await passwordStep(signedUp);
    const used = await request(app, "POST", "/api/auth/two-factor/verify-backup-code", {
      cookie: jar.header(),
      body: { code },
    });
    expect(used.statusCode, used.body).toBe(200);
    jar.update(used);
    expect((await request(app, "GET", "/api/me", { cookie: jar.header() })).statusCode).toBe(200);

    const again = await passwordStep(signedUp);
    const reused = await request(app, "POST", "/api/auth/two-factor/verify-backup-code", {
      cookie: again.header(),
      body: { code },
    });
    expect(reused.statusCode).toBe(401);
  });
});

describe("JWKS", () => {
  it("serves the public signing keys for API clients", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const token = await request(app, "GET", "/api/auth/token", { cookie: signedUp.cookie });
    expect(token.statusCode).toBe(200);
    expect(token.json().token.split(".")).toHaveLength(3);
    const response = await request(app, "GET", "/api/auth/.well-known/jwks.json");
    expect(response.statusCode).toBe(200);
    const { keys } = response.json() as { keys: Array<Record<string, unknown>> };
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toHaveProperty("kid");
    expect(keys[0]).not.toHaveProperty("d");
  });
});
