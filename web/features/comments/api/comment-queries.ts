import { infiniteQueryOptions } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { CommentPage, ReplyPage } from "#domain/comment.ts";
import type { ItemKind } from "#domain/item-kinds.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { commentKeys } from "#web/lib/query-keys.ts";

/** How many comments (or replies) one request brings (the collapsed list shows 2 of them). */
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

/**
 * The replies of a thread after those its comment arrived with (`from`: its repliesCursor),
 * oldest first.
 */
export function repliesQuery(kind: ItemKind, id: string, commentId: string, from: string) {
  return infiniteQueryOptions({
    queryKey: commentKeys.replies(kind, id, commentId),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(COMMENT_PAGE_SIZE), cursor: pageParam });
      return apiGet<ReplyPage>(apiPaths.commentReplies(kind, commentId, params), { signal });
    },
    initialPageParam: from,
    getNextPageParam: (last) => last.nextCursor,
  });
}
