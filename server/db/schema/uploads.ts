import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { itemKinds } from "#domain/item-kinds.ts";
import { createdAt, uuidPrimaryKey } from "../columns.ts";
import { user } from "./auth.ts";

/**
 * Photos uploaded ahead of the review or post that will show them (POST /api/uploads/images),
 * so the browser can show per-photo progress and the review is then written with its images
 * in one transaction. Creating the review deletes the row (claims it) in that transaction; a
 * rollback puts it back. Rows nobody claimed within a day are removed with their files.
 */
export const imageUploads = pgTable(
  "image_uploads",
  {
    id: uuidPrimaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The 1280 variant's address; the 480 variant sits beside it (domain/content.ts). */
    imageUrl: text("image_url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    placeholder: text("placeholder").notNull(),
    altText: text("alt_text"),
    createdAt: createdAt(),
  },
  (t) => [
    index("image_uploads_user_idx").on(t.userId),
    index("image_uploads_created_idx").on(t.createdAt),
    check("image_uploads_size_positive", sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);

export type ImageUpload = typeof imageUploads.$inferSelect;
export type NewImageUpload = typeof imageUploads.$inferInsert;

/**
 * Avatars uploaded (POST /api/profile/avatar) and not yet saved by PUT /api/profile, which
 * claims the row. Rows nobody claimed within a day are removed with their files, as photo
 * uploads are, and an account's erasure finds its unsaved avatars here.
 */
export const avatarUploads = pgTable(
  "avatar_uploads",
  {
    /** The stored file's key (avatars/<user id>/<random>.webp). */
    key: text("key").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("avatar_uploads_user_idx").on(t.userId),
    index("avatar_uploads_created_idx").on(t.createdAt),
  ],
);

/**
 * What a submission of a new item used besides its uploads: the key it was sent with
 * (domain/item-kinds.ts SUBMISSION_KEY_HEADER), claimed first in the item's transaction, and the
 * item it made. A second submission with the same key waits on the first's row, then finds
 * that item. Keys belong to their author, so two people's keys never meet.
 */
export const itemSubmissions = pgTable(
  "item_submissions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    itemKind: text("item_kind", { enum: itemKinds }).notNull(),
    /** Set in the same transaction as the claim, so only an uncommitted row lacks it. */
    itemId: uuid("item_id"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
