import { createHash, randomBytes } from "node:crypto";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { genericOAuth, jwt, phoneNumber, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  authMessages,
  emailInput,
  isPlaceholderEmail,
  isValidPhone,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_PLACEHOLDER_EMAIL_DOMAIN,
  toE164,
} from "#domain/auth.ts";
import type { AppConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { schema } from "#server/db/client.ts";
import { countAction } from "#server/http/action-limit.ts";
import {
  restoredCookie,
  restoreOnSignIn,
} from "#server/modules/account-deletion/account-deletion.service.ts";
import { promoteVerifiedAdmin } from "#server/modules/profiles/profiles.service.ts";
import { provisionAccount } from "#server/modules/shared/accounts.ts";
import type { BackgroundTasks } from "./background.ts";
import type { EmailSender } from "./senders/email.ts";
import { otpMessage, type SmsSender } from "./senders/sms.ts";
import {
  forgetSignInFailures,
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_MAX_AGE_SECONDS,
  recordSignInFailure,
  secondsUntilNextSignIn,
  signInDelayedError,
  signInKey,
} from "./sign-in-backoff.ts";

const AUTH_BASE_PATH = "/api/auth";
/**
 * better-auth reads the client IP from this header only. The Fastify bridge overwrites it with
 * Fastify's request.ip on every request, so a client cannot choose its own rate-limit bucket by
 * sending the header itself.
 */
export const CLIENT_IP_HEADER = "x-tasted-client-ip";

/** Every better-auth path that takes a phone number in its body. */
const PHONE_PATHS = new Set([
  "/phone-number/send-otp",
  "/phone-number/verify",
  "/sign-in/phone-number",
  "/phone-number/request-password-reset",
  "/phone-number/reset-password",
]);

/** Paths that set an account's email address, and the body field holding it. */
const EMAIL_FIELDS: Record<string, string> = {
  "/sign-up/email": "email",
  "/change-email": "newEmail",
};

/**
 * Paths whose body may carry the account's `image`. Tasted keeps a person's photo in their
 * profile (uploaded by POST /api/profile/avatar, saved by PUT /api/profile, which take only the
 * person's own upload), so the account's image is never set from a body: whatever address a
 * client put there (a javascript: URL, someone else's tracker) would be shown to nobody and
 * trusted by no one.
 */
const IMAGE_PATHS = new Set(["/sign-up/email", "/update-user"]);

/**
 * The placeholder email of a new phone account. It carries a random part, so no address anyone
 * registered earlier (or ever will: the domain is refused at sign-up) can collide with it.
 */
function phonePlaceholderEmail(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `phone-${digits}-${randomBytes(8).toString("hex")}@${PHONE_PLACEHOLDER_EMAIL_DOMAIN}`;
}

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A password's stored form; also how bench data gives its generated accounts a password. */
/**
 * better-auth's secrets. Without previous ones: AUTH_SECRET alone, as it always was. After a
 * rotation (AUTH_PREVIOUS_SECRETS): every secret, the current first, each under a version
 * derived from the secret itself, so a version never changes when the list does. New data is
 * encrypted with the current one and carries its version; data written before the first
 * rotation carries none and was encrypted with the oldest secret still listed. Cookies are
 * signed with the current secret only, so a rotation signs everyone out.
 */
function authSecrets(config: AppConfig): Pick<BetterAuthOptions, "secret" | "secrets"> {
  const previous = config.authPreviousSecrets;
  if (previous.length === 0) return { secret: config.authSecret };
  return {
    secret: previous.at(-1),
    secrets: [config.authSecret, ...previous].map((value) => ({
      version: secretVersion(value),
      value,
    })),
  };
}

/** A stable small number for a secret, safe to store beside what it encrypted. */
function secretVersion(secret: string): number {
  return Number.parseInt(createHash("sha256").update(secret).digest("hex").slice(0, 7), 16);
}

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, ARGON2ID);
}

interface AuthSenders {
  sms: SmsSender;
  email: EmailSender;
}

export interface CreateAuthParams {
  config: AppConfig;
  db: Database;
  senders: AuthSenders;
  log: FastifyBaseLogger;
  /** Emails leave here so a slow SMTP server never holds a response (and timing leaks nothing). */
  background: BackgroundTasks;
  /** Test/dev only: OIDC discovery URL of an IdP that stands in for Google. */
  googleDiscoveryUrl?: string | undefined;
}

/**
 * The better-auth instance: email + password (argon2id), phone one-time codes, Google, TOTP
 * two-factor and a JWKS for API clients, with sessions and rate limits in our database.
 */
export function createAuth(params: CreateAuthParams) {
  return betterAuth(authOptions(params));
}

export type Auth = ReturnType<typeof createAuth>;

export function authOptions(params: CreateAuthParams) {
  const { config, db, senders, log, background } = params;
  const limits = config.authRateLimits;
  const secureCookies = config.publicUrl.startsWith("https://");

  const sendEmail = (to: string, subject: string, text: string) => {
    if (isPlaceholderEmail(to)) return;
    background.run(
      senders.email.send({ to, subject, text }).catch((error: unknown) => {
        log.error({ err: error, subject }, "sending an email failed");
      }),
    );
  };

  /** Whether this browser signed in to the account holding `email` before (its signed cookie). */
  const isKnownDevice = async (
    ctx: { getSignedCookie: (name: string, secret: string) => Promise<string | false | null> },
    email: string,
  ): Promise<boolean> => {
    const deviceUserId = await ctx.getSignedCookie(KNOWN_DEVICE_COOKIE, config.authSecret);
    if (!deviceUserId) return false;
    const [account] = await db
      .select({ id: schema.user.id })
      .from(schema.user)
      .where(eq(schema.user.email, signInKey(email)));
    return account?.id === deviceUserId;
  };

  return {
    appName: "Tasted",
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    ...authSecrets(config),
    trustedOrigins: [config.publicUrl, ...config.trustedOrigins],
    database: drizzleAdapter(db, { provider: "pg", schema, transaction: true }),
    logger: {
      log: (level, message, ...args) => {
        const err = args.find((arg) => arg instanceof Error);
        log[level](err ? { err } : args.length ? { args } : {}, `[auth] ${message}`);
      },
    },
    telemetry: { enabled: false },
    onAPIError: {
      // Browser-facing failures (e.g. the Google callback) land on the page that shows them.
      errorURL: `${config.publicUrl}/auth/callback`,
    },

    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Sign-up signs in at once; the confirmation email does not block use.
      autoSignIn: true,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => argon2Verify(hash, password),
      },
      // Reaching the reset link proves the owner holds the address: guesses by others no
      // longer hold the account back.
      onPasswordReset: async ({ user }) => {
        await forgetSignInFailures(db, user.email);
      },
      sendResetPassword: async ({ user, url }) => {
        sendEmail(
          user.email,
          "Reset your Tasted password",
          `Someone asked to reset the password of your Tasted account.\n\nSet a new password: ${url}\n\nThe link works for one hour. If it was not you, ignore this email.`,
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        sendEmail(
          user.email,
          "Confirm your Tasted account",
          `Welcome to Tasted!\n\nConfirm your email address: ${url}\n\nThe link works for 24 hours.`,
        );
      },
      afterEmailVerification: async (user) => {
        await promoteVerifiedAdmin(db, user, config.adminEmails);
      },
    },

    socialProviders:
      config.google && !params.googleDiscoveryUrl
        ? {
            google: {
              clientId: config.google.clientId,
              clientSecret: config.google.clientSecret,
              prompt: "select_account",
            },
          }
        : {},

    account: {
      accountLinking: { enabled: true, trustedProviders: ["google"] },
    },

    /*
     * Sessions. better-auth keeps one `expiresAt` per session and slides it: when a request
     * uses a session whose expiresAt is closer than `expiresIn - updateAge`, it moves expiresAt
     * to now + expiresIn. So `expiresIn` IS the idle timeout: a session nobody uses for
     * `idleTimeout` seconds (counted from its last slide, at most `refreshAge` after its last
     * use) is expired and deleted on its next lookup. better-auth has no absolute lifetime;
     * `capSessionExpiry` below adds one by never letting a slide move expiresAt past
     * createdAt + absoluteLifetime, so even a session used every day dies at that point.
     * No cookie cache: a request reads the session row (or, on our routes, the process's
     * SessionCache, which every sign-out and revocation clears on every process through the
     * event bus), so sign-out and revocation take effect at once (an old cookie gets 401).
     */
    session: {
      expiresIn: config.session.idleTimeout,
      updateAge: config.session.refreshAge,
      freshAge: 24 * 60 * 60,
      cookieCache: { enabled: false },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            // Not atomic with the user row (better-auth runs after-hooks once its transaction
            // commits); getMe() and the profile service re-run provisionAccount when a
            // profile is missing, so a failure here heals on the user's next request.
            try {
              await provisionAccount(db, user, config.adminEmails);
            } catch (error) {
              log.error({ err: error, userId: user.id }, "creating the profile failed");
            }
          },
        },
      },
      session: {
        create: {
          // Any sign-in during a deletion's grace (password, phone code, Google) restores the
          // account; the cookie lets the next /api/me tell its owner once.
          after: async (session, context) => {
            if (!(await restoreOnSignIn(db, session.userId))) return;
            const cookie = restoredCookie(secureCookies);
            context?.setCookie(cookie.name, cookie.value, cookie.options);
          },
        },
        update: {
          before: async (data, context) =>
            capSessionExpiry(data, context?.context.session?.session, config),
        },
      },
    },

    rateLimit: {
      enabled: true,
      storage: "database",
      window: limits.default.window,
      max: limits.default.max,
      customRules: {
        // Every page load reads the session: a limit there throttles busy people (or a whole
        // office behind one address) into looking signed out, and guards nothing.
        "/get-session": false,
        "/sign-in/*": limits.signIn,
        "/sign-up/*": limits.signUp,
        "/request-password-reset": limits.emailRequests,
        "/send-verification-email": limits.emailRequests,
        "/phone-number/send-otp": limits.otpSend,
        "/phone-number/verify": limits.otpVerify,
        "/two-factor/*": limits.twoFactorVerify,
      },
    },

    advanced: {
      // A session read fetches its user in the same statement (a join through the schema's
      // relations) instead of a second query: every signed-in request makes one.
      database: { joins: true },
      cookiePrefix: "tasted",
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: secureCookies },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },

    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Only a well-formed address has a backoff; better-auth refuses the rest with 400.
        if (ctx.path === "/sign-in/email" && emailInput.safeParse(ctx.body?.email).success) {
          const wait = await secondsUntilNextSignIn(db, ctx.body.email, config.signInBackoff);
          if (wait > 0 && !(await isKnownDevice(ctx, ctx.body.email))) {
            throw signInDelayedError(wait);
          }
        }
        const emailField = EMAIL_FIELDS[ctx.path];
        if (emailField && isPlaceholderEmail(ctx.body?.[emailField])) {
          throw new APIError("BAD_REQUEST", {
            code: "RESERVED_EMAIL",
            message: "This email address cannot be used. Please use your own address.",
          });
        }
        if (IMAGE_PATHS.has(ctx.path) && ctx.body?.image != null) {
          throw new APIError("BAD_REQUEST", {
            code: "IMAGE_NOT_ACCEPTED",
            message: authMessages.imageNotAccepted,
          });
        }
        if (ctx.path === "/sign-up/email" && typeof ctx.body?.name !== "string") {
          // better-auth requires a display name; ours lives in the profile (set at /setup).
          return { context: { body: { ...ctx.body, name: "" } } };
        }
        if (!PHONE_PATHS.has(ctx.path)) return;
        // One form of the number before the quota, the text and the account lookup: " +1…"
        // and "+1… " are the same phone, with one quota and one account.
        const phone = toE164(typeof ctx.body?.phoneNumber === "string" ? ctx.body.phoneNumber : "");
        if (!phone) {
          throw new APIError("BAD_REQUEST", {
            code: "INVALID_PHONE_NUMBER",
            message: authMessages.phoneFormat,
          });
        }
        if (ctx.path === "/phone-number/send-otp") {
          const quota = await countAction(db, "otp-send", phone, limits.otpSendPerPhone);
          if (!quota.allowed) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              {
                code: "TOO_MANY_CODES_FOR_NUMBER",
                message: "Too many codes were sent to this number. Please try again later.",
              },
              { "X-Retry-After": String(quota.retryAfter) },
            );
          }
        }
        return { context: { body: { ...ctx.body, phoneNumber: phone } } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        const signedIn = ctx.context.newSession;
        if (signedIn) {
          await forgetSignInFailures(db, signedIn.user.email);
          await ctx.setSignedCookie(KNOWN_DEVICE_COOKIE, signedIn.user.id, config.authSecret, {
            httpOnly: true,
            sameSite: "lax",
            secure: secureCookies,
            path: AUTH_BASE_PATH,
            maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
          });
          return;
        }
        const returned = ctx.context.returned;
        const wrongPassword = isAPIError(returned) && returned.statusCode === 401;
        if (
          ctx.path === "/sign-in/email" &&
          wrongPassword &&
          emailInput.safeParse(ctx.body?.email).success &&
          // The owner mistyping on their own browser does not hold the account back elsewhere.
          !(await isKnownDevice(ctx, ctx.body.email))
        ) {
          await recordSignInFailure(db, ctx.body.email, config.signInBackoff);
        }
      }),
    },

    plugins: [
      phoneNumber({
        otpLength: OTP_LENGTH,
        expiresIn: 5 * 60,
        allowedAttempts: 3,
        phoneNumberValidator: (phone) => isValidPhone(phone),
        sendOTP: async ({ phoneNumber: to, code }) => {
          // Awaited on purpose: when the provider refuses the message the user must not be
          // told "OTP Sent".
          try {
            await senders.sms.send(to, otpMessage(code));
          } catch (error) {
            log.error({ err: error }, "sending a text message failed");
            throw new APIError("SERVICE_UNAVAILABLE", {
              code: "SMS_NOT_SENT",
              message: "We could not send the code. Please try again.",
            });
          }
        },
        signUpOnVerification: {
          getTempEmail: phonePlaceholderEmail,
          getTempName: () => "",
        },
      }),
      twoFactor({
        issuer: "Tasted",
        // Phone and Google accounts have no password to confirm enabling with.
        allowPasswordless: true,
      }),
      jwt({
        jwks: { jwksPath: "/.well-known/jwks.json" },
        // API clients ask /api/auth/token for a JWT. Left on, every session read (each page
        // load and each of our signed-in requests) would also read the key table and sign a
        // token nobody reads.
        disableSettingJwtHeader: true,
      }),
      ...(params.googleDiscoveryUrl && config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  discoveryUrl: params.googleDiscoveryUrl,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  // Like the built-in Google provider: signing out of Tasted must not sign the
                  // user out of Google, nor send the browser to the IdP's end-session page.
                  disableProviderLogout: true,
                },
              ],
            }),
          ]
        : []),
    ],
  } satisfies BetterAuthOptions;
}

/**
 * The absolute session lifetime (see the session comment above): a slide of expiresAt stops at
 * createdAt + absoluteLifetime. `current` is the session being refreshed, which better-auth has
 * just loaded into the request context.
 */
async function capSessionExpiry(
  data: { expiresAt?: Date | undefined } & Record<string, unknown>,
  current: { createdAt: Date | string } | undefined,
  config: Pick<AppConfig, "session">,
): Promise<{ data: typeof data } | undefined> {
  if (!(data.expiresAt instanceof Date) || !current) return undefined;
  const deadline = new Date(current.createdAt).getTime() + config.session.absoluteLifetime * 1000;
  if (data.expiresAt.getTime() <= deadline) return undefined;
  return { data: { ...data, expiresAt: new Date(deadline) } };
}
