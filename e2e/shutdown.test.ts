import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

/** The grace period main.ts promises (SHUTDOWN_GRACE_MS) plus start-up slack. */
const SHUTDOWN_LIMIT_MS = 10_000;

it("stops cleanly within the grace period on SIGTERM", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "tasted-shutdown-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    LOG_LEVEL: "info",
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    let output = "";
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const listening = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
        if (listening?.[1]) {
          clearTimeout(timer);
          resolve(listening[1]);
        }
      });
      child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const code = await exited;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(SHUTDOWN_LIMIT_MS);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  }
});
