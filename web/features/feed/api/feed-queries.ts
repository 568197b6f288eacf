import { infiniteQueryOptions } from "@tanstack/react-query";
import type { FeedPage, FeedScope } from "#domain/feed.ts";
import { PAGE_LIMITS } from "#domain/paging.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { apiPaths } from "#web/lib/api-paths.ts";

export const feedKeys = {
  all: ["feed"] as const,
  scope: (scope: FeedScope) => ["feed", scope] as const,
};

/** Reviews and posts newest first, 20 a page, paged by the server's opaque keyset cursor. */
export function feedQuery(scope: FeedScope) {
  return infiniteQueryOptions({
    queryKey: feedKeys.scope(scope),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_LIMITS.pageDefault), scope });
      if (pageParam) params.set("cursor", pageParam);
      return apiGet<FeedPage>(apiPaths.feed(params), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
