import { queryOptions } from "@tanstack/react-query";
import type {
  ExploreTab,
  ItemSearchResults,
  RestaurantSearchResults,
  UserSearchResults,
} from "#domain/search.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { apiPaths } from "#web/lib/api-paths.ts";

/** What each explore tab's search answers. */
export interface ExploreResults {
  dishes: ItemSearchResults;
  restaurants: RestaurantSearchResults;
  posts: ItemSearchResults;
  users: UserSearchResults;
}

/**
 * Explore's searches live under "explore", which every create, edit and delete of an item marks
 * stale; a follow rewrites the cached people searches (["explore", "users"]).
 */
export const exploreKeys = {
  tab: (tab: ExploreTab) => ["explore", tab] as const,
  results: (tab: ExploreTab, q: string) => ["explore", tab, q] as const,
};

/** One tab's results for `q` (already debounced and trimmed; empty lists the newest). */
export function exploreQuery<Tab extends ExploreTab>(tab: Tab, q: string) {
  return queryOptions({
    queryKey: exploreKeys.results(tab, q),
    queryFn: ({ signal }) =>
      apiGet<ExploreResults[Tab]>(apiPaths.search(tab, new URLSearchParams(q ? { q } : {})), {
        signal,
      }),
  });
}
