import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startTestIdp } from "#server/test/oidc-idp.ts";
import { ADMIN_EMAILS } from "./admins.ts";
import { createServerLogFile } from "./server-log.ts";
import { ensureWebBuild } from "./web-build.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the server the browser suite runs against, e.g. http://127.0.0.1:41234 */
    baseURL: string;
  }
}

const STARTUP_TIMEOUT_MS = 60_000;
const SHUTDOWN_TIMEOUT_MS = 15_000;
/** Keep the tail of the server's output so a failed start can be explained. */
const OUTPUT_TAIL_CHARS = 20_000;

function freePort(): Promise<number> {
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

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the real server (`node --import tsx server/main.ts`, the same entry as `npm start`) on a
 * free port with a fresh data directory, so every run begins with an empty embedded database.
 * The built SPA in dist/ is rebuilt first when its sources changed.
 *
 * Beside it runs a real OpenID Connect provider on 127.0.0.1 that plays Google
 * (server/test/oidc-idp.ts), and every line the server prints is kept in a file the tests read
 * (server-log.ts): the console SMS and email senders log the codes and links there.
 */
export default async function setup(project: TestProject) {
  const root = process.cwd();
  await ensureWebBuild(root);

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), "tasted-e2e-"));
  // Outside DATA_DIR so nothing the server does to its own directory touches it.
  const logDir = await mkdtemp(path.join(tmpdir(), "tasted-e2e-log-"));
  const serverLogPath = path.join(logDir, "server.log");
  const appendLog = createServerLogFile(serverLogPath);
  const idp = await startTestIdp(baseURL);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // The browser reaches the server by this origin; auth trusts it and builds links with it.
    PUBLIC_URL: baseURL,
    NODE_ENV: "test",
    // The console SMS and email senders log at warn level: the tests read codes and links there.
    LOG_LEVEL: "warn",
    SMS_PROVIDER: "console",
    GOOGLE_DISCOVERY_URL: idp.discoveryUrl,
    GOOGLE_CLIENT_ID: idp.clientId,
    GOOGLE_CLIENT_SECRET: idp.clientSecret,
    // The suite signs in dozens of times from 127.0.0.1.
    AUTH_RATE_LIMITS: "relaxed",
  };
  // The browser suite always runs on the embedded database, whatever the caller's shell has.
  delete env.DATABASE_URL;
  delete env.TEST_DB;
  // Codes and links must reach the log, never a real provider the caller's shell configured.
  for (const name of ["SMTP_URL", "ADMIN_EMAILS", "TWILIO_ACCOUNT_SID", "S3_BUCKET"]) {
    delete env[name];
  }
  env.ADMIN_EMAILS = Object.values(ADMIN_EMAILS).join(",");

  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const forward = (stream: NodeJS.ReadableStream | null) => {
    let partial = "";
    stream?.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-OUTPUT_TAIL_CHARS);
      // Warnings and errors the server logs during the tests belong in the test output.
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) {
        appendLog(line);
        process.stderr.write(`[server] ${line}\n`);
      }
    });
    stream?.on("end", () => {
      if (partial) {
        appendLog(partial);
        process.stderr.write(`[server] ${partial}\n`);
      }
    });
  };
  forward(child.stdout);
  forward(child.stderr);

  const cleanUp = async () => {
    await idp.close().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
    await rm(logDir, { recursive: true, force: true });
  };

  const stopServer = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      if (!(await waitForExit(child, SHUTDOWN_TIMEOUT_MS))) {
        process.stderr.write(
          `[e2e] server ignored SIGTERM for ${SHUTDOWN_TIMEOUT_MS} ms; killing\n`,
        );
        child.kill("SIGKILL");
        await waitForExit(child, 5_000);
      }
    }
    await cleanUp();
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let lastProblem = "no answer yet";
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await cleanUp();
      throw new Error(
        `The server exited during start-up (${child.signalCode ?? `exit code ${child.exitCode}`}). Its output:\n${output}`,
      );
    }
    if (Date.now() > deadline) {
      await stopServer();
      throw new Error(
        `The server did not answer GET /api/health with 200 within ${STARTUP_TIMEOUT_MS / 1000} s (${lastProblem}). Its output:\n${output}`,
      );
    }
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) break;
      lastProblem = `last status ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }

  project.provide("baseURL", baseURL);
  project.provide("serverLogPath", serverLogPath);
  return stopServer;
}
