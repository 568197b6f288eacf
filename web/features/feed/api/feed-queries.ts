import { infiniteQueryOptions } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { FeedPage, FeedScope } from "#domain/feed.ts";
import { pageParams } from "#domain/page-params.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { feedKeys } from "#web/lib/query-keys.ts";

/** Reviews and posts newest first, 20 a page, paged by the server's opaque keyset cursor. */
export function feedQuery(scope: FeedScope) {
  return infiniteQueryOptions({
    queryKey: feedKeys.scope(scope),
    queryFn: ({ pageParam, signal }) =>
      apiGet<FeedPage>(apiPaths.feed(pageParams(pageParam, { scope })), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
