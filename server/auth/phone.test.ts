import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AuthRateLimits } from "#server/config.ts";
import { user, verification } from "#server/db/schema/auth.ts";
import { profiles, userRoles } from "#server/db/schema/profiles.ts";
import { TEST_AUTH_RATE_LIMITS, useTestApp } from "#server/test/app.ts";
import { cookieFrom, signInByPhone, uniquePhone } from "#server/test/auth-helpers.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

const sendCode = (phoneNumber: string, remoteAddress = "127.0.0.1") =>
  request(testApp.app, "POST", "/api/auth/phone-number/send-otp", {
    remoteAddress,
    body: { phoneNumber },
  });

const verify = (phoneNumber: string, code: string) =>
  request(testApp.app, "POST", "/api/auth/phone-number/verify", { body: { phoneNumber, code } });

/** A 6-digit code that is not `code`. */
const wrongCode = (code: string) => (code === "111111" ? "222222" : "111111");

describe("phone one-time code", () => {
  it("texts a 6-digit code; verifying it creates the account with a profile and signs in", async () => {
    const { app } = await testApp.start();
    const phone = uniquePhone();
    const sent = await sendCode(phone);
    expect(sent.statusCode).toBe(200);
    expect(testApp.sms.messagesTo(phone)).toHaveLength(1);
    const code = testApp.sms.lastCodeFor(phone) ?? "";
    expect(code).toMatch(/^\d{6}$/);
    expect(testApp.sms.messagesTo(phone)[0]?.body).toContain(code);

    const verified = await verify(phone, code);
    expect(verified.statusCode, verified.body).toBe(200);
    const cookie = cookieFrom(verified);
    const me = await request(app, "GET", "/api/me", { cookie });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body.user.phoneNumber).toBe(phone);
    expect(body.user.email).toBeNull();
    expect(body.profile.username).toMatch(/^user_[a-z0-9]{10,25}$/);
    expect(body.role).toBe("user");

    const [row] = await app.database.db.select().from(user).where(eq(user.phoneNumber, phone));
    expect(row?.phoneNumberVerified).toBe(true);
    const roles = await app.database.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, body.user.id));
    expect(roles).toHaveLength(1);
  });

  it("signs a known number into the same account", async () => {
    const { app } = await testApp.start();
    const first = await signInByPhone(app, testApp.sms);
    const second = await signInByPhone(app, testApp.sms, first.phoneNumber);
    expect(second.userId).toBe(first.userId);
    expect(second.cookie).not.toBe(first.cookie);
    const all = await app.database.db.select().from(profiles).where(eq(profiles.id, first.userId));
    expect(all).toHaveLength(1);
  });

  it("kills the code after three wrong tries", async () => {
    const { app } = await testApp.start();
    const phone = uniquePhone();
    await sendCode(phone);
    const code = testApp.sms.lastCodeFor(phone) ?? "";
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await verify(phone, wrongCode(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe("INVALID_OTP");
    }
    const right = await verify(phone, code);
    expect(right.statusCode).toBe(403);
    expect(right.json().error.code).toBe("TOO_MANY_ATTEMPTS");
    // And it stays dead.
    expect((await verify(phone, code)).statusCode).toBe(400);
    expect(await app.database.db.select().from(user).where(eq(user.phoneNumber, phone))).toEqual(
      [],
    );
  });

  it("accepts the right code after fewer than three wrong tries", async () => {
    await testApp.start();
    const phone = uniquePhone();
    await sendCode(phone);
    const code = testApp.sms.lastCodeFor(phone) ?? "";
    await verify(phone, wrongCode(code));
    await verify(phone, wrongCode(code));
    expect((await verify(phone, code)).statusCode).toBe(200);
  });

  it("refuses an expired code (codes live 5 minutes)", async () => {
    const { app } = await testApp.start();
    const phone = uniquePhone();
    const before = Date.now();
    await sendCode(phone);
    const code = testApp.sms.lastCodeFor(phone) ?? "";
    const identifier = `phone-number-otp-${phone}`;
    const [row] = await app.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, identifier));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(4.9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000 + 5_000);

    await app.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, identifier));
    const expired = await verify(phone, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe("OTP_EXPIRED");
  });

  it("works once: a used code cannot sign in again", async () => {
    await testApp.start();
    const phone = uniquePhone();
    await sendCode(phone);
    const code = testApp.sms.lastCodeFor(phone) ?? "";
    expect((await verify(phone, code)).statusCode).toBe(200);
    const replay = await verify(phone, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe("OTP_NOT_FOUND");
  });

  it("a new code replaces the previous one", async () => {
    await testApp.start();
    const phone = uniquePhone();
    await sendCode(phone);
    const first = testApp.sms.lastCodeFor(phone) ?? "";
    await sendCode(phone);
    const second = testApp.sms.lastCodeFor(phone) ?? "";
    if (first !== second) expect((await verify(phone, first)).statusCode).toBe(400);
    expect((await verify(phone, second)).statusCode).toBe(200);
  });

  it("refuses numbers that are not in international format", async () => {
    await testApp.start();
    for (const phone of ["2025550123", "+0123456789", "+1202", "+12025550123456789"]) {
      const response = await sendCode(phone);
      expect(response.statusCode, phone).toBe(400);
      expect(response.json().error.code).toBe("INVALID_PHONE_NUMBER");
    }
    expect(testApp.sms.messages).toHaveLength(0);
  });
});

describe("SMS provider failures", () => {
  it("answers 503 when the provider refuses the message, so nobody is told it was sent", async () => {
    await testApp.start(
      {},
      {
        smsSender: {
          send: async () => {
            throw new Error("provider down");
          },
        },
      },
    );
    const response = await sendCode(uniquePhone());
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: "SMS_NOT_SENT", message: "We could not send the code. Please try again." },
    });
  });
});

describe("phone code throttles", () => {
  it("limits codes per phone number whatever the client address (429)", async () => {
    const limits: AuthRateLimits = {
      ...TEST_AUTH_RATE_LIMITS,
      otpSendPerPhone: { window: 3600, max: 2 },
    };
    await testApp.start({ authRateLimits: limits });
    const phone = uniquePhone();
    expect((await sendCode(phone, "203.0.113.1")).statusCode).toBe(200);
    expect((await sendCode(phone, "203.0.113.2")).statusCode).toBe(200);
    const blocked = await sendCode(phone, "203.0.113.3");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("TOO_MANY_CODES_FOR_NUMBER");
    expect(Number(blocked.headers["x-retry-after"])).toBeGreaterThan(3500);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(3500);
    expect(testApp.sms.messagesTo(phone)).toHaveLength(2);
    // Another number is unaffected.
    expect((await sendCode(uniquePhone(), "203.0.113.3")).statusCode).toBe(200);
  });

  it("starts a new window once the old one is over", async () => {
    const limits: AuthRateLimits = {
      ...TEST_AUTH_RATE_LIMITS,
      otpSendPerPhone: { window: 3600, max: 1 },
    };
    const { app } = await testApp.start({ authRateLimits: limits });
    const phone = uniquePhone();
    expect((await sendCode(phone)).statusCode).toBe(200);
    expect((await sendCode(phone)).statusCode).toBe(429);
    await app.database.db.execute(
      sql`update action_limits set window_start = now() - interval '2 hours'
          where action = 'otp-send' and subject = ${phone}`,
    );
    expect((await sendCode(phone)).statusCode).toBe(200);
  });

  it("limits codes per client address across numbers (429)", async () => {
    const limits: AuthRateLimits = { ...TEST_AUTH_RATE_LIMITS, otpSend: { window: 3600, max: 2 } };
    await testApp.start({ authRateLimits: limits });
    expect((await sendCode(uniquePhone(), "198.51.100.4")).statusCode).toBe(200);
    expect((await sendCode(uniquePhone(), "198.51.100.4")).statusCode).toBe(200);
    expect((await sendCode(uniquePhone(), "198.51.100.4")).statusCode).toBe(429);
    expect((await sendCode(uniquePhone(), "198.51.100.5")).statusCode).toBe(200);
  });

  it("limits verification attempts per client address (429)", async () => {
    const limits: AuthRateLimits = {
      ...TEST_AUTH_RATE_LIMITS,
      otpVerify: { window: 300, max: 2 },
    };
    await testApp.start({ authRateLimits: limits });
    const phone = uniquePhone();
    await sendCode(phone);
    await verify(phone, "000001");
    await verify(phone, "000002");
    const blocked = await verify(phone, testApp.sms.lastCodeFor(phone) ?? "");
    expect(blocked.statusCode).toBe(429);
  });
});

describe("placeholder emails of phone accounts", () => {
  it("are never mailed and never shown", async () => {
    const { app } = await testApp.start();
    const signedIn = await signInByPhone(app, testApp.sms);
    const [row] = await app.database.db
      .select()
      .from(user)
      .where(like(user.email, "%@phone.tasted.invalid"));
    expect(row?.id).toBe(signedIn.userId);
    expect(
      (await request(app, "GET", "/api/me", { cookie: signedIn.cookie })).json().user.email,
    ).toBeNull();
  });
});

describe("one canonical form of a number", () => {
  it("gives padded spellings of a number the canonical number's quota", async () => {
    const limits: AuthRateLimits = {
      ...TEST_AUTH_RATE_LIMITS,
      otpSendPerPhone: { window: 3600, max: 2 },
    };
    await testApp.start({ authRateLimits: limits });
    const phone = uniquePhone();
    expect((await sendCode(` ${phone}`)).statusCode).toBe(200);
    expect((await sendCode(`${phone} `)).statusCode).toBe(200);
    const blocked = await sendCode(phone);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("TOO_MANY_CODES_FOR_NUMBER");
    // Texts go to the number itself, never to a spelling of it.
    expect(testApp.sms.messagesTo(phone)).toHaveLength(2);
    expect(testApp.sms.messages).toHaveLength(2);
  });

  it("signs every spelling of a number into the one account of that number", async () => {
    const { app } = await testApp.start();
    const phone = uniquePhone();
    const spaced = `${phone.slice(0, 2)} ${phone.slice(2, 5)}-${phone.slice(5, 8)}-${phone.slice(8)}`;
    expect((await sendCode(` ${spaced} `)).statusCode).toBe(200);
    const padded = await verify(`${phone} `, testApp.sms.lastCodeFor(phone) ?? "");
    expect(padded.statusCode, padded.body).toBe(200);
    const accountId = padded.json().user.id;
    expect(padded.json().user.phoneNumber).toBe(phone);
    const canonical = await signInByPhone(app, testApp.sms, phone);
    expect(canonical.userId).toBe(accountId);
    const rows = await app.database.db.select().from(user).where(like(user.phoneNumber, "%"));
    expect(rows.map((row) => row.phoneNumber)).toEqual([phone]);
  });

  it("refuses what does not read as one international number", async () => {
    await testApp.start();
    for (const phone of ["+1 202 555 0123 ext 5", "+1202555abcd", "++12025550123", " "]) {
      const response = await sendCode(phone);
      expect(response.statusCode, phone).toBe(400);
      expect(response.json().error.message).toBe("Phone must be in international format");
    }
    expect(testApp.sms.messages).toHaveLength(0);
  });
});

describe("the reserved placeholder addresses of phone accounts", () => {
  it("cannot be taken by an email sign-up, so the number's owner can still sign up", async () => {
    const { app } = await testApp.start();
    const phone = uniquePhone();
    const digits = phone.replace(/\D/g, "");
    for (const email of [
      `${digits}@phone.tasted.invalid`,
      `${digits}@PHONE.Tasted.INVALID`,
      `someone@phone.tasted.invalid`,
    ]) {
      const response = await request(app, "POST", "/api/auth/sign-up/email", {
        body: {
          email,
          password: "correct horse 42",
          name: "",
        },
      });
      expect(response.statusCode, email).toBe(400);
      expect(response.json().error.code).toBe("RESERVED_EMAIL");
    }
    expect(await app.database.db.select().from(user)).toHaveLength(0);
    const owner = await signInByPhone(app, testApp.sms, phone);
    expect(owner.userId).toBeTruthy();
  });

  it("are unguessable, so an address taken earlier never blocks a number", async () => {
    const { app } = await testApp.start();
    const phone = uniquePhone();
    // An account made with the old, guessable placeholder of this number.
    await app.database.db.insert(user).values({
      id: "squatter",
      name: "",
      email: `${phone.replace(/\D/g, "")}@phone.tasted.invalid`,
      emailVerified: false,
    });
    const owner = await signInByPhone(app, testApp.sms, phone);
    expect(owner.userId).not.toBe("squatter");
  });
});
