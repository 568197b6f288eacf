import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
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
