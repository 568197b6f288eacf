import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded files live. Keys are chosen by the server (never from a file name), e.g.
 * `avatars/<userId>/<random>.webp`; `url` is what clients store and load.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<{ url: string }>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The key behind a URL this storage handed out, or undefined for any other URL. */
  keyFromUrl(url: string): string | undefined;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split("/").some((part) => part === ".." || part === ".")) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** A random, URL-safe file name part: 128 bits, so names are unguessable and never reused. */
export function randomName(): string {
  return randomBytes(16)
    .toString("base64url")
    .replace(/[^a-z0-9]/gi, "")
    .toLowerCase();
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
    // Write then rename, so a reader never sees half a file.
    const temporary = `${file}.${randomName()}.tmp`;
    await writeFile(temporary, data, { mode: 0o644 });
    await rename(temporary, file);
    return { url: `${this.publicPrefix}/${key}` };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  keyFromUrl(url: string): string | undefined {
    const prefix = `${this.publicPrefix}/`;
    if (!url.startsWith(prefix)) return undefined;
    const key = url.slice(prefix.length);
    try {
      assertSafeKey(key);
      return key;
    } catch {
      return undefined;
    }
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
