import {
  infiniteQueryOptions,
  type QueryClient,
  type QueryKey,
  queryOptions,
} from "@tanstack/react-query";
import type { ContentDto, ItemType } from "#domain/content.ts";
import { FEED_LIMITS } from "#domain/feed.ts";
import { apiGet } from "#web/lib/api-client.ts";

/**
 * A review or post as the feed returns it. The feed adds the spec's derived author fields
 * (userName, userHandler); GET /api/reviews/:id and /api/posts/:id do not, so screens derive
 * them from `author` with domain/feed.ts when absent.
 */
export type FeedItem = ContentDto & { userName?: string; userHandler?: string };

export type FeedScope = "everyone" | "following";

export interface FeedPage {
  items: FeedItem[];
  nextCursor: string | null;
}

export const feedKeys = {
  all: ["feed"] as const,
  scope: (scope: FeedScope) => ["feed", scope] as const,
};

/** Reviews and posts newest first, 20 a page, paged by the server's opaque keyset cursor. */
export function feedQuery(scope: FeedScope) {
  return infiniteQueryOptions({
    queryKey: feedKeys.scope(scope),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(FEED_LIMITS.pageDefault), scope });
      if (pageParam) params.set("cursor", pageParam);
      return apiGet<FeedPage>(`/api/feed?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * The same keys as the reviews feature's queries (["reviews", id], ["posts", id]), so a saved
 * edit there replaces what the detail view shows, and lib/content-cache.ts refreshes both.
 */
export const contentKeys = {
  item: (kind: ItemType, id: string) => [kind === "review" ? "reviews" : "posts", id] as const,
};

/** /api/reviews/:id or /api/posts/:id. */
export function contentPath(kind: ItemType, id: string): string {
  return `/api/${kind === "review" ? "reviews" : "posts"}/${encodeURIComponent(id)}`;
}

/** One review or post for the detail view (with isOwner for the Edit/Delete menu). */
export function contentQuery(kind: ItemType, id: string) {
  return queryOptions({
    queryKey: contentKeys.item(kind, id),
    queryFn: ({ signal }) => apiGet<FeedItem>(contentPath(kind, id), { signal }),
  });
}

type InfiniteFeed = { pages: FeedPage[]; pageParams: unknown[] };

/**
 * Applies `update` to one review or post wherever it is cached: every loaded page of every feed
 * scope and its detail entry. Likes and comment counts change through here so the card and the
 * open dialog never disagree.
 */
export function updateCachedItem(
  queryClient: QueryClient,
  kind: ItemType,
  id: string,
  update: (item: FeedItem) => FeedItem,
): void {
  const matches = (item: FeedItem) => item.itemType === kind && item.id === id;
  queryClient.setQueriesData<InfiniteFeed>({ queryKey: feedKeys.all }, (data) => {
    if (!data?.pages) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.items.some(matches)) return page;
      changed = true;
      return { ...page, items: page.items.map((item) => (matches(item) ? update(item) : item)) };
    });
    return changed ? { ...data, pages } : data;
  });
  queryClient.setQueryData<FeedItem>(contentKeys.item(kind, id), (item) =>
    item ? update(item) : item,
  );
}

/** Query keys whose data updateCachedItem may touch for one item (to cancel reads first). */
export function itemCacheKeys(kind: ItemType, id: string): QueryKey[] {
  return [feedKeys.all, contentKeys.item(kind, id)];
}
