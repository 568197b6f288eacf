import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, searchVector, unaccented, uuidPrimaryKey } from "../columns.ts";
import { profiles } from "./profiles.ts";

export const restaurants = pgTable(
  "restaurants",
  {
    id: uuidPrimaryKey(),
    name: text("name").notNull(),
    // Null until the restaurant page first generates it from name and address.
    slug: text("slug").unique("restaurants_slug_unique"),
    // A plain unique constraint lets any number of rows have no place id (nulls are distinct).
    googlePlaceId: text("google_place_id").unique("restaurants_google_place_id_unique"),
    address: text("address"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    // From the place provider's answer or the address, so places can be counted by city.
    city: text("city"),
    region: text("region"),
    // The place provider its address, pin, city or region came from (a place the provider
    // vouched for, or the city of its pin reverse geocoded); null for what a person typed. OSM's
    // data is credited where it is shown (docs/decisions/0027).
    placeSource: text("place_source", { enum: ["google", "osm"] }),
    // Who first named the place (with a review or post): they may give it a location later.
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    phone: text("phone"),
    website: text("website"),
    priceLevel: integer("price_level"),
    googleRating: numeric("google_rating", { precision: 2, scale: 1, mode: "number" }),
    // Rows of restaurant_follows, moved in the follow's own transaction (restaurant-follows.queries).
    followerCount: integer("follower_count").notNull().default(0),
    searchVector: searchVector("name", "address"),
    createdAt: createdAt(),
  },
  (t) => [
    check("restaurants_place_source_valid", sql`${t.placeSource} in ('google', 'osm')`),
    check("restaurants_follower_count_nonnegative", sql`${t.followerCount} >= 0`),
    check("restaurants_price_level_range", sql`${t.priceLevel} between 1 and 4`),
    check("restaurants_google_rating_range", sql`${t.googleRating} between 0 and 5`),
    check("restaurants_latitude_range", sql`${t.latitude} between -90 and 90`),
    check("restaurants_longitude_range", sql`${t.longitude} between -180 and 180`),
    // A pin is both coordinates or none.
    check("restaurants_location_pair", sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    index("restaurants_search_vector_idx").using("gin", t.searchVector),
    // A typed restaurant is matched by name and address, case ignored (findOrCreateRestaurant),
    // on every review or post naming one and every row of an import.
    index("restaurants_name_address_idx").on(
      sql`lower(${t.name})`,
      sql`lower(coalesce(${t.address}, ''))`,
    ),
    // A new restaurant's free slug: the ones taken that start with its base (slugsLike's LIKE
    // 'base-%', which the unique index cannot serve under a non-C collation).
    index("restaurants_slug_pattern_idx").on(t.slug.op("text_pattern_ops")),
    // Explore's restaurant list without a query: by name, the first 20 straight from the index.
    index("restaurants_name_idx").on(t.name, t.id),
    // Explore and the place search: typo-tolerant name matches, accents ignored.
    index("restaurants_name_trgm_idx").using("gin", sql`${unaccented(t.name)} gin_trgm_ops`),
    // Nearby: a latitude band read from the index, longitudes checked in it (docs/decisions/0028).
    index("restaurants_location_idx")
      .on(t.latitude, t.longitude)
      .where(sql`${t.latitude} is not null and ${t.longitude} is not null`),
  ],
);

/**
 * The restaurants a person follows (the page's Follow button): they hear of each new deal there.
 * The primary key (person first) makes a follow idempotent and serves the person's own list.
 */
export const restaurantFollows = pgTable(
  "restaurant_follows",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    restaurantId: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "restaurant_follows_pk", columns: [t.userId, t.restaurantId] }),
    // A restaurant's followers, read index-only by a new deal's notifications.
    index("restaurant_follows_restaurant_idx").on(t.restaurantId, t.userId),
  ],
);

export type Restaurant = typeof restaurants.$inferSelect;
export type NewRestaurant = typeof restaurants.$inferInsert;
