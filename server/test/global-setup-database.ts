/**
 * vitest globalSetup of the API projects: migrates one database before any worker starts, and
 * hands it to the workers as a template they copy (database.ts). Building and migrating a
 * database costs 3-4 s on an idle 2-core machine and 25-40 s on a loaded one; copying the
 * template costs a quarter of that, and happens in a hook (setup-database.ts), never inside a
 * test's 30 s.
 *
 *   PGlite      a migrated in-memory instance dumped to a file (dumpDataDir), loaded per worker
 *   PostgreSQL  a migrated database on TEST_DATABASE_URL's server, copied per worker with
 *               CREATE DATABASE … TEMPLATE; this run's databases are named after the URL's
 *               database and dropped when the run ends
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dumpMigratedPglite, MEMORY_DATA_DIR, openDatabase } from "#server/db/client.ts";
import { createScratchDatabase, dropDatabasesNamed } from "./database.ts";

export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DB === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL (postgres://…)");
    // Named after the given database, so runs against different databases on one server
    // (several checkouts testing at once) never drop each other's.
    const base = new URL(serverUrl).pathname.slice(1) || "tasted";
    const prefix = `${base}_${randomBytes(3).toString("hex")}`;
    const template = await createScratchDatabase(`${prefix}_template`, serverUrl);
    try {
      const handle = await openDatabase({ databaseUrl: template.url, dataDir: MEMORY_DATA_DIR });
      await handle.close();
    } catch (error) {
      await template.drop();
      throw error;
    }
    const templateName = new URL(template.url).pathname.slice(1);
    project.provide("testDatabaseTemplate", { postgres: { template: templateName, prefix } });
    return () => dropDatabasesNamed(serverUrl, `${prefix}_`);
  }

  const dir = await mkdtemp(path.join(tmpdir(), "tasted-test-db-"));
  const pgliteDump = path.join(dir, "migrated.tar");
  await writeFile(pgliteDump, await dumpMigratedPglite("none"));
  project.provide("testDatabaseTemplate", { pgliteDump });
  return () => rm(dir, { recursive: true, force: true });
}
