import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readMigrationFiles } from "drizzle-orm/migrator";

/**
 * The embedded database's seed: a PGlite data directory already created and migrated, dumped
 * by `npm run build` (scripts/pglite-seed.ts). A first start on an empty DATA_DIR loads it
 * instead of running initdb: creating a database grows PGlite's WebAssembly memory past 700 MB
 * at its peak, loading one stays near 330 MB (docs/performance.md, Memory). Its name carries the
 * migrations it holds, so a seed built before a migration changed is never used; without a
 * seed (tests and `npm run dev` run the sources, unbuilt) the first start creates the database.
 */

/**
 * Where seeds are: build/, found from the sources and from the server bundle alike (this file
 * and build/server/main.js are both two folders deep).
 */
const PGLITE_SEED_FOLDER = fileURLToPath(new URL("../../build", import.meta.url));

/** Where the seed built from the migrations in `migrationsFolder` is (or would be). */
export function pgliteSeedPath(migrationsFolder: string, folder = PGLITE_SEED_FOLDER): string {
  const hash = createHash("sha256");
  for (const migration of readMigrationFiles({ migrationsFolder })) hash.update(migration.hash);
  return path.join(folder, `pglite-seed-${hash.digest("hex").slice(0, 16)}.tar.gz`);
}

/** The seed built from these migrations in `folder`, if there is one. */
export async function readPgliteSeed(
  migrationsFolder: string,
  folder = PGLITE_SEED_FOLDER,
): Promise<Blob | undefined> {
  const seed = pgliteSeedPath(migrationsFolder, folder);
  return existsSync(seed) ? new Blob([await readFile(seed)]) : undefined;
}
