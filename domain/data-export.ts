import { z } from "zod";
import { hasNoNul } from "./text-input.ts";

/**
 * "Download my data": a person asks for a copy of everything they put into Tasted. The server
 * builds a zip in the background (profile, reviews, posts, comments, likes, follows, lists, want
 * to try, blocks and mutes as JSON, every photo they uploaded at its original resolution and a
 * README.txt), then offers it through a signed link that works for 7 days without signing in,
 * so it can be emailed. One export is built at a time per person; asking again while one is
 * open returns that one.
 */

const dataExportStatuses = ["pending", "building", "ready", "failed"] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

/** How long a ready export (its file and its link) stays downloadable. */
export const DATA_EXPORT_LIFETIME_DAYS = 7;

/** One export as its owner sees it. `downloadUrl` is the signed link, present only when ready. */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(dataExportStatuses),
  /** 0–100: the share of files written into the zip. */
  progress: z.number().int().min(0).max(100),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  downloadUrl: z.string().nullable(),
});
export type DataExportDto = z.infer<typeof dataExportSchema>;

/** GET /api/exports/latest: the caller's newest export, or null when they never asked. */
export const latestDataExportSchema = z.object({ export: dataExportSchema.nullable() });
export type LatestDataExport = z.infer<typeof latestDataExportSchema>;

/** Whether an export is still on its way (the section polls only then). */
export function isDataExportOpen(status: DataExportStatus): boolean {
  return status === "pending" || status === "building";
}

const linkPart = (max: number) =>
  z.string().min(1).max(max).refine(hasNoNul, "Link must not contain NUL characters");

/** The signed link's query: its expiry (Unix seconds) and the HMAC that covers id and expiry. */
export const dataExportDownloadQuery = z.object({
  expires: linkPart(20),
  signature: linkPart(128),
});

/** "tasted-data-2026-11-24.zip": the downloaded file's name, by the export's creation day. */
export function dataExportFileName(createdAt: Date): string {
  return `tasted-data-${createdAt.toISOString().slice(0, 10)}.zip`;
}

/** "1.4 MB": a file size for people. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export const dataExportMessages = {
  title: "Download my data",
  intro:
    "Get a copy of your profile, reviews, posts, comments, likes, follows, lists, want to try, blocks and mutes, with every photo you uploaded at its original size, in one zip file.",
  start: "Download my data",
  building: (progress: number) => `Preparing your data… ${progress}%`,
  buildingHint:
    "You can leave this page. If your email address is confirmed, we'll send you the link.",
  progressLabel: "Export progress",
  ready: "Your data is ready.",
  download: "Download zip",
  size: (bytes: number) => `Size: ${formatFileSize(bytes)}`,
  availableUntil: (date: string) => `Available until ${date}`,
  makeNew: "Make a new one",
  failed: "We couldn't prepare your data.",
  tryAgain: "Try again",
  started: "We're preparing your data",
  startFailed: "Could not start the export. Please try again.",
  loadFailed: "Could not load your data export.",
  retry: "Retry",
  linkNotFound: "This download link is not valid.",
  linkExpired: `This download link has expired: links work for ${DATA_EXPORT_LIFETIME_DAYS} days. Ask for a new export in Privacy & data.`,
  emailSubject: "Your Tasted data is ready",
  emailText: (url: string, until: string) =>
    `The copy of your Tasted data you asked for is ready.\n\nDownload it: ${url}\n\nThe link works until ${until}. If you did not ask for it, change your password.`,
} as const;
