// The real server (`node --liftoff-only --import tsx server/main.ts`: `npm start` runs the same code bundled) in a child process,
// for the browser suite, for tests that need several processes and for the benches.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
/**
 * How long a server process may take to answer its health check before it counts as failed. A
 * first start from the sources compiles them through tsx and creates its PGlite database: 5 s on
 * a quiet 2-core machine, and over 60 s was seen at a load average near 30.
 */
export const SERVER_STARTUP_TIMEOUT_MS = 120_000;
const SHUTDOWN_TIMEOUT_MS = 15_000;
/** Kept to explain a failed start. */
const OUTPUT_TAIL_CHARS = 20_000;

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /**
   * SIGTERM, then SIGKILL if it has not exited in time; removes its data directory unless the
   * caller gave one.
   */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or the OOM killer would; the data directory is kept. */
  kill(): Promise<void>;
  /** Resolves when the process has exited, with its exit code (null after a signal). */
  exited: Promise<number | null>;
}

export interface ServerProcessOptions {
  /** postgres://… or, without it, the embedded PGlite in a fresh data directory. */
  databaseUrl?: string;
  /** An existing (or empty) DATA_DIR that outlives the process; a fresh temporary one otherwise. */
  dataDir?: string;
  /** Several processes that share sessions need the same secret. */
  authSecret?: string;
  logLevel?: string;
  /** A port chosen beforehand (see freePort), when something must know the URL first. */
  port?: number;
  /** More environment, applied last (a test IdP standing in for Google, admins, NODE_ENV). */
  env?: NodeJS.ProcessEnv;
  /** Every line the server prints, as it prints it. */
  onLine?: (line: string) => void;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      if (address === null || typeof address === "string") {
        probe.close();
        reject(new Error("could not read the probe socket's port"));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

/** A fresh secret that several processes can share. */
export function randomAuthSecret(): string {
  return randomBytes(32).toString("hex");
}

/**
 * Starts the server on a free loopback port with a fresh DATA_DIR and waits until
 * GET /api/health answers 200. No web build is needed: without dist/ the server answers the API
 * alone.
 */
export async function startServerProcess(
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), "tasted-server-")));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel ?? "warn",
    AUTH_SECRET: options.authSecret ?? randomAuthSecret(),
    // Tests and benches sign up many users from 127.0.0.1.
    AUTH_RATE_LIMITS: "relaxed",
    SMS_PROVIDER: "console",
  };
  // Nothing the caller's shell configured may reach a real provider or another database.
  for (const name of [
    "DATABASE_URL",
    "TEST_DB",
    "SMTP_URL",
    "ADMIN_EMAILS",
    "TWILIO_ACCOUNT_SID",
    "S3_BUCKET",
    "GOOGLE_CLIENT_ID",
    "GOOGLE_CLIENT_SECRET",
    "GOOGLE_DISCOVERY_URL",
  ]) {
    delete env[name];
  }
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);

  // The flags `npm start` uses (--liftoff-only: see "Memory" in docs/performance.md), on the
  // sources rather than the bundle, so no build is needed first.
  const child = spawn(process.execPath, ["--liftoff-only", "--import", "tsx", "server/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const forward = (stream: NodeJS.ReadableStream) => {
    let partial = "";
    stream.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-OUTPUT_TAIL_CHARS);
      if (!options.onLine) return;
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) options.onLine(line);
    });
    stream.on("end", () => {
      if (partial) options.onLine?.(partial);
    });
  };
  forward(child.stdout);
  forward(child.stderr);

  const exitCode = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      if (!(await exited(child, SHUTDOWN_TIMEOUT_MS))) {
        child.kill("SIGKILL");
        await exited(child, 5_000);
      }
    }
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exitCode;
  };

  try {
    await waitForHealth(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) throw new Error("the server process has no pid");
  return { url, pid: child.pid, stop, kill, exited: exitCode };
}

/** A browser's view of a signed-in user: their id and the session cookie header. */
export interface HttpUser {
  userId: string;
  cookie: string;
}

/**
 * Email sign-up over HTTP, from the server's own origin as the web app sends it. `headers` are
 * added to the request (an X-Forwarded-For, for a server that trusts a proxy).
 */
export async function signUpOverHttp(
  server: ServerProcess,
  name: string,
  headers: Record<string, string> = {},
): Promise<HttpUser> {
  const response = await callOverHttp(
    server,
    "POST",
    "/api/auth/sign-up/email",
    undefined,
    {
      email: `${name}-${randomBytes(4).toString("hex")}@example.com`,
      password: "correct horse 42",
      name: "",
    },
    headers,
  );
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const body = (await response.json()) as { user: { id: string } };
  return { userId: body.user.id, cookie };
}

/** Uploads a JPEG as the web app does (POST /api/uploads/images); returns the upload id. */
export async function uploadPhotoOverHttp(
  server: ServerProcess,
  user: HttpUser,
  photo: Buffer,
): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "plate.jpg");
  const response = await fetch(`${server.url}/api/uploads/images`, {
    method: "POST",
    headers: { origin: server.url, cookie: user.cookie },
    body: form,
  });
  if (response.status !== 201) {
    throw new Error(`upload: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { id: string }).id;
}

/** One JSON API call over HTTP; throws with the answer when it is not a 2xx. */
export async function callOverHttp(
  server: ServerProcess,
  method: string,
  pathname: string,
  user: HttpUser | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers: {
      ...headers,
      origin: server.url,
      ...(user ? { cookie: user.cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  }
  return response;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + SERVER_STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited during start-up. Its output:\n${output()}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`the server did not become healthy. Its output:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
