import { z } from "zod";
import { itemSchema } from "./items.ts";
import type { explorePageTabs, exploreTabs } from "./search-rules.ts";
import { searchText } from "./text-input.ts";
import { savedByFollowedCountSchema } from "./want-to-try.ts";

// Explore: one search box over dishes, restaurants, posts, people and deals.

export type ExploreTab = (typeof exploreTabs)[number];

export type ExplorePageTab = (typeof explorePageTabs)[number];

/** Each tab lists at most this many results (the best matches, or the newest without a query). */
export const EXPLORE_RESULT_LIMIT = 20;

/** `GET /api/search/{tab}?q=`: without `q` a tab lists what is newest (restaurants by name). */
export const exploreSearchQuery = z.object({ q: searchText });

/**
 * GET /api/search/dishes, /posts and /deals: dish reviews, posts or deals (those not ended nor
 * reported gone), best match first.
 */
export const itemSearchResultsSchema = z.object({ items: z.array(itemSchema) });

export type ItemSearchResults = z.infer<typeof itemSearchResultsSchema>;

/** A restaurant as an explore card shows it. */
const restaurantCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  address: z.string().nullable(),
  googleRating: z.number().nullable(),
  /** Google's price level (1-4), shown as dollar signs; null when unknown. */
  priceLevel: z.number().int().nullable(),
  /** Visible dish and restaurant reviews. */
  reviewCount: z.number().int(),
  savedByFollowedCount: savedByFollowedCountSchema,
});

export type RestaurantCardDto = z.infer<typeof restaurantCardSchema>;

/** GET /api/search/restaurants */
export const restaurantSearchResultsSchema = z.object({
  restaurants: z.array(restaurantCardSchema),
});

export type RestaurantSearchResults = z.infer<typeof restaurantSearchResultsSchema>;

/** A person as an explore card shows them. */
const userCardSchema = z.object({
  id: z.string(),
  username: z.string(),
  slug: z.string().nullable(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  counts: z.object({
    /** Visible dish and restaurant reviews. */
    reviews: z.number().int(),
    followers: z.number().int(),
    following: z.number().int(),
  }),
  /** Whether the signed-in viewer follows them; null for visitors and for the viewer's own card. */
  followedByMe: z.boolean().nullable(),
  isMe: z.boolean(),
});

export type UserCardDto = z.infer<typeof userCardSchema>;

/** GET /api/search/users: people who finished setting up their profile. */
export const userSearchResultsSchema = z.object({ users: z.array(userCardSchema) });

export type UserSearchResults = z.infer<typeof userSearchResultsSchema>;
