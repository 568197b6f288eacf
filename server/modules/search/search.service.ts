import type { SQL } from "drizzle-orm";
import type { SessionUser } from "#domain/profile.ts";
import {
  EXPLORE_RESULT_LIMIT,
  type ItemSearchResults,
  type RestaurantSearchResults,
  type UserSearchResults,
} from "#domain/search.ts";
import type { Database } from "#server/db/client.ts";
import type { ItemRow } from "#server/modules/items/items.queries.ts";
import { toItemDtos } from "#server/modules/items/items.service.ts";
import {
  type ItemSearchTab,
  itemSearchSql,
  type RestaurantCardRow,
  restaurantSearchSql,
  type SearchTerms,
  searchSettingsSql,
  searchTerms,
  type UserCardRow,
  userSearchSql,
} from "./search.queries.ts";

// Explore's tabs, for visitors and signed-in people alike: without a query each lists what is
// newest (restaurants by name); with one, the best matches first. Deals are those listed now
// (not ended, not reported gone).

export interface SearchContext {
  db: Database;
  /** The signed-in viewer, or null for visitors. */
  user: SessionUser | null;
}

/**
 * The rows of one tab's statement. A query without a single letter or digit (only punctuation
 * or emoji) can match nothing, so it finds nothing without asking the database. A search runs
 * in a transaction only so its settings (searchSettingsSql) apply to its own statement alone.
 */
async function readTab<Row extends Record<string, unknown>>(
  db: Database,
  q: string | undefined,
  statement: (terms: SearchTerms | undefined) => SQL,
): Promise<Row[]> {
  if (q === undefined) return (await db.execute<Row>(statement(undefined))).rows;
  const terms = searchTerms(q);
  if (!terms) return [];
  return db.transaction(async (tx) => {
    await tx.execute(searchSettingsSql);
    return (await tx.execute<Row>(statement(terms))).rows;
  });
}

/**
 * Dish reviews, posts or deals, through the items kernel so likes, votes, ownership and photos
 * are the viewer's.
 */
export async function searchItems(
  ctx: SearchContext,
  tab: ItemSearchTab,
  q: string | undefined,
): Promise<ItemSearchResults> {
  const viewerId = ctx.user?.id;
  const rows = await readTab<ItemRow>(ctx.db, q, (terms) =>
    itemSearchSql(tab, terms, EXPLORE_RESULT_LIMIT, viewerId),
  );
  return { items: await toItemDtos(ctx.db, rows, viewerId) };
}

export async function searchRestaurants(
  ctx: SearchContext,
  q: string | undefined,
): Promise<RestaurantSearchResults> {
  const rows = await readTab<RestaurantCardRow>(ctx.db, q, (terms) =>
    restaurantSearchSql(terms, EXPLORE_RESULT_LIMIT, ctx.user?.id),
  );
  return {
    restaurants: rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      address: row.address,
      googleRating: row.google_rating === null ? null : Number(row.google_rating),
      priceLevel: row.price_level,
      reviewCount: Number(row.review_count),
      savedByFollowedCount: Number(row.saved_by_followed_count),
    })),
  };
}

export async function searchUsers(
  ctx: SearchContext,
  q: string | undefined,
): Promise<UserSearchResults> {
  const viewerId = ctx.user?.id;
  const rows = await readTab<UserCardRow>(ctx.db, q, (terms) =>
    userSearchSql(terms, EXPLORE_RESULT_LIMIT, viewerId),
  );
  return {
    users: rows.map((row) => {
      const isMe = row.id === viewerId;
      return {
        id: row.id,
        username: row.username,
        slug: row.slug,
        fullName: row.full_name,
        avatarUrl: row.avatar_url,
        counts: {
          reviews: Number(row.review_count),
          followers: Number(row.follower_count),
          following: Number(row.following_count),
        },
        followedByMe: viewerId && !isMe ? row.followed_by_viewer === true : null,
        isMe,
      };
    }),
  };
}
