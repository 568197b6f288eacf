import { sql } from "drizzle-orm";
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
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

/**
 * A person's best predicted items as last computed (ADR 0033, "Latency"), with the people
 * behind each: every id in the arrays is checked against the reader's visibility when the page
 * is read, so a block, a private account or a leaving one takes effect at once, and the counts
 * and the score are summed from the people who pass. Derived data: recomputed whenever the
 * owner's ratings or follows change, refreshed in the background when old.
 */
export const forYouPicks = pgTable(
  "for_you_picks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    restaurantId: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    /** '' for the restaurant itself, else the dish's key (dishKeySql). */
    dishKey: text("dish_key").notNull(),
    /** A spelling of the dish's name from its loves; null for the restaurant. */
    dishName: text("dish_name"),
    /** The neighbours who loved it, and each one's agreement × (their rating − 3), summed. */
    tastePeople: text("taste_people").array().notNull(),
    tasteWeights: doublePrecision("taste_weights").array().notNull(),
    /** The followed people who loved it, and each one's rating of it. */
    followedPeople: text("followed_people").array().notNull(),
    followedRatings: smallint("followed_ratings").array().notNull(),
    /** The people who loved it among everyone's newest reviews. */
    latelyPeople: text("lately_people").array().notNull(),
  },
  (t) => [
    primaryKey({ name: "for_you_picks_pk", columns: [t.userId, t.restaurantId, t.dishKey] }),
    // Deleting a restaurant finds the rows that point at it without a scan.
    index("for_you_picks_restaurant_idx").on(t.restaurantId),
  ],
);

/**
 * When a person's picks were computed and from what: `inputs` sums up their ratings and
 * follows as they were (a changed one means recompute), and the totals the score divides by.
 * A row with no picks still says "computed, nothing to suggest".
 */
export const forYouStates = pgTable("for_you_states", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  inputs: text("inputs").notNull(),
  /** Every neighbour and their agreement: the taste part divides by the visible ones' sum. */
  neighbourPeople: text("neighbour_people").array().notNull(),
  neighbourAgreements: doublePrecision("neighbour_agreements").array().notNull(),
  /** The most lovers any item had lately: the popular part divides by it. */
  mostLately: integer("most_lately").notNull(),
  /** How many things the person had rated. */
  ownRatings: integer("own_ratings").notNull(),
});
