// A PostgreSQL cluster of the fault tests' own: initdb into a temporary directory, a free
// loopback port, trust authentication. The tests stop and start it at will, which they must
// never do to the machine's shared server.
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "#server/test/server-process.ts";

const run = promisify(execFile);

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Fast shutdown: open connections are ended, as when an operator restarts the server. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its files. */
  destroy(): Promise<void>;
}

/** The newest installed server's binaries (Debian keeps them out of PATH), if any. */
function findPostgresBinaries(): string | undefined {
  const fromEnv = process.env.PG_BINDIR;
  if (fromEnv) return fromEnv;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  return newest && path.join(root, newest, "bin");
}

/**
 * Whether the PostgreSQL cases can run here. Under CI they always run (and fail without the
 * server binaries, which .ci/run installs); elsewhere they are skipped without them.
 */
export const canStartPrivatePostgres =
  Boolean(process.env.CI) || findPostgresBinaries() !== undefined;

/**
 * PostgreSQL refuses to run as root, so as root its commands run as the postgres user, who
 * must also own the data directory.
 */
const asRoot = userInfo().uid === 0;

async function postgresCommand(binaries: string, command: string, args: string[]): Promise<void> {
  const file = path.join(binaries, command);
  if (asRoot) await run("runuser", ["-u", "postgres", "--", file, ...args]);
  else await run(file, args);
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const binaries = findPostgresBinaries();
  if (!binaries)
    throw new Error("PostgreSQL server binaries not found: install Debian's postgresql");
  const root = await mkdtemp(path.join(tmpdir(), "tasted-faults-pg-"));
  const dataDir = path.join(root, "data");
  const logFile = path.join(root, "server.log");
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    await chown(root, Number(stdout.trim()), Number(group.trim()));
    await chmod(root, 0o700);
  }
  await postgresCommand(binaries, "initdb", [
    "--pgdata",
    dataDir,
    "--username",
    "postgres",
    "--auth",
    "trust",
    "--encoding",
    "UTF8",
    "--no-sync",
  ]);
  const port = await freePort();
  // The socket lives in the cluster's own directory, never in the shared server's.
  const options = `-p ${port} -h 127.0.0.1 -k ${root} -c fsync=off`;
  const pgCtl = (...args: string[]) =>
    postgresCommand(binaries, "pg_ctl", ["--pgdata", dataDir, "--log", logFile, ...args]);
  const start = () => pgCtl("--wait", "--options", options, "start");
  const stop = () => pgCtl("--wait", "--mode", "fast", "stop");
  await start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await stop().catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
}
