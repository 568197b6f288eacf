/**
 * `npm run restore -- <file> [--force]`: a file written by `npm run backup` into DATA_DIR. The
 * server must be stopped; a DATA_DIR that is not empty is replaced only with --force. The next
 * server start applies any migrations newer than the backup. See data-backup.ts.
 */
import path from "node:path";
import { BackupError, describe, restore, runCommand } from "./data-backup.ts";

await runCommand("npm run restore -- <file> [--force]", async (location, { file, force }) => {
  if (!file) throw new BackupError("Name the backup file: npm run restore -- <file> [--force]");
  const source = path.resolve(file);
  const summary = await restore(location, source, { force });
  return (
    `Restored ${source} (made ${summary.manifest.createdAt}) into ${location.dataDir}\n` +
    `${describe(summary)}\nStart the server to use it.`
  );
});
