import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

/**
 * Everything the server reads from the environment, parsed once at boot. Every variable is
 * optional: the defaults give the embedded mode (PGlite in ./data, console senders), so
 * `npm start` needs no setup. Nothing else in the server reads process.env.
 */
const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres://")
    .optional(),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  /**
   * After AUTH_SECRET changes: the secrets it replaced, newest first, comma-separated, so what
   * they encrypted (two-factor secrets, the token signing key) can still be read.
   */
  AUTH_PREVIOUS_SECRETS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((secret) => secret.trim())
        .filter((secret) => secret.length > 0),
    )
    .pipe(
      z.array(z.string().min(32, "Each of AUTH_PREVIOUS_SECRETS must be at least 32 characters")),
    )
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Set to "true" only behind a reverse proxy that overwrites X-Forwarded-For; otherwise any
   * client could pick its own IP and slip past per-IP rate limits.
   */
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Test and development only: an OpenID Connect discovery URL that stands in for Google (the
   * browser suite's local IdP). Refused in production.
   */
  GOOGLE_DISCOVERY_URL: z.url().optional(),
  SMS_PROVIDER: z.enum(["console", "twilio"]).default("console"),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM_NUMBER: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  EMAIL_FROM: z.string().min(3).default("Tasted <no-reply@localhost>"),
  ADMIN_EMAILS: z.string().default(""),
  /**
   * `relaxed` multiplies every auth rate limit by 100 so a browser suite that signs in dozens of
   * times from 127.0.0.1 is not throttled. Refused in production.
   */
  AUTH_RATE_LIMITS: z.enum(["strict", "relaxed"]).default("strict"),
  /** Server-side Google Places key; absent means place search uses known restaurants only. */
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  /** Tests point the Places adapter at a fake server; production keeps Google's address. */
  GOOGLE_PLACES_BASE_URL: z.url().default("https://maps.googleapis.com/maps/api/place"),
  /**
   * Which place search: `local` (restaurants already known, no third party), `google` (needs
   * GOOGLE_MAPS_API_KEY) or `osm` (OpenStreetMap through PHOTON_URL). Unset: google when a key
   * is set, else local.
   */
  PLACES_PROVIDER: z.enum(["local", "google", "osm"]).optional(),
  /** A Photon-compatible geocoder (PLACES_PROVIDER=osm): the public instance or your own. */
  PHOTON_URL: z.url({ protocol: /^https?$/ }).default("https://photon.komoot.io"),
  /** Setting S3_BUCKET switches uploads from DATA_DIR/uploads to an S3-compatible bucket. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * The MapLibre style (an OpenStreetMap-based one by default) food maps are drawn with. Its
   * origin is added to the page's Content-Security-Policy, so the style's tiles, glyphs and
   * sprites must come from that origin. Empty: no map, places are listed instead.
   */
  MAP_STYLE_URL: z
    .union([z.url({ protocol: /^https?$/ }), z.literal("")])
    .default("https://tiles.openfreemap.org/styles/liberty"),
  /**
   * Web push (VAPID) keys, base64url as `web-push generate-vapid-keys` prints them, set
   * together. Unset: generated once into DATA_DIR outside production; production without them
   * has no push.
   */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /**
   * Test only: "true" accepts a web push service on this machine (http://127.0.0.1 or
   * localhost, any port) as a subscription's endpoint, as the API tests run one. Refused in
   * production; without it only the browsers' push services over https are reached.
   */
  PUSH_LOCAL_SERVICE: z.enum(["true", "false"]).default("false"),
  /** Who push services may contact about our sends: an https: URL or mailto: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(https:|mailto:)/, "VAPID_SUBJECT must be https: or mailto:")
    .optional(),
});

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** Absolute path of the data directory (PGlite files, uploads, generated secret). */
  dataDir: string;
  /** PostgreSQL connection string; absent means embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** The origin users reach the app at; trusted by auth and used in links. */
  publicUrl: string;
  /** Extra origins trusted besides publicUrl (localhost aliases when PUBLIC_URL is unset). */
  trustedOrigins: string[];
  authSecret: string;
  /** Secrets AUTH_SECRET replaced, newest first: they still decrypt, never sign or encrypt. */
  authPreviousSecrets: string[];
  logLevel: string;
  /** Whether X-Forwarded-* headers from a reverse proxy are believed (client IP, protocol). */
  trustProxy: boolean;
  /** Directory of the built web app, served with history fallback; absent in API-only tests. */
  webDistDir: string | undefined;
  /** Google OAuth client; both set or both absent. */
  google: { clientId: string; clientSecret: string } | undefined;
  /** Test/dev only: OIDC discovery URL of an IdP that plays Google (see GOOGLE_DISCOVERY_URL). */
  googleDiscoveryUrl: string | undefined;
  sms:
    | { provider: "console" }
    | { provider: "twilio"; accountSid: string; authToken: string; fromNumber: string };
  /** nodemailer transport URL; absent means emails are logged. */
  smtpUrl: string | undefined;
  emailFrom: string;
  /** Lower-cased addresses that become admin once they are verified. */
  adminEmails: string[];
  session: SessionPolicy;
  /** Per-account wait after failed password sign-ins (server/auth/sign-in-backoff.ts). */
  signInBackoff: SignInBackoffPolicy;
  authRateLimits: AuthRateLimits;
  /** Place search: Google Places, OpenStreetMap through Photon, or the restaurants known. */
  places:
    | { provider: "local" }
    | { provider: "google"; apiKey: string; baseUrl: string }
    | {
        provider: "osm";
        baseUrl: string;
        userAgent: string;
        minIntervalMs: number;
        timeoutMs: number;
      };
  /** Object storage for uploads; absent means disk under DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Per-user throttles kept in the database (action_limits). */
  contentRateLimits: ContentRateLimits;
  /**
   * How often open event streams get a keep-alive comment and have their session checked (a
   * stream whose session ended is closed then). Tests shorten it.
   */
  realtimeHeartbeatSeconds: number;
  /**
   * The image worker's nice value: 10, so requests win the CPU over photos and cards. 0 under
   * NODE_ENV=test, where parallel test workers keep the CPU busy and a niced worker would starve.
   */
  imageWorkerNiceness: number;
  /** The food maps' MapLibre style; undefined when MAP_STYLE_URL is empty (list only). */
  mapStyleUrl: string | undefined;
  /** Web push signing keys and contact; absent means no push (production without keys). */
  vapid: VapidConfig | undefined;
  /** Test only (PUSH_LOCAL_SERVICE): a push service on this machine may be subscribed to. */
  localPushService: boolean;
}

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

export interface ContentRateLimits {
  /** Photo uploads per user. */
  uploads: RateLimitRule;
  /** Place searches per user (each may cost a paid Places call). */
  placeSearch: RateLimitRule;
  /** Reports filed per user: enough for anyone who meets abuse, too few to flood the queue. */
  reports: RateLimitRule;
  /**
   * Year in Food cards drawn per address (a card served from the cache is not counted): enough
   * for anyone sharing their own and their friends' years, too few to keep the image worker busy.
   */
  cardDraws: RateLimitRule;
  /** Imports applied per user (each writes up to 5,000 rows). */
  imports: RateLimitRule;
  /** Import files read into a preview per user: room to fix a file a few times over. */
  importPreviews: RateLimitRule;
}

export const DEFAULT_CONTENT_RATE_LIMITS: ContentRateLimits = {
  uploads: { window: 3600, max: 200 },
  placeSearch: { window: 60, max: 60 },
  reports: { window: 3600, max: 10 },
  cardDraws: { window: 60, max: 20 },
  imports: { window: 3600, max: 3 },
  importPreviews: { window: 3600, max: 30 },
};

/**
 * Session lifetimes in seconds. `idleTimeout` is better-auth's sliding `expiresIn`;
 * `refreshAge` its `updateAge`; `absoluteLifetime` is ours (see server/auth/auth.ts).
 */
export interface SessionPolicy {
  idleTimeout: number;
  refreshAge: number;
  absoluteLifetime: number;
}

export interface RateLimitRule {
  /** Window length in seconds. */
  window: number;
  max: number;
}

/**
 * Auth throttles, all kept in the database. Per client IP (better-auth's limiter) unless the
 * name says otherwise. Tests shrink them to hit them quickly.
 */
export interface AuthRateLimits {
  /** Any other /api/auth path. */
  default: RateLimitRule;
  signIn: RateLimitRule;
  signUp: RateLimitRule;
  /** Password reset and verification email requests. */
  emailRequests: RateLimitRule;
  otpSend: RateLimitRule;
  /** OTP sends per phone number, whatever the IP. */
  otpSendPerPhone: RateLimitRule;
  otpVerify: RateLimitRule;
  twoFactorVerify: RateLimitRule;
}

/** See server/auth/sign-in-backoff.ts. */
export interface SignInBackoffPolicy {
  freeAttempts: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** A run of failures whose last one is older than this is forgotten. */
  forgetAfterSeconds: number;
}

export const DEFAULT_SIGN_IN_BACKOFF: SignInBackoffPolicy = {
  freeAttempts: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
};

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleTimeout: 7 * 24 * 60 * 60,
  refreshAge: 24 * 60 * 60,
  absoluteLifetime: 30 * 24 * 60 * 60,
};

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  default: { window: 60, max: 100 },
  signIn: { window: 300, max: 10 },
  signUp: { window: 3600, max: 20 },
  emailRequests: { window: 3600, max: 5 },
  otpSend: { window: 3600, max: 10 },
  otpSendPerPhone: { window: 3600, max: 5 },
  otpVerify: { window: 300, max: 10 },
  twoFactorVerify: { window: 300, max: 10 },
};

function relaxed(limits: AuthRateLimits): AuthRateLimits {
  return Object.fromEntries(
    Object.entries(limits).map(([name, rule]) => [name, { ...rule, max: rule.max * 100 }]),
  ) as unknown as AuthRateLimits;
}

export class ConfigError extends Error {}

function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid configuration";
  return `${issue.path.join(".")}: ${issue.message}`;
}

/**
 * AUTH_SECRET is required in production. Elsewhere one is generated on first start and kept in
 * DATA_DIR, so sessions survive restarts on a laptop without anyone handling secrets.
 */
async function resolveAuthSecret(
  given: string | undefined,
  env: AppConfig["env"],
  dataDir: string,
): Promise<string> {
  if (given) return given;
  if (env === "production") throw new ConfigError("AUTH_SECRET is required in production");
  const secretFile = path.join(dataDir, "auth-secret");
  try {
    return (await readFile(secretFile, "utf8")).trim();
  } catch {
    const secret = randomBytes(32).toString("hex");
    await mkdir(dataDir, { recursive: true });
    await writeFile(secretFile, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * VAPID keys sign every push request; a browser's subscription is bound to the public key, so
 * they must outlive restarts. Given keys win; outside production a pair is generated on first
 * start and kept in DATA_DIR, as the auth secret is. Production without keys has no push rather
 * than keys that differ per instance.
 */
async function resolveVapidKeys(
  environment: z.infer<typeof environmentSchema>,
  env: AppConfig["env"],
  dataDir: string,
): Promise<{ publicKey: string; privateKey: string } | undefined> {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = environment;
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    throw new ConfigError("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together");
  }
  if (publicKey && privateKey) return { publicKey, privateKey };
  if (env === "production") return undefined;
  const keyFile = path.join(dataDir, "vapid-keys.json");
  try {
    const kept = z
      .object({ publicKey: z.string().min(1), privateKey: z.string().min(1) })
      .parse(JSON.parse(await readFile(keyFile, "utf8")));
    return kept;
  } catch {
    const { default: webPush } = await import("web-push");
    const generated = webPush.generateVAPIDKeys();
    await mkdir(dataDir, { recursive: true });
    await writeFile(keyFile, JSON.stringify(generated), { mode: 0o600 });
    return generated;
  }
}

/** The contact push services see: VAPID_SUBJECT, else the https site, else EMAIL_FROM's address. */
function vapidSubject(given: string | undefined, publicUrl: string, emailFrom: string): string {
  if (given) return given;
  if (publicUrl.startsWith("https://")) return publicUrl;
  const address = /<([^>]+)>/.exec(emailFrom)?.[1] ?? emailFrom;
  return `mailto:${address.trim()}`;
}

function parseEnvironment(source: NodeJS.ProcessEnv): z.infer<typeof environmentSchema> {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) throw new ConfigError(firstIssueMessage(parsed.error));
  return parsed.data;
}

/** Where the server keeps its data, as loadConfig would find it. */
export interface DataLocation {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Set when photos live in a bucket rather than under dataDir. */
  s3Bucket: string | undefined;
}

/**
 * The data location alone, for tools that run while the server is stopped (backup, restore).
 * Unlike loadConfig it writes nothing: a restore must find its target directory as it was,
 * without an auth secret generated into it.
 */
export function readDataLocation(source: NodeJS.ProcessEnv = process.env): DataLocation {
  const environment = parseEnvironment(source);
  return {
    dataDir: path.resolve(environment.DATA_DIR),
    databaseUrl: environment.DATABASE_URL,
    s3Bucket: environment.S3_BUCKET,
  };
}

export async function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): Promise<AppConfig> {
  const environment = parseEnvironment(source);
  const env = overrides.env ?? environment.NODE_ENV;
  const port = overrides.port ?? environment.PORT;
  const dataDir = path.resolve(overrides.dataDir ?? environment.DATA_DIR);
  const publicUrl = (
    overrides.publicUrl ??
    environment.PUBLIC_URL ??
    `http://localhost:${port}`
  ).replace(/\/$/, "");
  if (env === "production") {
    if (environment.GOOGLE_DISCOVERY_URL) {
      throw new ConfigError("GOOGLE_DISCOVERY_URL is for tests only; use GOOGLE_CLIENT_ID/SECRET");
    }
    if (environment.AUTH_RATE_LIMITS === "relaxed") {
      throw new ConfigError("AUTH_RATE_LIMITS=relaxed is for tests only");
    }
    if (environment.PUSH_LOCAL_SERVICE === "true") {
      throw new ConfigError("PUSH_LOCAL_SERVICE=true is for tests only");
    }
  }
  if (Boolean(environment.S3_ACCESS_KEY_ID) !== Boolean(environment.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
  }
  if (Boolean(environment.GOOGLE_CLIENT_ID) !== Boolean(environment.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
  }
  let sms: AppConfig["sms"] = { provider: "console" };
  if (environment.SMS_PROVIDER === "twilio") {
    const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER } = environment;
    if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !TWILIO_FROM_NUMBER) {
      throw new ConfigError(
        "SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER",
      );
    }
    sms = {
      provider: "twilio",
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: TWILIO_AUTH_TOKEN,
      fromNumber: TWILIO_FROM_NUMBER,
    };
  }
  const vapidKeys =
    "vapid" in overrides ? undefined : await resolveVapidKeys(environment, env, dataDir);
  const trustedOrigins = environment.PUBLIC_URL
    ? []
    : [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  return {
    env,
    port,
    host: environment.HOST,
    dataDir,
    databaseUrl: environment.DATABASE_URL,
    publicUrl,
    trustedOrigins,
    authSecret: await resolveAuthSecret(environment.AUTH_SECRET, env, dataDir),
    authPreviousSecrets: environment.AUTH_PREVIOUS_SECRETS ?? [],
    logLevel: environment.LOG_LEVEL,
    trustProxy: environment.TRUST_PROXY === "true",
    webDistDir: path.resolve("dist"),
    google:
      environment.GOOGLE_CLIENT_ID && environment.GOOGLE_CLIENT_SECRET
        ? { clientId: environment.GOOGLE_CLIENT_ID, clientSecret: environment.GOOGLE_CLIENT_SECRET }
        : undefined,
    googleDiscoveryUrl: environment.GOOGLE_DISCOVERY_URL,
    sms,
    smtpUrl: environment.SMTP_URL,
    emailFrom: environment.EMAIL_FROM,
    adminEmails: parseEmailList(environment.ADMIN_EMAILS),
    session: DEFAULT_SESSION_POLICY,
    signInBackoff: DEFAULT_SIGN_IN_BACKOFF,
    authRateLimits:
      environment.AUTH_RATE_LIMITS === "relaxed"
        ? relaxed(DEFAULT_AUTH_RATE_LIMITS)
        : DEFAULT_AUTH_RATE_LIMITS,
    places: placesConfig(environment, publicUrl),
    s3: environment.S3_BUCKET
      ? {
          bucket: environment.S3_BUCKET,
          region: environment.S3_REGION,
          endpoint: environment.S3_ENDPOINT,
          accessKeyId: environment.S3_ACCESS_KEY_ID,
          secretAccessKey: environment.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    contentRateLimits: DEFAULT_CONTENT_RATE_LIMITS,
    realtimeHeartbeatSeconds: 25,
    imageWorkerNiceness: environment.NODE_ENV === "test" ? 0 : 10,
    mapStyleUrl: environment.MAP_STYLE_URL || undefined,
    localPushService: environment.PUSH_LOCAL_SERVICE === "true",
    vapid: vapidKeys && {
      ...vapidKeys,
      subject: vapidSubject(environment.VAPID_SUBJECT, publicUrl, environment.EMAIL_FROM),
    },
    ...overrides,
  };
}

/** The public Photon's fair use: a few requests a second at most; we keep to two. */
const PHOTON_MIN_INTERVAL_MS = 500;
const PHOTON_TIMEOUT_MS = 5000;

function placesConfig(
  environment: z.output<typeof environmentSchema>,
  publicUrl: string,
): AppConfig["places"] {
  const provider =
    environment.PLACES_PROVIDER ?? (environment.GOOGLE_MAPS_API_KEY ? "google" : "local");
  if (provider === "osm") {
    return {
      provider,
      baseUrl: environment.PHOTON_URL.replace(/\/+$/, ""),
      // Photon's operators ask every client to say who it is and where to reach them.
      userAgent: `Tasted (+${publicUrl})`,
      minIntervalMs: PHOTON_MIN_INTERVAL_MS,
      timeoutMs: PHOTON_TIMEOUT_MS,
    };
  }
  if (provider === "google") {
    if (!environment.GOOGLE_MAPS_API_KEY) {
      throw new ConfigError("PLACES_PROVIDER=google needs GOOGLE_MAPS_API_KEY");
    }
    return {
      provider,
      apiKey: environment.GOOGLE_MAPS_API_KEY,
      baseUrl: environment.GOOGLE_PLACES_BASE_URL.replace(/\/+$/, ""),
    };
  }
  return { provider: "local" };
}

function parseEmailList(raw: string): string[] {
  return raw
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email.length > 0);
}
