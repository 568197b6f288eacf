import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { isPlaceholderEmail } from "#domain/auth.ts";
import { DATA_EXPORT_LIFETIME_DAYS, dataExportMessages } from "#domain/data-export.ts";
import type { EmailSender } from "#server/auth/senders/email.ts";
import type { Database } from "#server/db/client.ts";
import { randomName, type Storage } from "#server/media/storage.ts";
import { writeDataArchive } from "./data-export.archive.ts";
import {
  claimNextExport,
  type DataExportRow,
  findConfirmedEmail,
  markExportFailed,
  markExportReady,
  setExportProgress,
} from "./data-export.queries.ts";
import { downloadUrl, type ExportLinks } from "./data-export.service.ts";

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DataExportWorkerOptions {
  db: Database;
  storage: Storage;
  email: EmailSender;
  links: ExportLinks;
  log: Logger;
  /** Where zips are written while they are built (DATA_DIR/export-tmp: disk, not tmpfs RAM). */
  tempDir: string;
}

/** Progress is written at most this often (each write is a statement). */
const PROGRESS_INTERVAL_MS = 500;
/** Temporary directories this old were left by a process that died mid-build. */
const LEFTOVER_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Builds data exports inside the server process, one at a time: kick() after a new export (and
 * on a timer, for exports started on other instances and builds whose worker died) drains the
 * queue. A failed build marks its export failed and is logged; nothing here throws to callers.
 */
export class DataExportWorker {
  private running: Promise<void> | undefined;
  private kickedAgain = false;
  private stopped = false;

  constructor(private readonly options: DataExportWorkerOptions) {}

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.kickedAgain = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) =>
        this.options.log.error({ err: error }, "data export worker failed"),
      )
      .finally(() => {
        this.running = undefined;
        if (this.kickedAgain) {
          this.kickedAgain = false;
          this.kick();
        }
      });
  }

  /** Takes no further export and resolves once the build under way has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      let job: DataExportRow | undefined;
      try {
        job = await claimNextExport(this.options.db);
      } catch (error) {
        this.options.log.warn({ err: error }, "claiming a data export failed");
        return;
      }
      if (!job) return;
      await this.build(job);
    }
  }

  private async build(job: DataExportRow): Promise<void> {
    const { db, storage, log } = this.options;
    let dir: string | undefined;
    let lastProgress = 0;
    let lastWrite = 0;
    let progressWrite: Promise<void> = Promise.resolve();
    try {
      await mkdir(this.options.tempDir, { recursive: true, mode: 0o700 });
      dir = await mkdtemp(path.join(this.options.tempDir, "build-"));
      const file = path.join(dir, "export.zip");
      const sizeBytes = await writeDataArchive({
        db,
        storage,
        log,
        userId: job.userId,
        file,
        onProgress: (share) => {
          // 100 is for a stored, downloadable export only.
          const progress = Math.min(99, Math.floor(share * 100));
          const now = Date.now();
          if (progress <= lastProgress || now - lastWrite < PROGRESS_INTERVAL_MS) return;
          lastProgress = progress;
          lastWrite = now;
          progressWrite = progressWrite
            .then(() => setExportProgress(db, job.id, progress))
            .catch((error: unknown) => log.warn({ err: error }, "data export progress failed"));
        },
      });
      await progressWrite;
      const fileKey = `exports/${job.userId}/${randomName()}.zip`;
      await storage.putPrivateFile(fileKey, file, "application/zip");
      const ready = await markExportReady(db, job.id, {
        fileKey,
        sizeBytes,
        lifetimeDays: DATA_EXPORT_LIFETIME_DAYS,
      });
      if (!ready) {
        // The account went while its export was built: nothing may keep its data.
        await storage.deletePrivate(fileKey);
        return;
      }
      log.info({ exportId: job.id, sizeBytes }, "data export ready");
      await this.announce(ready);
    } catch (error) {
      log.error({ err: error, exportId: job.id }, "building a data export failed");
      await progressWrite;
      await markExportFailed(db, job.id).catch((failure: unknown) =>
        log.warn({ err: failure }, "marking a data export failed did not work"),
      );
    } finally {
      if (dir) await rm(dir, { recursive: true, force: true }).catch(() => {});
    }
  }

  /** Best effort: emails the owner the link, if the account has a confirmed real address. */
  private async announce(row: DataExportRow): Promise<void> {
    if (!row.expiresAt) return;
    try {
      const email = await findConfirmedEmail(this.options.db, row.userId);
      if (!email || isPlaceholderEmail(email)) return;
      const url = downloadUrl(this.options.links, row.id, row.expiresAt);
      const until = row.expiresAt.toUTCString();
      await this.options.email.send({
        to: email,
        subject: dataExportMessages.emailSubject,
        text: dataExportMessages.emailText(url, until),
      });
    } catch (error) {
      this.options.log.warn({ err: error, exportId: row.id }, "emailing a data export failed");
    }
  }

  /** Removes temporary build directories a process that died mid-build left behind. */
  async removeLeftovers(now = Date.now()): Promise<void> {
    const names = await readdir(this.options.tempDir).catch(() => [] as string[]);
    await Promise.all(
      names.map(async (name) => {
        const dir = path.join(this.options.tempDir, name);
        const info = await stat(dir).catch(() => undefined);
        if (info && now - info.mtimeMs > LEFTOVER_AGE_MS) {
          await rm(dir, { recursive: true, force: true });
        }
      }),
    );
  }
}
