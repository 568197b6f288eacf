/**
 * `npm run backup` and `npm run restore` for the embedded mode. A backup is one tar file:
 *
 *   tasted-backup.json  what the file is: format version, when it was made, how many photos
 *   pglite.tar.gz       the database, as PGlite's dumpDataDir() writes it
 *   auth-secret         the secret generated into DATA_DIR, when there is one: it signs sessions
 *                       and encrypts two-factor secrets, so a database without it locks out
 *                       everyone who set up an authenticator app
 *   uploads/<key>       every uploaded photo under its storage key
 *
 * The tar itself is not compressed: photos are WebP and the dump is gzipped already.
 * On PostgreSQL (DATABASE_URL) both commands print the pg_dump / pg_restore commands instead.
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { extract, type Header, type Pack, pack } from "tar-stream";
import { z } from "zod";
import { ConfigError, type DataLocation, readDataLocation } from "#server/config.ts";
import { PGLITE_EXTENSIONS, pgliteDirectory } from "#server/db/client.ts";
import { isSafeKey, uploadsDirectory } from "#server/media/storage.ts";

/** A refusal or a problem the user can fix; printed without a stack trace. */
export class BackupError extends Error {}

const MANIFEST_ENTRY = "tasted-backup.json";
const DATABASE_ENTRY = "pglite.tar.gz";
const AUTH_SECRET_FILE = "auth-secret";
const UPLOADS_PREFIX = "uploads/";
const FORMAT_VERSION = 1;

const manifestSchema = z.object({
  format: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  photos: z.number().int().min(0),
});
type Manifest = z.infer<typeof manifestSchema>;

/** What one backup or restore moved, for the closing message. */
export interface BackupSummary {
  manifest: Manifest;
  databaseBytes: number;
  photoBytes: number;
  /** Photos are in an S3 bucket, so this file has none of them. */
  s3Bucket: string | undefined;
}

/** Present while PGlite has the directory open; a clean close removes it. */
function openMarker(dataDir: string): string {
  return path.join(pgliteDirectory(dataDir), "postmaster.pid");
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

// PGlite takes no lock: a second process opening the same directory would corrupt it.
async function refuseWhileOpen(dataDir: string): Promise<void> {
  if (!(await exists(openMarker(dataDir)))) return;
  throw new BackupError(
    `The database in ${dataDir} is open: stop the Tasted server first (the embedded database ` +
      "allows one process at a time). If no server is running, the last one did not shut down " +
      "cleanly: start it and stop it with Ctrl-C, then try again.",
  );
}

function refuseOnPostgres(location: DataLocation): void {
  if (!location.databaseUrl) return;
  throw new BackupError(
    [
      "DATABASE_URL is set: the database is on PostgreSQL, which has its own tools.",
      "Back up with (pg_dump as new as the server):",
      '  pg_dump --format=custom --file=tasted.dump "$DATABASE_URL"',
      "Restore into an empty database with:",
      '  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" tasted.dump',
      location.s3Bucket
        ? `Photos are in the S3 bucket ${location.s3Bucket}: back it up with your provider's tools.`
        : `Photos are files in ${uploadsDirectory(location.dataDir)}; copy that directory too.`,
      `So is the generated ${path.join(location.dataDir, AUTH_SECRET_FILE)}, unless AUTH_SECRET is set.`,
    ].join("\n"),
  );
}

/** Uploaded files under their storage keys, in a stable order. */
async function listPhotos(dataDir: string): Promise<string[]> {
  const root = uploadsDirectory(dataDir);
  if (!(await exists(root))) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .map((relative) => relative.split(path.sep).join("/"))
    .sort();
}

async function dumpDatabase(dataDir: string): Promise<Buffer> {
  const database = await PGlite.create(pgliteDirectory(dataDir), {
    extensions: PGLITE_EXTENSIONS,
  });
  try {
    const dump = await database.dumpDataDir("gzip");
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await database.close();
  }
}

function addEntry(archive: Pack, name: string, data: Buffer, mode = 0o644): Promise<void> {
  return new Promise((resolve, reject) => {
    archive.entry({ name, mode }, data, (error) => (error ? reject(error) : resolve()));
  });
}

function addFileEntry(archive: Pack, name: string, file: string, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = archive.entry({ name, size, mode: 0o644 }, (error) =>
      error ? reject(error) : resolve(),
    );
    createReadStream(file).on("error", reject).pipe(entry);
  });
}

/** Writes the backup of `location` to `file`, which must not exist yet. */
export async function backup(location: DataLocation, file: string): Promise<BackupSummary> {
  refuseOnPostgres(location);
  const { dataDir } = location;
  if (!(await exists(path.join(pgliteDirectory(dataDir), "PG_VERSION")))) {
    throw new BackupError(
      `There is no database in ${dataDir}: set DATA_DIR to the server's data directory.`,
    );
  }
  await refuseWhileOpen(dataDir);
  if (await exists(file)) {
    throw new BackupError(`${file} already exists: choose another file name.`);
  }
  if (!(await exists(path.dirname(file)))) {
    throw new BackupError(`${path.dirname(file)} does not exist: create it or choose another.`);
  }

  const database = await dumpDatabase(dataDir);
  const photos = await listPhotos(dataDir);
  const manifest: Manifest = {
    format: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    photos: photos.length,
  };
  // Written beside the target and renamed at the end, so a failed backup leaves no file that
  // looks complete.
  const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
  const output = await open(partial, "wx");
  const archive = pack();
  const written = pipeline(archive, output.createWriteStream());
  let photoBytes = 0;
  const fill = async () => {
    await addEntry(archive, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    await addEntry(archive, DATABASE_ENTRY, database);
    const secretFile = path.join(dataDir, AUTH_SECRET_FILE);
    if (await exists(secretFile)) {
      await addEntry(archive, AUTH_SECRET_FILE, await readFile(secretFile), 0o600);
    }
    const uploads = uploadsDirectory(dataDir);
    for (const key of photos) {
      const photo = path.join(uploads, key);
      const { size } = await stat(photo);
      await addFileEntry(archive, `${UPLOADS_PREFIX}${key}`, photo, size);
      photoBytes += size;
    }
    archive.finalize();
  };
  try {
    // Together, so a failed write (a full disk) ends the backup at once.
    await Promise.all([fill(), written]);
    await rename(partial, file);
  } catch (error) {
    archive.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
  return { manifest, databaseBytes: database.length, photoBytes, s3Bucket: location.s3Bucket };
}

/** What restore manages inside DATA_DIR; anything else there is left alone. */
const RESTORED_NAMES = ["pglite", "uploads", AUTH_SECRET_FILE] as const;

interface Unpacked {
  manifest: Manifest | undefined;
  database: Buffer | undefined;
  photos: number;
  photoBytes: number;
}

function notABackup(file: string, why: string): BackupError {
  return new BackupError(`${file} is not a Tasted backup (${why}).`);
}

// tar-stream's entries yield Buffers, typed as unknown.
async function readEntry(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Unpacks the archive's files into `staging`, keeping the database dump in memory. */
async function unpack(file: string, staging: string): Promise<Unpacked> {
  const unpacked: Unpacked = { manifest: undefined, database: undefined, photos: 0, photoBytes: 0 };
  const entries = extract();
  const reading = pipeline(createReadStream(file), entries);
  // A read error also ends the loop below, which reports it; this only keeps the promise from
  // counting as an unhandled rejection meanwhile.
  reading.catch(() => undefined);
  try {
    for await (const entry of entries) {
      const header: Header = entry.header;
      const { name } = header;
      if (header.type !== "file") throw notABackup(file, `unexpected entry ${name}`);
      if (name === MANIFEST_ENTRY) {
        const parsed = manifestSchema.safeParse(safeJson(await readEntry(entry)));
        if (!parsed.success) throw notABackup(file, `unreadable ${MANIFEST_ENTRY}`);
        unpacked.manifest = parsed.data;
      } else if (name === DATABASE_ENTRY) {
        unpacked.database = await readEntry(entry);
      } else if (name === AUTH_SECRET_FILE) {
        await writeFile(path.join(staging, name), await readEntry(entry), { mode: 0o600 });
      } else if (name.startsWith(UPLOADS_PREFIX) && isSafeKey(name.slice(UPLOADS_PREFIX.length))) {
        // The key check keeps every file inside uploads/, whatever the archive says.
        const target = path.join(staging, name);
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(entry, createWriteStream(target, { mode: 0o644 }));
        unpacked.photos += 1;
        unpacked.photoBytes += header.size;
      } else {
        throw notABackup(file, `unexpected entry ${name}`);
      }
    }
    await reading;
  } catch (error) {
    entries.destroy();
    await reading.catch(() => undefined);
    // Refused writes into DATA_DIR say so themselves; anything else is the file's fault.
    if (error instanceof BackupError || isFileSystemError(error)) throw error;
    throw notABackup(file, error instanceof Error ? error.message : String(error));
  }
  return unpacked;
}

function safeJson(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString("utf8"));
  } catch {
    return undefined;
  }
}

async function isEmptyDirectory(directory: string): Promise<boolean> {
  try {
    return (await readdir(directory)).length === 0;
  } catch {
    return true;
  }
}

/**
 * Restores `file` into `location`'s DATA_DIR. Without `force` the directory must be empty or
 * absent; with it, the database, photos and auth secret there are replaced. Everything is
 * unpacked and loaded beside them first, so a bad file leaves the directory as it was.
 */
export async function restore(
  location: DataLocation,
  file: string,
  options: { force: boolean },
): Promise<BackupSummary> {
  refuseOnPostgres(location);
  const { dataDir } = location;
  const source = await stat(file).catch(() => undefined);
  if (!source?.isFile()) {
    throw new BackupError(`${file} ${source ? "is not a file" : "does not exist"}.`);
  }
  await refuseWhileOpen(dataDir);
  if (!options.force && !(await isEmptyDirectory(dataDir))) {
    throw new BackupError(
      `${dataDir} is not empty. Restoring replaces its database and photos: add --force to ` +
        "do that, or set DATA_DIR to an empty directory.",
    );
  }

  await mkdir(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restore-${randomBytes(4).toString("hex")}`);
  await mkdir(staging);
  try {
    const unpacked = await unpack(file, staging);
    if (!unpacked.manifest) throw notABackup(file, `no ${MANIFEST_ENTRY}`);
    if (!unpacked.database) throw notABackup(file, `no ${DATABASE_ENTRY}`);
    if (unpacked.photos !== unpacked.manifest.photos) {
      throw notABackup(
        file,
        `it lists ${unpacked.manifest.photos} photos but holds ${unpacked.photos}`,
      );
    }
    const database = await PGlite.create(path.join(staging, "pglite"), {
      loadDataDir: new Blob([new Uint8Array(unpacked.database)]),
      extensions: PGLITE_EXTENSIONS,
    });
    await database.close();

    const replaced = path.join(staging, "replaced");
    await mkdir(replaced);
    for (const name of RESTORED_NAMES) {
      const current = path.join(dataDir, name);
      if (await exists(current)) await rename(current, path.join(replaced, name));
    }
    for (const name of RESTORED_NAMES) {
      const restored = path.join(staging, name);
      if (await exists(restored)) await rename(restored, path.join(dataDir, name));
    }
    return {
      manifest: unpacked.manifest,
      databaseBytes: unpacked.database.length,
      photoBytes: unpacked.photoBytes,
      s3Bucket: location.s3Bucket,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** One line per part of a backup, for both commands' closing message. */
export function describe(summary: BackupSummary): string {
  const { manifest } = summary;
  const lines = [
    `  database: ${megabytes(summary.databaseBytes)} (compressed)`,
    `  photos:   ${manifest.photos} files, ${megabytes(summary.photoBytes)}`,
  ];
  if (summary.s3Bucket) {
    lines.push(
      `Photos in the S3 bucket ${summary.s3Bucket} are not part of this file: back the bucket up ` +
        "with your provider's tools.",
    );
  }
  return lines.join("\n");
}

/** A refused read or write (permissions, a full disk): its message names the file. */
function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && "syscall" in error && "path" in error;
}

export interface CommandLine {
  file: string | undefined;
  force: boolean;
}

/**
 * Runs one command with the server's configuration (DATA_DIR, DATABASE_URL, S3_BUCKET). User
 * errors print their message and exit 1, a wrong command line exits 2; anything else is a bug
 * and keeps its stack trace.
 */
export async function runCommand(
  usage: string,
  command: (location: DataLocation, commandLine: CommandLine) => Promise<string>,
): Promise<void> {
  let commandLine: CommandLine;
  try {
    const { values, positionals } = parseArgs({
      options: { force: { type: "boolean", default: false } },
      allowPositionals: true,
    });
    if (positionals.length > 1) throw new Error("expected one file");
    commandLine = { file: positionals[0], force: values.force };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\nUsage: ${usage}`);
    process.exit(2);
  }
  try {
    console.log(await command(readDataLocation(), commandLine));
  } catch (error) {
    if (error instanceof BackupError || isFileSystemError(error)) {
      console.error(error.message);
    } else if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  }
}
