import { infiniteQueryOptions, type QueryClient } from "@tanstack/react-query";
import type { CommentPage } from "#domain/comment.ts";
import type { ItemKind } from "#domain/item-kinds.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { apiPaths } from "#web/lib/api-paths.ts";

/** How many comments one request brings (the collapsed list shows 2 of them). */
const COMMENT_PAGE_SIZE = 20;

export const commentKeys = {
  all: ["comments"] as const,
  item: (kind: ItemKind, id: string) => ["comments", kind, id] as const,
};

/**
 * Forgets the comments of a review or post that is gone for this viewer (deleted, or its author
 * blocked): removed, and kept from being read again by a comment list still on screen until it
 * closes (a read would be a 404).
 */
export function forgetItemComments(queryClient: QueryClient, kind: ItemKind, id: string): void {
  const key = commentKeys.item(kind, id);
  queryClient.setQueryDefaults(key, { enabled: false });
  queryClient.removeQueries({ queryKey: key });
}

/** Comments of one review or post, newest first, keyset paged. */
export function commentsQuery(kind: ItemKind, id: string) {
  return infiniteQueryOptions({
    queryKey: commentKeys.item(kind, id),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(COMMENT_PAGE_SIZE) });
      if (pageParam) params.set("cursor", pageParam);
      return apiGet<CommentPage>(apiPaths.itemComments(kind, id, params), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
