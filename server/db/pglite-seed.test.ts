import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, inject, it } from "vitest";
import { MEMORY_DATA_DIR, migrationsFolder, openDatabase } from "./client.ts";
import { pgliteSeedPath } from "./pglite-seed.ts";

/**
 * A first start on an empty DATA_DIR loads the build's seed when it was built from the same
 * migrations, and creates the database itself otherwise. The seeds here carry a marker table the
 * migrations never make, so the test can tell which way the database came.
 */

const folders: string[] = [];
async function folder(label: string): Promise<string> {
  const made = await mkdtemp(path.join(tmpdir(), `tasted-seed-${label}-`));
  folders.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(folders.splice(0).map((made) => rm(made, { recursive: true, force: true })));
});

/** A migrated database with a marker table, dumped as the build dumps its seed. */
async function markedSeed(): Promise<Buffer> {
  // From the suite's migrated template: quicker than creating a database.
  const template = inject("testDatabaseTemplate")?.pgliteDump;
  if (!template) throw new Error("no PGlite template: run through vitest's api project");
  const handle = await openDatabase({
    dataDir: MEMORY_DATA_DIR,
    loadDataDir: new Blob([await readFile(template)]),
  });
  try {
    await handle.db.execute(sql`create table seed_marker (id int)`);
    const dump = await (handle.client as PGlite).dumpDataDir("gzip");
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await handle.close();
  }
}

async function hasMarker(dataDir: string, pgliteSeedFolder: string): Promise<boolean> {
  const handle = await openDatabase({ dataDir, pgliteSeedFolder });
  try {
    const found = await handle.db.execute<{ found: boolean }>(
      sql`select to_regclass('public.seed_marker') is not null as found`,
    );
    // Migrated either way: the app's tables are there.
    const profiles = await handle.db.execute<{ found: boolean }>(
      sql`select to_regclass('public.profiles') is not null as found`,
    );
    expect(profiles.rows[0]?.found).toBe(true);
    return found.rows[0]?.found === true;
  } finally {
    await handle.close();
  }
}

/** Creating a database (initdb and every migration) takes 5 s on a quiet machine, 25 s on a busy one. */
const CREATES_A_DATABASE_MS = 120_000;

describe.skipIf(process.env.TEST_DB === "postgres")("the embedded database's seed", () => {
  it(
    "a first start loads the seed of the same migrations; later starts keep their data",
    async () => {
      const seeds = await folder("build");
      await writeFile(pgliteSeedPath(migrationsFolder, seeds), await markedSeed());
      const dataDir = await folder("data");
      expect(await hasMarker(dataDir, seeds)).toBe(true);
      // A restart opens what is there; the seed is not loaded over it.
      const handle = await openDatabase({ dataDir, pgliteSeedFolder: seeds });
      await handle.db.execute(sql`insert into seed_marker values (1)`);
      await handle.close();
      const again = await openDatabase({ dataDir, pgliteSeedFolder: seeds });
      try {
        const rows = await again.db.execute(sql`select id from seed_marker`);
        expect(rows.rows).toEqual([{ id: 1 }]);
      } finally {
        await again.close();
      }
    },
    CREATES_A_DATABASE_MS,
  );

  it(
    "a seed built from other migrations is not used; the database is created",
    async () => {
      const seeds = await folder("stale");
      await writeFile(path.join(seeds, "pglite-seed-0000000000000000.tar.gz"), await markedSeed());
      expect(await hasMarker(await folder("data"), seeds)).toBe(false);
    },
    CREATES_A_DATABASE_MS,
  );
});
