import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { importFormats } from "../../../domain/imports.ts";
import { createdAt, uuidPrimaryKey } from "../columns.ts";
import { user } from "./auth.ts";
import { restaurants } from "./restaurants.ts";
import { reviews } from "./reviews.ts";
import { wantToTry } from "./want-to-try.ts";

/**
 * A person's imports (docs/decisions/0031): a file read into a preview (`rows` holds what it
 * will write), then applied (the rows written, `rows` dropped) and perhaps undone. A person has
 * at most one preview: a new file replaces it.
 */
export const imports = pgTable(
  "imports",
  {
    id: uuidPrimaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    format: text("format", { enum: importFormats }).notNull(),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: ["preview", "applied", "undone"] }).notNull(),
    /** The checked rows of the file while it is a preview; null once applied. */
    rows: jsonb("rows"),
    /** What the import wrote, kept after an undo to say what it removed. */
    addedReviews: integer("added_reviews").notNull().default(0),
    addedWant: integer("added_want").notNull().default(0),
    createdAt: createdAt(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [
    check("imports_format_valid", sql`${t.format} in ('csv', 'takeout')`),
    check("imports_status_valid", sql`${t.status} in ('preview', 'applied', 'undone')`),
    check("imports_rows_while_preview", sql`(${t.rows} is not null) = (${t.status} = 'preview')`),
    // The person's newest import (the section's "Undo import") and their preview.
    index("imports_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Exactly the rows an import wrote: a review, a Want to try entry, or a restaurant it created.
 * Undo deletes these and nothing else. Each reference cascades, so a review its author deleted
 * since is simply no longer listed.
 */
export const importItems = pgTable(
  "import_items",
  {
    id: uuidPrimaryKey(),
    importId: uuid("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    reviewId: uuid("review_id").references(() => reviews.id, { onDelete: "cascade" }),
    wantToTryId: uuid("want_to_try_id").references(() => wantToTry.id, { onDelete: "cascade" }),
    restaurantId: uuid("restaurant_id").references(() => restaurants.id, { onDelete: "cascade" }),
  },
  (t) => [
    check(
      "import_items_one_target",
      sql`num_nonnulls(${t.reviewId}, ${t.wantToTryId}, ${t.restaurantId}) = 1`,
    ),
    index("import_items_import_idx").on(t.importId),
    // Deleting a review, an entry or a restaurant finds its import row without a scan.
    index("import_items_review_idx").on(t.reviewId).where(sql`${t.reviewId} is not null`),
    index("import_items_want_to_try_idx")
      .on(t.wantToTryId)
      .where(sql`${t.wantToTryId} is not null`),
    index("import_items_restaurant_idx")
      .on(t.restaurantId)
      .where(sql`${t.restaurantId} is not null`),
  ],
);
