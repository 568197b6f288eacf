import type { FeedScope } from "#domain/feed.ts";
import type { FollowListKind } from "#domain/follows.ts";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { ItemSort } from "#domain/item-lists.ts";
import type { ProfileTab } from "#domain/profile.ts";
import type { RestaurantTab } from "#domain/restaurant.ts";
import type { ExploreTab } from "#domain/search.ts";
import type { WantToTryStatus } from "#domain/want-to-try.ts";

/**
 * Every feature's cache keys, in one place below the features: a feature marks another's data
 * stale (a follow rewrites explore's people, a block drops comments, a new review moves Want to
 * try) by importing these keys, never the feature that reads the data.
 */

/**
 * Reads that carry the browser's position (rounded to ~100 m): Nearby and the place search. A
 * position is used for the answer only and never kept, so these stay in memory and are never
 * saved to the device (offline-cache.ts).
 */
export const positionKeys = {
  nearby: (lat: number, lng: number) => ["nearby", lat.toFixed(3), lng.toFixed(3)] as const,
  /** Nearby's active deals; votes rewrite the deals cached under it (item-queries.ts). */
  nearbyDeals: ["nearby", "deals"] as const,
  nearbyDealsAt: (lat: number, lng: number) =>
    ["nearby", "deals", lat.toFixed(3), lng.toFixed(3)] as const,
  places: (text: string, lat: number | null, lng: number | null) =>
    ["places", text, lat, lng] as const,
  roots: new Set<unknown>(["nearby", "places"]),
};

export const itemKeys = {
  item: (kind: ItemKind, id: string) => ["items", kind, id] as const,
  bySlug: (type: string, slug: string) => ["items", "by-slug", type, slug] as const,
};

export const feedKeys = {
  all: ["feed"] as const,
  scope: (scope: FeedScope) => ["feed", scope] as const,
};

/** Whom the signed-in person may mention: per item (none: a new one) and search. */
export const mentionKeys = {
  suggestions: (kind: ItemKind | null, id: string | null, q: string) =>
    ["mentions", kind, id, q] as const,
};

export const commentKeys = {
  all: ["comments"] as const,
  item: (kind: ItemKind, id: string) => ["comments", kind, id] as const,
  /** The rest of a thread's replies, under its item so that refreshing the item refreshes them. */
  replies: (kind: ItemKind, id: string, commentId: string) =>
    ["comments", kind, id, "replies", commentId] as const,
};

/**
 * Everything about profiles lives under "profiles": the realtime client invalidates that root
 * when someone follows or an item is deleted, so headers, tabs and follow lists refresh.
 */
export const profileKeys = {
  all: ["profiles"] as const,
  pages: ["profiles", "page"] as const,
  page: (handle: string) => ["profiles", "page", handle] as const,
  items: (profileId: string, tab: ProfileTab, sort: ItemSort, q: string) =>
    ["profiles", profileId, "items", tab, sort, q] as const,
  followList: (profileId: string, kind: FollowListKind) => ["profiles", profileId, kind] as const,
  diary: (profileId: string) => ["profiles", profileId, "diary"] as const,
  rankings: (profileId: string) => ["profiles", profileId, "rankings"] as const,
  ownCategories: ["profiles", "own-categories"] as const,
  /** People to follow: under "profiles", so a follow anywhere reads them again. */
  suggested: ["profiles", "suggested"] as const,
};

/**
 * Stats live under the profile's keys ("profiles", id, "stats"), so a review's create, edit or
 * delete (refreshContent) and the realtime client's profile refresh mark them stale too.
 * `year` null is the last 12 months.
 */
export const statsKeys = {
  all: (profileId: string) => [...profileKeys.all, profileId, "stats"] as const,
  stats: (profileId: string, year: number | null) =>
    [...profileKeys.all, profileId, "stats", "summary", year] as const,
  firsts: (profileId: string, year: number | null) =>
    [...profileKeys.all, profileId, "stats", "firsts", year] as const,
};

/**
 * Everything about restaurants lives under "restaurants": creating, editing or deleting an item
 * marks that root stale (refreshContent), so a page's stats and tabs are fresh on return.
 */
export const restaurantKeys = {
  all: ["restaurants"] as const,
  page: (idOrSlug: string) => ["restaurants", "page", idOrSlug] as const,
  items: (restaurantId: string, tab: RestaurantTab, sort: ItemSort, q: string) =>
    ["restaurants", restaurantId, "items", tab, sort, q] as const,
  followedReviews: (restaurantId: string) =>
    ["restaurants", restaurantId, "followed-reviews"] as const,
  deals: (restaurantId: string) => ["restaurants", restaurantId, "deals"] as const,
};

/**
 * Explore's searches live under "explore", which every create, edit and delete of an item marks
 * stale; a follow rewrites the cached people searches (["explore", "users"]).
 */
export const exploreKeys = {
  tab: (tab: ExploreTab) => ["explore", tab] as const,
  results: (tab: ExploreTab, q: string) => ["explore", tab, q] as const,
  /** The signed-in person's For you picks: a new review of theirs makes them stale too. */
  forYou: ["explore", "for-you"] as const,
};

/** What Add to list adds: a restaurant, or a review. */
export interface ListTarget {
  kind: "restaurant" | "review";
  id: string;
}

/**
 * Everything about named lists lives under "lists": refreshContent marks the root stale with the
 * rest of the content, since a list shows reviews and counts only what may be seen.
 */
export const listKeys = {
  all: ["lists"] as const,
  details: ["lists", "detail"] as const,
  detail: (listId: string, key: string | null) => ["lists", "detail", listId, key] as const,
  mine: ["lists", "mine"] as const,
  mineFor: (target: ListTarget) => ["lists", "mine", target.kind, target.id] as const,
  following: ["lists", "following"] as const,
  profiles: ["lists", "profile"] as const,
  profile: (profileId: string) => ["lists", "profile", profileId] as const,
};

/**
 * Everything about Want to try lives under "want-to-try": a review's create, edit or delete marks
 * the root stale (refreshContent), since a review moves saved entries to Tried.
 */
export const wantToTryKeys = {
  all: ["want-to-try"] as const,
  keys: ["want-to-try", "keys"] as const,
  lists: ["want-to-try", "list"] as const,
  list: (status: WantToTryStatus) => ["want-to-try", "list", status] as const,
};

/** Food maps live under "food-map", which a review's create, edit or delete marks stale. */
export const foodMapKeys = {
  all: ["food-map"] as const,
  own: ["food-map", "own"] as const,
  profile: (profileId: string) => ["food-map", "profile", profileId] as const,
};

/** Year in Food lives under "year-in-food": a person's open years and each year's recap. */
export const yearInFoodKeys = {
  all: ["year-in-food"] as const,
  years: (profileId: string) => ["year-in-food", profileId, "years"] as const,
  year: (profileId: string, year: number) => ["year-in-food", profileId, year] as const,
};

/** Everything about notifications lives under ["notifications", …]; realtime invalidates the root. */
export const notificationKeys = {
  all: ["notifications"] as const,
  list: ["notifications", "list"] as const,
  unreadCount: ["notifications", "unread-count"] as const,
  people: (key: string) => ["notifications", "people", key] as const,
  /** The follow requests waiting (their notices come and go with notifications). */
  requests: ["notifications", "requests"] as const,
};

export const notificationSettingsKeys = {
  all: ["notification-settings"] as const,
  settings: () => [...notificationSettingsKeys.all, "settings"] as const,
  push: () => [...notificationSettingsKeys.all, "push"] as const,
};

/** The people the signed-in person blocked or muted live under "safety". */
export const safetyKeys = {
  all: ["safety"] as const,
  list: (kind: "block" | "mute") => ["safety", kind] as const,
};

/** Everything /admin reads lives under ["admin"]; each action re-reads the whole root. */
export const adminKeys = {
  all: ["admin"] as const,
  stats: ["admin", "stats"] as const,
  reports: ["admin", "reports"] as const,
  activity: ["admin", "activity"] as const,
  team: ["admin", "team"] as const,
};
