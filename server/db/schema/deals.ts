import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  type ExtraConfigColumn,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { dealVoteChoices } from "../../../domain/deal-votes.ts";
import { DEAL_GONE_LEAD } from "../../../domain/deal-votes-rules.ts";
import {
  counter,
  createdAt,
  imageChecks,
  imageColumns,
  isHidden,
  newestFirst,
  searchVector,
  unaccented,
  updatedAt,
  uuidPrimaryKey,
} from "../columns.ts";
import { profiles } from "./profiles.ts";
import { restaurants } from "./restaurants.ts";

/**
 * When a deal stops for good, as one comparable value: `ends_at`, or infinity for a weekly deal
 * without a last day. "Not ended at `at`" is `dealEnd(ends_at) > at`, a condition on one
 * expression that the listing indexes below hold, so an index scan checks it on the entry
 * without reading the row. Queries write it with this function so its text is the indexes'.
 */
export const dealEnd = (endsAt: AnyPgColumn | ExtraConfigColumn | SQL) =>
  sql`coalesce(${endsAt}, 'infinity'::timestamptz)`;

/**
 * Deals (docs/decisions/0029). The columns every item has (author, restaurant, title, hidden,
 * counters, search vector) are named as in reviews and posts, so the items kernel can take
 * deals as a kind. When a deal runs: `ends_at` alone (runs until then), or weekly windows
 * (`week_days`, `starts_minute`, `ends_minute` in `time_zone`'s wall clock, running past
 * midnight when it ends before it starts) with an optional `last_day`, whose last window's end
 * is stored in `ends_at` too, so "has it ended" is one comparison for both and an index range.
 */
export const deals = pgTable(
  "deals",
  {
    id: uuidPrimaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // Every deal is at a restaurant; as with reviews, deleting the place must not delete them.
    restaurantId: uuid("restaurant_id")
      .notNull()
      .references(() => restaurants.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    details: text("details"),
    /** IANA name, e.g. "America/New_York": the restaurant's zone, else its author's. */
    timeZone: text("time_zone").notNull(),
    /** The instant it stops for good; null for a weekly deal without a last day. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Weekly: bit (d - 1) for ISO day d (Monday 1 … Sunday 7). */
    weekDays: smallint("week_days"),
    /** Weekly: minutes after local midnight its windows start and end. */
    startsMinute: smallint("starts_minute"),
    endsMinute: smallint("ends_minute"),
    /** Weekly: the local day its last window starts on (kept for display; ends_at rules). */
    lastDay: date("last_day", { mode: "string" }),
    isHidden: isHidden(),
    likeCount: counter("like_count"),
    commentCount: counter("comment_count"),
    /** The "Still on" and "Gone" votes (deal_votes), moved in the vote's transaction. */
    stillOnCount: counter("still_on_count"),
    goneCount: counter("gone_count"),
    /**
     * "Reported gone": Gone leads Still on by DEAL_GONE_LEAD or more. Stored, so the listings'
     * partial indexes leave these deals out and a vote back returns the deal to them.
     */
    isReportedGone: boolean("is_reported_gone").generatedAlwaysAs(
      sql.raw(`gone_count - still_on_count >= ${DEAL_GONE_LEAD}`),
    ),
    searchVector: searchVector("title", "details"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("deals_like_count_non_negative", sql`${t.likeCount} >= 0`),
    check("deals_comment_count_non_negative", sql`${t.commentCount} >= 0`),
    check("deals_still_on_count_non_negative", sql`${t.stillOnCount} >= 0`),
    check("deals_gone_count_non_negative", sql`${t.goneCount} >= 0`),
    check(
      "deals_schedule_shape",
      sql`(${t.weekDays} is null and ${t.startsMinute} is null and ${t.endsMinute} is null
            and ${t.lastDay} is null and ${t.endsAt} is not null)
        or (${t.weekDays} between 1 and 127
            and ${t.startsMinute} between 0 and 1439 and ${t.endsMinute} between 0 and 1439
            and ${t.startsMinute} <> ${t.endsMinute}
            and (${t.lastDay} is null) = (${t.endsAt} is null))`,
    ),
    // The listings' indexes hold the deals they may show: neither hidden nor reported gone.
    // Each ends with dealEnd, so a walk checks the end on the entry and reads no ended row
    // (ADR 0042). A restaurant's deals that have not ended, newest first: its Deals tab and
    // its count.
    index("deals_restaurant_tab_idx")
      .on(t.restaurantId, ...newestFirst(t), dealEnd(t.endsAt))
      .where(sql`not ${t.isHidden} and not ${t.isReportedGone}`),
    // The feed's walk (ADR 0034) and Explore's newest deals (ADR 0042); it ends with the
    // author, as reviews_feed_idx does.
    index("deals_feed_idx")
      .on(...newestFirst(t), dealEnd(t.endsAt), t.userId)
      .where(sql`not ${t.isHidden} and not ${t.isReportedGone}`),
    // The deals listed at a moment, as one range: Explore's word and typo matches are ANDed
    // with it (a bitmap), so matches among ended deals are never read (ADR 0042).
    index("deals_listed_end_idx")
      .on(dealEnd(t.endsAt))
      .where(sql`not ${t.isHidden} and not ${t.isReportedGone}`),
    // The author's profile, ended ones included.
    index("deals_user_created_idx").on(t.userId, ...newestFirst(t)),
    // The Following feed's probe per followed person: their listed deals, newest first.
    index("deals_profile_idx")
      .on(t.userId, ...newestFirst(t), dealEnd(t.endsAt))
      .where(sql`not ${t.isHidden} and not ${t.isReportedGone}`),
    index("deals_search_vector_idx").using("gin", t.searchVector),
    index("deals_title_trgm_idx").using("gin", sql`${unaccented(t.title)} gin_trgm_ops`),
  ],
);

export const dealImages = pgTable(
  "deal_images",
  {
    id: uuidPrimaryKey(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    ...imageColumns(),
  },
  (t) => [
    ...imageChecks("deal_images", t),
    index("deal_images_deal_order_idx").on(t.dealId, t.displayOrder),
    // Which deal a requested photo belongs to, so the media route can ask who may see it.
    index("deal_images_image_url_idx").on(t.imageUrl),
  ],
);

/** One person's "Still on" or "Gone" on a deal: one per person, changeable, taken back. */
export const dealVotes = pgTable(
  "deal_votes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    vote: text("vote", { enum: dealVoteChoices }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "deal_votes_pkey", columns: [t.userId, t.dealId] }),
    check("deal_votes_vote_valid", sql`${t.vote} in ('still_on', 'gone')`),
    index("deal_votes_deal_id_idx").on(t.dealId),
  ],
);

export type NewDeal = typeof deals.$inferInsert;
