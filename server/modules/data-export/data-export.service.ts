import { createHmac, timingSafeEqual } from "node:crypto";
import type { Readable } from "node:stream";
import {
  type DataExportDto,
  dataExportFileName,
  dataExportMessages,
  type LatestDataExport,
} from "#domain/data-export.ts";
import type { RateLimitRule } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { type Storage, StoredFileMissingError } from "#server/media/storage.ts";
import { lockQuotaOwner } from "#server/modules/shared/quota-lock.ts";
import {
  type DataExportRow,
  deleteExpiredExports,
  findExport,
  findLatestExport,
  findOpenExport,
  insertExport,
} from "./data-export.queries.ts";

/** New exports a person may start per day: each one reads all their files. */
export const DATA_EXPORT_QUOTA: RateLimitRule = { window: 24 * 60 * 60, max: 5 };

/** What signs and checks download links: the server's auth secret and public address. */
export interface ExportLinks {
  secret: string;
  publicUrl: string;
}

export interface ExportContext {
  db: Database;
  userId: string;
  links: ExportLinks;
}

function signature(secret: string, id: string, expires: number): string {
  // The purpose is part of the signed text, so no other HMAC of the secret can pass for a link.
  return createHmac("sha256", secret).update(`data-export\n${id}\n${expires}`).digest("hex");
}

/**
 * The signed download link of a ready export: it names the export and its expiry, and an
 * HMAC-SHA256 of both under the server's secret, so it works without a session (emailed, or
 * opened in another browser) and nobody can make one for another export or a later expiry.
 */
export function downloadUrl(links: ExportLinks, id: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signature(links.secret, id, expires),
  });
  return `${links.publicUrl}/api/exports/${encodeURIComponent(id)}/download?${query}`;
}

function toDataExportDto(links: ExportLinks, row: DataExportRow): DataExportDto {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    downloadUrl:
      row.status === "ready" && row.expiresAt ? downloadUrl(links, row.id, row.expiresAt) : null,
  };
}

/** The caller's export still on its way (pending or building), if any. */
export async function openExport(ctx: ExportContext): Promise<DataExportDto | undefined> {
  const row = await findOpenExport(ctx.db, ctx.userId);
  return row ? toDataExportDto(ctx.links, row) : undefined;
}

/**
 * Starts an export for the caller, or returns the one still on its way (`started: false`), so
 * pressing the button twice never builds twice: the owner's row lock keeps two requests from
 * both finding none open and both starting one.
 */
export async function startExport(
  ctx: ExportContext,
): Promise<{ started: boolean; export: DataExportDto }> {
  return ctx.db.transaction(async (tx) => {
    // One export at a time per person, as their saved entries and lists are counted.
    await lockQuotaOwner(tx, ctx.userId);
    const open = await findOpenExport(tx, ctx.userId);
    const row = open ?? (await insertExport(tx, ctx.userId));
    return { started: !open, export: toDataExportDto(ctx.links, row) };
  });
}

/** The caller's newest export; one past its expiry is gone already, though not yet swept. */
export async function latestExport(
  ctx: ExportContext,
  now = new Date(),
): Promise<LatestDataExport> {
  const row = await findLatestExport(ctx.db, ctx.userId);
  const expired = row?.expiresAt != null && row.expiresAt <= now;
  return { export: row && !expired ? toDataExportDto(ctx.links, row) : null };
}

const notFound = () => ApiError.notFound(dataExportMessages.linkNotFound);

/**
 * Checks a download link and opens its zip. A link whose signature does not match (or names no
 * export) is a 404, so links cannot be probed; a genuine link past its expiry is a 410, even
 * once the sweep removed the file.
 */
export async function openDownload(
  db: Database,
  storage: Storage,
  links: ExportLinks,
  id: string,
  query: { expires: string; signature: string },
  now = new Date(),
): Promise<{ stream: Readable; fileName: string; sizeBytes: number | null }> {
  if (!/^\d{1,12}$/.test(query.expires) || !/^[0-9a-f]{64}$/.test(query.signature)) {
    throw notFound();
  }
  const expires = Number(query.expires);
  const expected = Buffer.from(signature(links.secret, id, expires), "hex");
  if (!timingSafeEqual(expected, Buffer.from(query.signature, "hex"))) throw notFound();
  if (expires * 1000 <= now.getTime()) {
    throw new ApiError(410, "LINK_EXPIRED", dataExportMessages.linkExpired);
  }
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const row = await findExport(db, id);
  if (row?.status !== "ready" || !row.fileKey) throw notFound();
  let stream: Readable;
  try {
    stream = await storage.readPrivate(row.fileKey);
  } catch (error) {
    // A row whose file is gone (a restored backup holds no exports) has nothing to give.
    if (error instanceof StoredFileMissingError) throw notFound();
    throw error;
  }
  return { stream, fileName: dataExportFileName(row.createdAt), sizeBytes: row.sizeBytes };
}

/** Deletes expired exports and their files; returns how many. */
export async function sweepExpiredExports(
  db: Database,
  storage: Storage,
  log: { warn(obj: object, msg: string): void },
  now = new Date(),
): Promise<number> {
  const removed = await deleteExpiredExports(db, now);
  await Promise.all(
    removed.map(({ fileKey }) =>
      fileKey
        ? storage.deletePrivate(fileKey).catch((error: unknown) => {
            log.warn({ err: error, key: fileKey }, "deleting an expired data export failed");
          })
        : undefined,
    ),
  );
  return removed.length;
}
