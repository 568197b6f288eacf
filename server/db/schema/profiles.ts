import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text } from "drizzle-orm/pg-core";
import {
  counter,
  createdAt,
  newestFirst,
  searchVector,
  unaccented,
  updatedAt,
} from "../columns.ts";
import { user } from "./auth.ts";

/**
 * One row per user; `id` equals the auth user's id (better-auth ids are text) and goes with it
 * when the account is deleted.
 * A new account gets a temporary username `user_<suffix>` (the suffix must be at most 25
 * lowercase letters, digits or underscores so it passes the format check) and empty names until
 * /setup completes.
 */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    username: text("username").notNull().unique("profiles_username_unique"),
    slug: text("slug").notNull().unique("profiles_slug_unique"),
    fullName: text("full_name"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    bio: text("bio"),
    avatarUrl: text("avatar_url"),
    location: text("location"),
    /** Whether the profile's Stats tab (and Year in Food) shows to others; the owner always sees it. */
    statsPublic: boolean("stats_public").notNull().default(false),
    /** Who may count this person's Want to try saves (domain/want-to-try.ts); private by default. */
    wantToTryVisibility: text("want_to_try_visibility", { enum: ["private", "followers"] })
      .notNull()
      .default("private"),
    /**
     * Only approved followers see what the person writes (their follow requests are the follows
     * module's follow_requests); their name, photo and counts stay public.
     */
    isPrivate: boolean("is_private").notNull().default(false),
    followerCount: counter("follower_count"),
    followingCount: counter("following_count"),
    searchVector: searchVector("username", "full_name"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The character class has no upper case, so this also enforces username = lower(username).
    check("profiles_username_format", sql`${t.username} ~ '^[a-z0-9_]{3,30}$'`),
    check("profiles_follower_count_non_negative", sql`${t.followerCount} >= 0`),
    check("profiles_following_count_non_negative", sql`${t.followingCount} >= 0`),
    check(
      "profiles_want_to_try_visibility_valid",
      sql`${t.wantToTryVisibility} in ('private', 'followers')`,
    ),
    index("profiles_search_vector_idx").using("gin", t.searchVector),
    index("profiles_username_trgm_idx").using("gin", t.username.op("gin_trgm_ops")),
    index("profiles_full_name_trgm_idx").using("gin", sql`${unaccented(t.fullName)} gin_trgm_ops`),
    index("profiles_created_at_idx").on(...newestFirst(t)),
    // The few private accounts, read whole by every content read (author-visibility.ts).
    index("profiles_private_idx").on(t.id).where(sql`${t.isPrivate}`),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    // Primary key on user_id: one role per user.
    userId: text("user_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "moderator", "user"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("user_roles_role_valid", sql`${t.role} in ('admin', 'moderator', 'user')`)],
);

export type Profile = typeof profiles.$inferSelect;
export type NewProfile = typeof profiles.$inferInsert;
