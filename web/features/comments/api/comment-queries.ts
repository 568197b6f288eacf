import { infiniteQueryOptions } from "@tanstack/react-query";
import type { CommentPage } from "#domain/comment.ts";
import type { ItemKind } from "#domain/item-kinds.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { apiPaths } from "#web/lib/api-paths.ts";
import { commentKeys } from "#web/lib/query-keys.ts";

/** How many comments one request brings (the collapsed list shows 2 of them). */
const COMMENT_PAGE_SIZE = 20;

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
