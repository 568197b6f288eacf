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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
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
  logLevel: string;
  /** Directory of the built web app, served with history fallback; absent in API-only tests. */
  webDistDir: string | undefined;
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

export async function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): Promise<AppConfig> {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) throw new ConfigError(firstIssueMessage(parsed.error));
  const environment = parsed.data;
  const env = overrides.env ?? environment.NODE_ENV;
  const port = overrides.port ?? environment.PORT;
  const dataDir = path.resolve(overrides.dataDir ?? environment.DATA_DIR);
  const publicUrl = (
    overrides.publicUrl ??
    environment.PUBLIC_URL ??
    `http://localhost:${port}`
  ).replace(/\/$/, "");
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
    logLevel: environment.LOG_LEVEL,
    webDistDir: path.resolve("dist"),
    ...overrides,
  };
}
