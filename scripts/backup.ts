/**
 * `npm run backup -- [file]`: the embedded database and uploaded photos of DATA_DIR in one file
 * (default tasted-backup-<date>-<time>.tar). The server must be stopped. See data-backup.ts.
 */
import path from "node:path";
import { backup, describe, runCommand } from "./data-backup.ts";

function defaultFileName(now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace("T", "-").replaceAll(":", "");
  return `tasted-backup-${stamp}.tar`;
}

await runCommand("npm run backup -- [file]", async (location, { file }) => {
  const target = path.resolve(file ?? defaultFileName(new Date()));
  const summary = await backup(location, target);
  return `Backed up ${location.dataDir} to ${target}\n${describe(summary)}`;
});
