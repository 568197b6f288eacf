// Input for better-auth's schema generator only (see server/db/README.md, "Auth tables"):
// the same options as the running server, on a database stub, so the generated tables match
// every plugin we use. Never imported by the app.
import { betterAuth } from "better-auth";
import { drizzle } from "drizzle-orm/node-postgres";
import pino from "pino";
import {
  DEFAULT_AUTH_RATE_LIMITS,
  DEFAULT_CONTENT_RATE_LIMITS,
  DEFAULT_SESSION_POLICY,
  DEFAULT_SIGN_IN_BACKOFF,
} from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { authOptions } from "./auth.ts";
import { BackgroundTasks } from "./background.ts";
import { CapturingEmailSender } from "./senders/email.ts";
import { CapturingSmsSender } from "./senders/sms.ts";

export const auth = betterAuth(
  authOptions({
    config: {
      env: "development",
      port: 3000,
      host: "127.0.0.1",
      dataDir: "/tmp/tasted-auth-cli",
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      trustedOrigins: [],
      authSecret: "schema-generation-only-schema-generation-only",
      authPreviousSecrets: [],
      logLevel: "silent",
      trustProxy: false,
      webDistDir: undefined,
      // Both Google variants are configured so every table either needs is generated.
      google: { clientId: "cli", clientSecret: "cli" },
      googleDiscoveryUrl: undefined,
      sms: { provider: "console" },
      smtpUrl: undefined,
      emailFrom: "cli@localhost",
      adminEmails: [],
      session: DEFAULT_SESSION_POLICY,
      signInBackoff: DEFAULT_SIGN_IN_BACKOFF,
      authRateLimits: DEFAULT_AUTH_RATE_LIMITS,
      places: { provider: "local" },
      s3: undefined,
      contentRateLimits: DEFAULT_CONTENT_RATE_LIMITS,
      realtimeHeartbeatSeconds: 25,
      imageWorkerNiceness: 10,
      mapStyleUrl: undefined,
      vapid: undefined,
      localPushService: false,
    },
    db: drizzle.mock() as unknown as Database,
    senders: { sms: new CapturingSmsSender(), email: new CapturingEmailSender() },
    log: pino({ level: "silent" }),
    background: new BackgroundTasks(),
    googleDiscoveryUrl: "http://127.0.0.1:1/.well-known/openid-configuration",
  }),
);
