import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, uuidPrimaryKey } from "../columns.ts";
import { user } from "./auth.ts";

export const dataExportStatuses = ["pending", "building", "ready", "failed"] as const;

/**
 * "Download my data": one row per export asked for. A worker claims pending rows, writes the zip
 * to storage under `file_key`, moving `progress` (0–100) as it goes; a ready export is
 * downloadable through a signed link until `expires_at`, then its file and row are swept.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuidPrimaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: dataExportStatuses }).notNull().default("pending"),
    progress: integer("progress").notNull().default(0),
    fileKey: text("file_key"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    createdAt: createdAt(),
    /** When a worker took it; a build whose worker died is taken again after a while. */
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "data_exports_status_valid",
      sql`${t.status} in ('pending', 'building', 'ready', 'failed')`,
    ),
    check("data_exports_progress_range", sql`${t.progress} between 0 and 100`),
    index("data_exports_user_created_idx").on(t.userId, t.createdAt.desc()),
    // The worker's queue and the sweep of expired files.
    index("data_exports_open_idx")
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'building')`),
    index("data_exports_expires_idx").on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
  ],
);

/**
 * Accounts their owners asked to delete. From `requested_at` the account is deactivated: its
 * sessions are gone and nobody else sees its profile or content. Signing in before `erase_after`
 * deletes this row and so restores everything; at `erase_after` the account is erased.
 */
export const accountDeletions = pgTable(
  "account_deletions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    eraseAfter: timestamp("erase_after", { withTimezone: true }).notNull(),
  },
  (t) => [index("account_deletions_erase_after_idx").on(t.eraseAfter)],
);
