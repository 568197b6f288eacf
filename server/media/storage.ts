import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where uploaded files live. Keys are chosen by the server (never from a file name), e.g.
 * `avatars/<userId>/<random>.webp`; `url` is what clients store and load.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<{ url: string }>;
  /** The URL `put` hands out for key, known before the file is written. */
  urlOf(key: string): string;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The key behind a URL this storage handed out, or undefined for any other URL. */
  keyFromUrl(url: string): string | undefined;
  /** A stored public file's bytes; rejects with StoredFileMissingError when there is none. */
  read(key: string): Promise<Readable>;
  /**
   * The private area: files only the server hands out (data exports, through a signed link),
   * never reachable at any address of the public area. Disk: a directory beside the uploads,
   * outside what /uploads serves. S3: keys under `private/` in the same bucket, which the media
   * route never names (it serves public-area keys only) and the bucket never makes public.
   */
  putPrivateFile(key: string, file: string, contentType: string): Promise<void>;
  readPrivate(key: string): Promise<Readable>;
  /** Idempotent, like delete. */
  deletePrivate(key: string): Promise<void>;
  /**
   * Removes the folder `prefix` (photos/<id>, avatars/<id>, exports/<id>) of the public or
   * private area when nothing is left in it, so an erased account leaves not even its id behind.
   * Only for folders nobody writes to any more: a write racing the removal would fail. S3 has no
   * folders, so there it does nothing.
   */
  removeEmptyFolder(prefix: string, area: "public" | "private"): Promise<void>;
}

/** A read of a key that holds no file. */
export class StoredFileMissingError extends Error {
  constructor(key: string) {
    super(`no stored file at ${key}`);
    this.name = "StoredFileMissingError";
  }
}

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Whether a key is one a storage could have chosen: relative, with no way out of the root. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split("/").some((part) => part === ".." || part === ".");
}

function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
}

/** The safe key of a URL under `base` (as handed out by a storage), or undefined. */
function keyUnder(base: string, url: string): string | undefined {
  const prefix = `${base}/`;
  if (!url.startsWith(prefix)) return undefined;
  const key = url.slice(prefix.length);
  return isSafeKey(key) ? key : undefined;
}

/** A random, URL-safe file name part: 128 bits, so names are unguessable and never reused. */
export function randomName(): string {
  return randomBytes(16)
    .toString("base64url")
    .replace(/[^a-z0-9]/gi, "")
    .toLowerCase();
}

/** Where the disk storage keeps uploads inside DATA_DIR. */
export function uploadsDirectory(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

/** Where the disk storage keeps private files inside DATA_DIR: beside uploads, never served. */
export function privateDirectory(dataDir: string): string {
  return path.join(dataDir, "private");
}

/** A path under `root` for a safe key, or a throw when the key would leave it. */
function fileUnder(root: string, key: string): string {
  assertSafeKey(key);
  const file = path.resolve(root, key);
  if (!file.startsWith(path.resolve(root) + path.sep)) {
    throw new Error(`storage key escapes the root: ${key}`);
  }
  return file;
}

async function openForReading(file: string, key: string): Promise<Readable> {
  try {
    // Opened before the stream exists, so a missing file rejects here rather than as a stream
    // error after the caller started piping.
    return (await open(file, "r")).createReadStream();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new StoredFileMissingError(key);
    throw error;
  }
}

/**
 * Files under `root` (DATA_DIR/uploads), served by the app at `publicPrefix` (/uploads); private
 * files under `privateRoot` (DATA_DIR/private by default), which nothing serves.
 */
export class DiskStorage implements Storage {
  constructor(
    readonly root: string,
    private readonly publicPrefix = "/uploads",
    readonly privateRoot = privateDirectory(path.dirname(root)),
  ) {}

  async put(key: string, data: Buffer, _contentType: string): Promise<{ url: string }> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written in place: keys are fresh random names whose URL nobody has until this returns, and
    // a write cut short by a crash stays under a key that a pending upload row still names, so
    // the sweep of stale uploads removes it (a temporary file would be left to nobody).
    await writeFile(file, data, { mode: 0o644, flag: "wx" });
    return { url: this.urlOf(key) };
  }

  urlOf(key: string): string {
    assertSafeKey(key);
    return `${this.publicPrefix}/${key}`;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  keyFromUrl(url: string): string | undefined {
    return keyUnder(this.publicPrefix, url);
  }

  read(key: string): Promise<Readable> {
    return openForReading(this.pathOf(key), key);
  }

  async putPrivateFile(key: string, file: string, _contentType: string): Promise<void> {
    const target = fileUnder(this.privateRoot, key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      // The temporary file usually sits on the same file system: a rename, not a copy.
      await rename(file, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      await writeFile(target, createReadStream(file), { mode: 0o600 });
      await rm(file, { force: true });
    }
  }

  readPrivate(key: string): Promise<Readable> {
    return openForReading(fileUnder(this.privateRoot, key), key);
  }

  async deletePrivate(key: string): Promise<void> {
    await rm(fileUnder(this.privateRoot, key), { force: true });
  }

  async removeEmptyFolder(prefix: string, area: "public" | "private"): Promise<void> {
    const folder = fileUnder(area === "public" ? this.root : this.privateRoot, prefix);
    try {
      await rmdir(folder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTEMPTY") throw error;
    }
  }

  private pathOf(key: string): string {
    return fileUnder(this.root, key);
  }
}

export interface S3StorageOptions {
  /** S3-compatible endpoint (MinIO, R2, …); absent means AWS itself. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

/** Where S3Storage keeps private files. */
const S3_PRIVATE_PREFIX = "private/";

/** The subset of the AWS SDK's S3 client that S3Storage uses (tests pass a fake). */
export interface S3Like {
  send(command: unknown): Promise<unknown>;
}

/**
 * Objects in an S3-compatible bucket (S3_* settings), written once under random keys. The app
 * serves them at `publicPrefix` (/uploads) as it serves files on disk, through the media route
 * that asks who may see each one, so the bucket needs no public read. (Addresses stored when
 * the bucket served photos itself were rewritten to /uploads/<key> by migration 0029, ADR 0036.)
 */
export class S3Storage implements Storage {
  private clientPromise: Promise<S3Like> | undefined;

  constructor(
    private readonly options: S3StorageOptions,
    client?: S3Like,
    private readonly publicPrefix = "/uploads",
  ) {
    if (client) this.clientPromise = Promise.resolve(client);
  }

  /** Loaded on first use so the embedded (disk) mode never pays for the SDK. */
  private client(): Promise<S3Like> {
    this.clientPromise ??= import("@aws-sdk/client-s3").then(
      ({ S3Client }) =>
        new S3Client({
          region: this.options.region,
          ...(this.options.endpoint
            ? { endpoint: this.options.endpoint, forcePathStyle: true }
            : {}),
          ...(this.options.accessKeyId && this.options.secretAccessKey
            ? {
                credentials: {
                  accessKeyId: this.options.accessKeyId,
                  secretAccessKey: this.options.secretAccessKey,
                },
              }
            : {}),
        }),
    );
    return this.clientPromise;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<{ url: string }> {
    assertSafeKey(key);
    const { PutObjectCommand } = await import("@aws-sdk/client-s3");
    await (await this.client()).send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
      }),
    );
    return { url: this.urlOf(key) };
  }

  urlOf(key: string): string {
    assertSafeKey(key);
    return `${this.publicPrefix}/${key}`;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const { DeleteObjectCommand } = await import("@aws-sdk/client-s3");
    await (await this.client()).send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }),
    );
  }

  keyFromUrl(url: string): string | undefined {
    return keyUnder(this.publicPrefix, url);
  }

  read(key: string): Promise<Readable> {
    assertSafeKey(key);
    return this.getObject(key);
  }

  async putPrivateFile(key: string, file: string, contentType: string): Promise<void> {
    const { PutObjectCommand } = await import("@aws-sdk/client-s3");
    const { size } = await stat(file);
    await (await this.client()).send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.privateKey(key),
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
        CacheControl: "private, no-store",
      }),
    );
    await rm(file, { force: true });
  }

  readPrivate(key: string): Promise<Readable> {
    return this.getObject(this.privateKey(key));
  }

  async deletePrivate(key: string): Promise<void> {
    await this.delete(this.privateKey(key));
  }

  async removeEmptyFolder(): Promise<void> {}

  private privateKey(key: string): string {
    assertSafeKey(key);
    return `${S3_PRIVATE_PREFIX}${key}`;
  }

  private async getObject(key: string): Promise<Readable> {
    const { GetObjectCommand } = await import("@aws-sdk/client-s3");
    try {
      const output = (await (
        await this.client()
      ).send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }))) as {
        Body?: Readable;
      };
      if (!output.Body) throw new StoredFileMissingError(key);
      return output.Body;
    } catch (error) {
      if ((error as { name?: string }).name === "NoSuchKey") throw new StoredFileMissingError(key);
      throw error;
    }
  }
}
