import { queryOptions } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type {
  ExploreTab,
  ItemSearchResults,
  RestaurantSearchResults,
  UserSearchResults,
} from "#domain/search.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { exploreKeys } from "#web/lib/query-keys.ts";

/** What each explore tab's search answers. */
export interface ExploreResults {
  dishes: ItemSearchResults;
  restaurants: RestaurantSearchResults;
  posts: ItemSearchResults;
  users: UserSearchResults;
  deals: ItemSearchResults;
}

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
