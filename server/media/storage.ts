import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

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

/** Files under `root` (DATA_DIR/uploads), served by the app at `publicPrefix` (/uploads). */
export class DiskStorage implements Storage {
  constructor(
    readonly root: string,
    private readonly publicPrefix = "/uploads",
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

  private pathOf(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) {
      throw new Error(`storage key escapes the root: ${key}`);
    }
    return file;
  }
}

export interface S3StorageOptions {
  /** S3-compatible endpoint (MinIO, R2, …); absent means AWS itself. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Where the bucket's objects are readable (a CDN or the bucket's public address). */
  publicUrl?: string | undefined;
}

/** The public base address of a bucket's objects, without a trailing slash. */
export function s3PublicBaseUrl(options: S3StorageOptions): string {
  if (options.publicUrl) return options.publicUrl.replace(/\/+$/, "");
  if (options.endpoint) return `${options.endpoint.replace(/\/+$/, "")}/${options.bucket}`;
  return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
}

/** The subset of the AWS SDK's S3 client that S3Storage uses (tests pass a fake). */
export interface S3Like {
  send(command: unknown): Promise<unknown>;
}

/**
 * Objects in an S3-compatible bucket (S3_* settings). Objects are written once under random
 * keys, so they carry immutable caching and their content type; nosniff is the bucket's or
 * CDN's job, as with any static host.
 */
export class S3Storage implements Storage {
  private readonly baseUrl: string;
  private clientPromise: Promise<S3Like> | undefined;

  constructor(
    private readonly options: S3StorageOptions,
    client?: S3Like,
  ) {
    this.baseUrl = s3PublicBaseUrl(options);
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
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
    return { url: this.urlOf(key) };
  }

  urlOf(key: string): string {
    assertSafeKey(key);
    return `${this.baseUrl}/${key}`;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const { DeleteObjectCommand } = await import("@aws-sdk/client-s3");
    await (await this.client()).send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }),
    );
  }

  keyFromUrl(url: string): string | undefined {
    return keyUnder(this.baseUrl, url);
  }
}
