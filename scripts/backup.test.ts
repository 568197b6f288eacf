import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS, pgliteDirectory } from "#server/db/client.ts";
import { testJpeg } from "#server/test/content-helpers.ts";
import {
  callOverHttp,
  type HttpUser,
  randomAuthSecret,
  SERVER_STARTUP_TIMEOUT_MS,
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
  uploadPhotoOverHttp,
} from "#server/test/server-process.ts";

const root = fileURLToPath(new URL("../", import.meta.url));

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup|restore -- …args` as a user runs it, with DATA_DIR or DATABASE_URL given. */
function runScript(
  name: "backup" | "restore",
  args: string[],
  settings: { DATA_DIR: string } | { DATABASE_URL: string },
): Promise<ScriptRun> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.S3_BUCKET;
  Object.assign(env, settings);
  const child = spawn(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => {
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Every table's row count and a digest of its rows, read straight from the data directory:
 * any row lost or changed by a round trip changes it.
 */
async function tableDigests(dataDir: string): Promise<Record<string, string>> {
  const database = await PGlite.create(pgliteDirectory(dataDir), {
    extensions: PGLITE_EXTENSIONS,
  });
  try {
    const tables = await database.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
       where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
    );
    const digests: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const result = await database.query<{ rows: number; digest: string }>(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), ''))
         as digest from ${name} t`,
      );
      const row = result.rows[0];
      digests[name] = `${row?.rows} rows, ${row?.digest}`;
    }
    return digests;
  } finally {
    await database.close();
  }
}

interface Seeded {
  author: HttpUser;
  fan: HttpUser;
  reviewId: string;
}

/** Two people, a dish review with a photo, a like, a comment and a follow. */
async function seed(server: ServerProcess): Promise<Seeded> {
  const author = await signUpOverHttp(server, "author");
  const fan = await signUpOverHttp(server, "fan");
  const uploadId = await uploadPhotoOverHttp(server, author, await testJpeg({ width: 640 }));
  const created = await callOverHttp(server, "POST", "/api/reviews", author, {
    reviewType: "dish",
    restaurant: { name: "Joe's Diner", address: "1 Main St, Springfield, IL 62701, USA" },
    title: "Lobster Roll",
    rating: 5,
    cost: "15.99",
    description: "Sweet meat, buttered bun",
    images: [{ uploadId }],
  });
  const reviewId = ((await created.json()) as { id: string }).id;
  await callOverHttp(server, "PUT", `/api/reviews/${reviewId}/like`, fan);
  await callOverHttp(server, "POST", `/api/reviews/${reviewId}/comments`, fan, {
    content: "Going tomorrow",
  });
  await callOverHttp(server, "PUT", `/api/profiles/${author.userId}/follow`, fan);
  return { author, fan, reviewId };
}

interface FeedPage {
  items: { id: string; likeCount: number; commentCount: number; images: { url: string }[] }[];
}

/** What the people see through the API, and the bytes of every photo it points at. */
async function observe(server: ServerProcess, { author, fan, reviewId }: Seeded) {
  const read = async (pathname: string, user: HttpUser) =>
    (await callOverHttp(server, "GET", pathname, user)).json();
  const feed = (await read("/api/feed", fan)) as FeedPage;
  const photos: Record<string, string> = {};
  for (const url of feed.items.flatMap((item) => item.images.map((image) => image.url))) {
    const response = await fetch(new URL(url, server.url));
    expect(response.status, url).toBe(200);
    photos[url] = Buffer.from(await response.arrayBuffer()).toString("base64");
  }
  return {
    feed,
    photos,
    comments: await read(`/api/reviews/${reviewId}/comments`, fan),
    authorProfile: await read(`/api/profiles/${author.userId}`, fan),
    authorNotifications: await read("/api/notifications", author),
  };
}

type Observed = Awaited<ReturnType<typeof observe>>;
/** Each step starts a server or a script process and opens PGlite (seconds each on 2 cores). */
const SLOW_MS = 2 * SERVER_STARTUP_TIMEOUT_MS;

// The backup is of the embedded database; PostgreSQL has pg_dump (see the last test).
describe.skipIf(process.env.TEST_DB === "postgres")("npm run backup / npm run restore", () => {
  let work = "";
  let original = "";
  let archive = "";
  const authSecret = randomAuthSecret();
  // The test server takes its secret from AUTH_SECRET; a real one keeps it in DATA_DIR.
  const secretInDataDir = "generated-secret-kept-in-data-dir";
  let seeded: Seeded;
  let before: Observed;
  let backupWhileRunning: ScriptRun;
  let backedUp: ScriptRun;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "tasted-backup-test-"));
    original = path.join(work, "original");
    archive = path.join(work, "tasted.tar");
    const server = await startServerProcess({ dataDir: original, authSecret });
    try {
      seeded = await seed(server);
      before = await observe(server, seeded);
      backupWhileRunning = await runScript("backup", [archive], { DATA_DIR: original });
    } finally {
      await server.stop();
    }
    await writeFile(path.join(original, "auth-secret"), secretInDataDir);
    backedUp = await runScript("backup", [archive], { DATA_DIR: original });
  }, SLOW_MS);

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("refuses to back up while the server has the database open", () => {
    expect(backupWhileRunning.code).toBe(1);
    expect(backupWhileRunning.stderr).toContain("stop the Tasted server first");
  });

  it("round-trips people, a review with its photo, likes, comments and follows", {
    timeout: SLOW_MS,
  }, async () => {
    expect(backedUp.stderr).toBe("");
    expect(backedUp.code).toBe(0);
    expect(before.feed.items).toHaveLength(1);
    expect(before.feed.items[0]).toMatchObject({ likeCount: 1, commentCount: 1 });
    expect(Object.keys(before.photos)).toHaveLength(1);

    const restored = path.join(work, "restored");
    const run = await runScript("restore", [archive], { DATA_DIR: restored });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await tableDigests(restored)).toEqual(await tableDigests(original));
    expect(await readFile(path.join(restored, "auth-secret"), "utf8")).toBe(secretInDataDir);

    const server = await startServerProcess({ dataDir: restored, authSecret });
    try {
      expect(await observe(server, seeded)).toEqual(before);
    } finally {
      await server.stop();
    }
  });

  it("replaces a data directory that is not empty only with --force", {
    timeout: SLOW_MS,
  }, async () => {
    const target = path.join(work, "forced");
    const stalePhoto = path.join(target, "uploads", "stale.webp");
    await mkdir(path.dirname(stalePhoto), { recursive: true });
    await writeFile(stalePhoto, "from before the restore");
    await writeFile(path.join(target, "unrelated-file"), "kept");

    const refused = await runScript("restore", [archive], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("add --force");
    expect(await readFile(stalePhoto, "utf8")).toBe("from before the restore");

    const forced = await runScript("restore", [archive, "--force"], { DATA_DIR: target });
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    await expect(readFile(stalePhoto)).rejects.toThrow("ENOENT");
    expect(await readFile(path.join(target, "unrelated-file"), "utf8")).toBe("kept");
    expect(await tableDigests(target)).toEqual(await tableDigests(original));
  });

  it("refuses a file that is not a backup and leaves the directory as it was", async () => {
    const notABackup = path.join(work, "photo.jpg");
    await writeFile(notABackup, await testJpeg());
    const target = path.join(work, "untouched");
    const run = await runScript("restore", [notABackup], { DATA_DIR: target });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("is not a Tasted backup");
    expect(run.stderr).not.toContain("    at ");
    expect(await readdir(target)).toEqual([]);
  });

  it("with DATABASE_URL, prints the pg_dump and pg_restore commands instead", async () => {
    for (const name of ["backup", "restore"] as const) {
      const run = await runScript(name, ["tasted.dump"], {
        DATABASE_URL: "postgres://tasted@db.example/tasted",
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('pg_dump --format=custom --file=tasted.dump "$DATABASE_URL"');
      expect(run.stderr).toContain(
        'pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL"',
      );
    }
  });
});
