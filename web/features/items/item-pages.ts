import type { ItemDto } from "#domain/items.ts";

/** What a keyset-paged list of items needs from its infinite query (the feed, a tab of items). */
interface ItemPagesQueryResult {
  data: { pages: readonly { items: ItemDto[] }[] } | undefined;
  status: "pending" | "error" | "success";
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  isRefetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

/** A keyset-paged list of items as its body shows it: the items so far and the paging state. */
export interface ItemPages {
  items: ItemDto[];
  status: "pending" | "error" | "success";
  /** The list on screen is an earlier query's, kept until the new answer arrives. */
  refreshing: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  isRefetching: boolean;
  retry: () => void;
  loadMore: () => void;
}

export function itemPages(query: ItemPagesQueryResult): ItemPages {
  return {
    items: query.data?.pages.flatMap((page) => page.items) ?? [],
    status: query.status,
    refreshing: query.isPlaceholderData,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    nextPageFailed: query.isFetchNextPageError,
    isRefetching: query.isRefetching,
    retry: () => void query.refetch(),
    // One request at a time: a scroll or click while a page (or a refetch) loads asks for nothing.
    loadMore: () => {
      if (!query.isFetching) void query.fetchNextPage();
    },
  };
}
