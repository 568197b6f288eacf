// Signing users up and in from API tests, the way the web client does it: through
// /api/auth/* with an Origin header and the session cookie.
import { randomBytes } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { CapturingSmsSender } from "#server/auth/senders/sms.ts";
import { request } from "./request.ts";

export const TEST_PASSWORD = "correct horse 42";

/** Set-Cookie headers of a response, one string per cookie. */
export function setCookies(response: LightMyRequestResponse): string[] {
  const raw = response.headers["set-cookie"];
  if (raw === undefined) return [];
  return Array.isArray(raw) ? raw : [raw];
}

/** A browser's cookie store, reduced to what tests need. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(header?: string) {
    for (const part of header?.split(";") ?? []) {
      const [name, ...rest] = part.trim().split("=");
      if (name) this.cookies.set(name, rest.join("="));
    }
  }

  /** Applies a response's Set-Cookie headers (deletions included). */
  update(response: LightMyRequestResponse | Response): this {
    const lines =
      response instanceof Response ? response.headers.getSetCookie() : setCookies(response);
    for (const line of lines) {
      const [pair = "", ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", val = ""] = attribute.trim().split("=");
        if (key.toLowerCase() === "max-age") return Number(val) <= 0;
        if (key.toLowerCase() === "expires") return new Date(val).getTime() <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** Cookie header made from a response's Set-Cookie headers. */
export function cookieFrom(response: LightMyRequestResponse): string {
  return new CookieJar().update(response).header();
}

export const SESSION_COOKIE = "tasted.session_token";

let emailSequence = 0;
export function uniqueEmail(prefix = "user"): string {
  emailSequence += 1;
  return `${prefix}${emailSequence}.${randomBytes(3).toString("hex")}@example.com`;
}

let phoneSequence = Math.floor(Math.random() * 5000);
/** A fresh US number (555 numbers are fictional). */
export function uniquePhone(): string {
  phoneSequence = (phoneSequence + 1) % 10_000;
  return `+1202555${String(phoneSequence).padStart(4, "0")}`;
}

export interface SignedIn {
  cookie: string;
  userId: string;
  email: string;
  password: string;
}

/** Email sign-up (signs in at once); returns the session cookie header. */
export async function signUpByEmail(
  app: FastifyInstance,
  options: { email?: string; password?: string; name?: string } = {},
): Promise<SignedIn> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? TEST_PASSWORD;
  const response = await request(app, "POST", "/api/auth/sign-up/email", {
    body: {
      email,
      password,
      name: options.name ?? "",
      callbackURL: "/",
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { cookie: cookieFrom(response), userId: response.json().user.id, email, password };
}

export async function signInByEmail(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<LightMyRequestResponse> {
  return request(app, "POST", "/api/auth/sign-in/email", { body: { email, password } });
}

/** Phone sign-in (and sign-up for a new number) through the code the SMS sender captured. */
export async function signInByPhone(
  app: FastifyInstance,
  sms: CapturingSmsSender,
  phoneNumber = uniquePhone(),
): Promise<{ cookie: string; userId: string; phoneNumber: string }> {
  const sent = await request(app, "POST", "/api/auth/phone-number/send-otp", {
    body: { phoneNumber },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = sms.lastCodeFor(phoneNumber);
  expect(code).toMatch(/^\d{6}$/);
  const verified = await request(app, "POST", "/api/auth/phone-number/verify", {
    body: { phoneNumber, code },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return { cookie: cookieFrom(verified), userId: verified.json().user.id, phoneNumber };
}

/** Signs a user up by email and completes /setup. */
export async function signUpWithProfile(
  app: FastifyInstance,
  profile: { username: string; firstName?: string; lastName?: string },
): Promise<SignedIn> {
  const user = await signUpByEmail(app);
  const response = await request(app, "PUT", "/api/profile", {
    cookie: user.cookie,
    body: { firstName: "Test", lastName: "User", ...profile },
  });
  expect(response.statusCode, response.body).toBe(200);
  return user;
}

/**
 * The session cookie of a new better-auth session for a person already in the database (e.g.
 * made by factories.ts createUser), as sign-in would set it, without signing up: no password is
 * hashed, which costs far more than everything else a test of permissions does. The session is
 * a real row that every route reads through better-auth as usual.
 */
export async function sessionCookieFor(app: FastifyInstance, userId: string): Promise<string> {
  const context = await app.auth.$context;
  const { token } = await context.internalAdapter.createSession(userId);
  const signature = await makeSignature(token, context.secret);
  return `${context.authCookies.sessionToken.name}=${encodeURIComponent(`${token}.${signature}`)}`;
}
