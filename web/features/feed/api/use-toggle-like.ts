import { useMutation, useQueryClient } from "@tanstack/react-query";
import { likeMessages } from "#domain/comment.ts";
import type { ItemType } from "#domain/content.ts";
import { apiSend } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { type FeedItem, itemCacheKeys, updateCachedItem } from "./feed-queries.ts";

interface LikeState {
  liked: boolean;
  likeCount: number;
}

function withLike(item: FeedItem, liked: boolean): FeedItem {
  if (Boolean(item.likedByMe) === liked) return item;
  return {
    ...item,
    likedByMe: liked,
    likeCount: Math.max(0, item.likeCount + (liked ? 1 : -1)),
  };
}

/**
 * Like/unlike with optimistic UI (spec 4): the heart and count change at once in every cached
 * feed page and detail view. On failure only this toggle is undone (not a snapshot, which would
 * also erase a quicker second toggle) and "Failed to update like" is shown. The server's answer
 * is the final word on the count.
 */
export function useToggleLike(kind: ItemType, id: string) {
  const queryClient = useQueryClient();
  const mutationKey = ["like", kind, id];
  return useMutation({
    mutationKey,
    /** `liked` is the state wanted: true likes, false unlikes. */
    mutationFn: (liked: boolean) =>
      apiSend<LikeState>(
        liked ? "PUT" : "DELETE",
        `/api/${kind === "review" ? "reviews" : "posts"}/${encodeURIComponent(id)}/like`,
      ),
    onMutate: async (liked) => {
      await Promise.all(
        itemCacheKeys(kind, id).map((queryKey) => queryClient.cancelQueries({ queryKey })),
      );
      updateCachedItem(queryClient, kind, id, (item) => withLike(item, liked));
    },
    onError: (error, liked) => {
      console.error("Like update failed", error);
      updateCachedItem(queryClient, kind, id, (item) =>
        Boolean(item.likedByMe) === liked ? withLike(item, !liked) : item,
      );
      toast.error(likeMessages.updateFailed);
    },
    onSuccess: (state) => {
      // A later toggle of the same item is still on its way: its answer decides.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      updateCachedItem(queryClient, kind, id, (item) => ({
        ...item,
        likedByMe: state.liked,
        likeCount: state.likeCount,
      }));
    },
  });
}
