import { infiniteQueryOptions, type QueryKey } from "@tanstack/react-query";
import type { ItemSort } from "#domain/item-lists.ts";
import type { ItemDto } from "#domain/items.ts";
import { pageParams } from "#domain/page-params.ts";
import { apiGet } from "#web/lib/api-client.ts";

/** One page of a tab of items (a profile's, a restaurant's). */
export interface ItemPage {
  items: ItemDto[];
  nextCursor: string | null;
}

export interface ItemTabFilters {
  tab: string;
  sort: ItemSort;
  /** The already debounced search text; empty for none. */
  q: string;
}

/**
 * A tab of items, keyset paged: `path` is the list's address for the query string of each page
 * (`tab`, `sort`, `q` when searching, `limit`, `cursor`).
 */
export function itemPagesQuery(
  queryKey: QueryKey,
  path: (params: URLSearchParams) => string,
  { tab, sort, q }: ItemTabFilters,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiGet<ItemPage>(path(pageParams(pageParam, q ? { tab, sort, q } : { tab, sort })), {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export type ItemPagesQuery = ReturnType<typeof itemPagesQuery>;
