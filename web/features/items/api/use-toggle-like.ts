import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { ItemDto } from "#domain/items.ts";
import type { LikeState } from "#domain/like.ts";
import { likeMessages } from "#domain/like-rules.ts";
import { itemCacheKeys, updateCachedItem } from "#web/features/item-data/api/item-queries.ts";
import { apiSend } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";

function withLike(item: ItemDto, liked: boolean): ItemDto {
  if (Boolean(item.likedByMe) === liked) return item;
  return {
    ...item,
    likedByMe: liked,
    likeCount: Math.max(0, item.likeCount + (liked ? 1 : -1)),
  };
}

/**
 * Like/unlike with optimistic UI: the heart and count change at once in every cached
 * feed page and detail view. On failure only this toggle is undone (not a snapshot, which would
 * also erase a quicker second toggle) and "Failed to update like" is shown. The server's answer
 * is the final word on the count.
 */
export function useToggleLike(kind: ItemKind, id: string) {
  const queryClient = useQueryClient();
  const mutationKey = ["like", kind, id];
  return useMutation({
    mutationKey,
    /** `liked` is the state wanted: true likes, false unlikes. */
    mutationFn: (liked: boolean) =>
      apiSend<LikeState>(liked ? "PUT" : "DELETE", apiPaths.itemLike(kind, id)),
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
