import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "../columns.ts";
import { user } from "./auth.ts";

const person = (name: string) =>
  text(name)
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

/**
 * Who blocked whom (domain/blocks.ts). A block works both ways, so reads ask "is there a row
 * for this pair in either direction": the primary key answers one direction, the reverse index
 * the other, each an index probe.
 */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: person("blocker_id"),
    blockedId: person("blocked_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "user_blocks_pk", columns: [t.blockerId, t.blockedId] }),
    check("user_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
    index("user_blocks_blocked_idx").on(t.blockedId, t.blockerId),
    // Settings' "Blocked accounts": the blocker's rows, newest first.
    index("user_blocks_blocker_created_idx").on(t.blockerId, t.createdAt.desc()),
  ],
);

/** Who muted whom: one-sided, read only for the muter's feed and notifications. */
export const userMutes = pgTable(
  "user_mutes",
  {
    muterId: person("muter_id"),
    mutedId: person("muted_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "user_mutes_pk", columns: [t.muterId, t.mutedId] }),
    check("user_mutes_not_self", sql`${t.muterId} <> ${t.mutedId}`),
    index("user_mutes_muter_created_idx").on(t.muterId, t.createdAt.desc()),
  ],
);
