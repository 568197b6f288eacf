import { infiniteQueryOptions } from "@tanstack/react-query";
import type { AuthorDto, ItemType } from "#domain/content.ts";
import { apiGet } from "#web/lib/api-client.ts";

/** A comment as GET /api/{reviews|posts}/:id/comments returns it. */
export interface CommentDto {
  id: string;
  itemType: ItemType;
  itemId: string;
  content: string;
  createdAt: string;
  author: AuthorDto;
  /** Spec 3 derived fields: display name and profile handle. */
  userName: string;
  userHandler: string;
  /** The signed-in caller wrote it (may delete it). */
  isOwner: boolean;
}

export interface CommentPage {
  items: CommentDto[];
  nextCursor: string | null;
}

/** How many comments one request brings (the collapsed list shows 2 of them). */
export const COMMENT_PAGE_SIZE = 20;

export const commentKeys = {
  all: ["comments"] as const,
  item: (kind: ItemType, id: string) => ["comments", kind, id] as const,
};

export function commentsPath(kind: ItemType, id: string): string {
  return `/api/${kind === "review" ? "reviews" : "posts"}/${encodeURIComponent(id)}/comments`;
}

/** Comments of one review or post, newest first, keyset paged. */
export function commentsQuery(kind: ItemType, id: string) {
  return infiniteQueryOptions({
    queryKey: commentKeys.item(kind, id),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(COMMENT_PAGE_SIZE) });
      if (pageParam) params.set("cursor", pageParam);
      return apiGet<CommentPage>(`${commentsPath(kind, id)}?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
