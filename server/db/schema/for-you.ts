import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../columns.ts";
import { user } from "./auth.ts";
import { restaurants } from "./restaurants.ts";

/**
 * "Not interested" in Explore's For you (docs/decisions/0033): a restaurant (dish_key '') or a
 * dish there, by the key the recommendation query gives it (for-you.queries.ts, dishKeySql), so
 * the item never comes back. Only its owner's suggestions read it.
 */
export const forYouDismissals = pgTable(
  "for_you_dismissals",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    restaurantId: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    dishKey: text("dish_key").notNull().default(sql`''`),
    createdAt: createdAt(),
  },
  (t) => [
    // The owner's dismissals are probed by the whole key, one per candidate.
    primaryKey({ name: "for_you_dismissals_pk", columns: [t.userId, t.restaurantId, t.dishKey] }),
    // Deleting a restaurant finds the rows that point at it without a scan.
    index("for_you_dismissals_restaurant_idx").on(t.restaurantId),
  ],
);
