// Run by `npm run build`: writes the embedded database's seed for the current migrations
// (server/db/pglite-seed.ts), so a first `npm start` loads it instead of creating the database.
import { existsSync } from "node:fs";
import { readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { dumpMigratedPglite, migrationsFolder } from "#server/db/client.ts";
import { pgliteSeedPath } from "#server/db/pglite-seed.ts";

const seed = pgliteSeedPath(migrationsFolder);
const folder = path.dirname(seed);
// Seeds of other migrations are never read again.
for (const name of existsSync(folder) ? await readdir(folder) : []) {
  if (name.startsWith("pglite-seed-") && path.join(folder, name) !== seed) {
    await rm(path.join(folder, name));
  }
}
// The same migrations make the same database: a seed already there is kept (every `npm start`
// builds first).
if (!existsSync(seed)) {
  // Written aside and renamed: a server starting meanwhile never reads half a file.
  await writeFile(`${seed}.partial`, await dumpMigratedPglite("gzip"));
  await rename(`${seed}.partial`, seed);
}
