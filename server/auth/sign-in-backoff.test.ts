import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SignInBackoffPolicy } from "#server/config.ts";
import { TEST_ORIGIN, useTestApp } from "#server/test/app.ts";
import { setCookies, signUpByEmail, uniqueEmail } from "#server/test/auth-helpers.ts";
import { request } from "#server/test/request.ts";
import { backoffDelaySeconds, KNOWN_DEVICE_COOKIE } from "./sign-in-backoff.ts";

const testApp = useTestApp();

/** Three free guesses, then a 2 s wait that doubles, so a test can outwait it. */
const POLICY: SignInBackoffPolicy = {
  freeAttempts: 3,
  firstDelaySeconds: 2,
  maxDelaySeconds: 8,
  forgetAfterSeconds: 3600,
};

/** Each attempt from its own address: the per-address limiter must not be what stops them. */
let address = 0;
function signIn(email: string, password: string, cookie?: string) {
  address += 1;
  return request(testApp.app, "POST", "/api/auth/sign-in/email", {
    remoteAddress: `198.51.100.${address % 250}`,
    body: { email, password },
    ...(cookie ? { cookie } : {}),
  });
}

async function failuresOf(email: string): Promise<number | undefined> {
  const result = await testApp.db.execute<{ failures: number }>(
    sql`select failures from sign_in_failures where email = ${email.toLowerCase()}`,
  );
  return result.rows[0] ? Number(result.rows[0].failures) : undefined;
}

/** The known-device cookie a response set, as a request cookie header. */
function knownDeviceCookie(response: { headers: Record<string, unknown> }): string {
  const line = setCookies(response as never).find((cookie) =>
    cookie.startsWith(`${KNOWN_DEVICE_COOKIE}=`),
  );
  expect(line, "the known-device cookie").toBeDefined();
  return (line as string).split(";")[0] as string;
}

describe("per-account sign-in backoff", () => {
  it("waits after the free attempts from any address, says how long, and does not check the password meanwhile", async () => {
    await testApp.start({ signInBackoff: POLICY });
    const account = await signUpByEmail(testApp.app);
    for (let attempt = 1; attempt <= POLICY.freeAttempts; attempt++) {
      const wrong = await signIn(account.email, `wrong ${attempt}`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    }
    // Even the right password waits now, whichever address sends it.
    const waiting = await signIn(account.email, account.password);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().error).toEqual({
      code: "SIGN_IN_DELAYED",
      message:
        "Too many failed sign-in attempts for this account. Try again in 1 minute, or reset your password.",
    });
    const retryAfter = Number(waiting.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(POLICY.firstDelaySeconds);
    // A refused attempt does not count.
    expect(await failuresOf(account.email)).toBe(POLICY.freeAttempts);

    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    const signedIn = await signIn(account.email, account.password);
    expect(signedIn.statusCode).toBe(200);
    expect(await failuresOf(account.email)).toBeUndefined();
  });

  it("doubles the wait with each further failure, up to the cap", () => {
    expect([1, 2, 3, 4, 5, 6, 30].map((failures) => backoffDelaySeconds(failures, POLICY))).toEqual(
      [0, 0, 2, 4, 8, 8, 8],
    );
  });

  it("treats an address without an account the same, so the answer reveals nothing", async () => {
    await testApp.start({ signInBackoff: POLICY });
    const nobody = uniqueEmail("nobody");
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= POLICY.freeAttempts; attempt++) {
      statuses.push((await signIn(nobody, "guess")).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("leaves malformed addresses to better-auth's 400 (a NUL once reached the database: 500)", async () => {
    await testApp.start({ signInBackoff: POLICY });
    for (const email of ["a\u0000b@example.com", "\ud800@example.com", "not an address"]) {
      const response = await signIn(email, "guess");
      expect(response.statusCode, JSON.stringify(email)).toBe(400);
      expect(response.json().error.code).toBe("INVALID_EMAIL");
    }
  });

  it("lets the owner's known browser in while others wait, without counting its typos", async () => {
    await testApp.start({ signInBackoff: POLICY });
    const account = await signUpByEmail(testApp.app);
    const ownBrowser = knownDeviceCookie(await signIn(account.email, account.password));
    for (let attempt = 0; attempt < POLICY.freeAttempts; attempt++) {
      await signIn(account.email, "attacker guess");
    }
    expect((await signIn(account.email, account.password)).statusCode).toBe(429);

    const typo = await signIn(account.email, "owner typo", ownBrowser);
    expect(typo.statusCode).toBe(401);
    expect(await failuresOf(account.email)).toBe(POLICY.freeAttempts);
    const owner = await signIn(account.email, account.password, ownBrowser);
    expect(owner.statusCode).toBe(200);
    expect(await failuresOf(account.email)).toBeUndefined();
  });

  it("does not let another account's known-device cookie, or a forged one, skip the wait", async () => {
    await testApp.start({ signInBackoff: POLICY });
    const victim = await signUpByEmail(testApp.app);
    const attacker = await signUpByEmail(testApp.app);
    const attackerBrowser = knownDeviceCookie(await signIn(attacker.email, attacker.password));
    for (let attempt = 0; attempt < POLICY.freeAttempts; attempt++) {
      await signIn(victim.email, "guess");
    }
    const forged = `${KNOWN_DEVICE_COOKIE}=${encodeURIComponent(`${victim.userId}.forged`)}`;
    for (const cookie of [attackerBrowser, forged]) {
      expect((await signIn(victim.email, victim.password, cookie)).statusCode).toBe(429);
    }
  });

  it("a password reset ends the wait", async () => {
    await testApp.start({ signInBackoff: POLICY });
    const account = await signUpByEmail(testApp.app);
    for (let attempt = 0; attempt < POLICY.freeAttempts; attempt++) {
      await signIn(account.email, "guess");
    }
    expect((await signIn(account.email, account.password)).statusCode).toBe(429);

    await request(testApp.app, "POST", "/api/auth/request-password-reset", {
      body: { email: account.email, redirectTo: "/auth/reset-password" },
    });
    const link = new URL(testApp.email.lastLinkTo(account.email) ?? "");
    const opened = await request(testApp.app, "GET", `${link.pathname}${link.search}`);
    const token = new URL(String(opened.headers.location), TEST_ORIGIN).searchParams.get("token");
    const reset = await request(testApp.app, "POST", "/api/auth/reset-password", {
      body: { token, newPassword: "a brand new password" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(account.email, "a brand new password")).statusCode).toBe(200);
  });
});

describe("auth failures in the API's error shape", () => {
  it("answers { error: { code, message } } like every other route", async () => {
    await testApp.start();
    const short = await request(testApp.app, "POST", "/api/auth/sign-up/email", {
      body: { email: uniqueEmail(), password: "short", name: "" },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      error: { code: "PASSWORD_TOO_SHORT", message: expect.any(String) },
    });
    const unknownPath = await request(testApp.app, "GET", "/api/auth/no-such-endpoint");
    expect(unknownPath.statusCode).toBe(404);
    expect(unknownPath.json()).toEqual({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  });
});
