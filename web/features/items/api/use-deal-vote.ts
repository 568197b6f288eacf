import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { DealVote, DealVoteState } from "#domain/deal-votes.ts";
import { DEAL_GONE_LEAD, dealVoteMessages } from "#domain/deal-votes-rules.ts";
import type { ItemDto } from "#domain/items.ts";
import { itemCacheKeys, updateCachedItem } from "#web/features/item-data/api/item-queries.ts";
import { apiSend } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";

/** The deal as it would be with `vote` (null: none) in place of the viewer's current one. */
function withVote(item: ItemDto, vote: DealVote | null): ItemDto {
  if (item.itemType !== "deal" || item.myVote === vote) return item;
  const delta = (choice: DealVote) => (vote === choice ? 1 : 0) - (item.myVote === choice ? 1 : 0);
  const stillOnCount = Math.max(0, item.stillOnCount + delta("still_on"));
  const goneCount = Math.max(0, item.goneCount + delta("gone"));
  return {
    ...item,
    myVote: vote,
    stillOnCount,
    goneCount,
    reportedGone: goneCount - stillOnCount >= DEAL_GONE_LEAD,
  };
}

/**
 * "Still on" / "Gone" with optimistic UI, as a like works: the counts change at once wherever
 * the deal is cached, a failure puts the vote before it back and says "Failed to update vote",
 * and the server's answer is the final word on the counts.
 */
export function useDealVote(id: string) {
  const queryClient = useQueryClient();
  const mutationKey = ["deal-vote", id];
  return useMutation({
    mutationKey,
    /** The vote wanted, with the one it replaces (to undo a failure). */
    mutationFn: ({ vote }: { vote: DealVote | null; previous: DealVote | null }) =>
      vote === null
        ? apiSend<DealVoteState>("DELETE", apiPaths.dealVote(id))
        : apiSend<DealVoteState>("PUT", apiPaths.dealVote(id), { vote }),
    onMutate: async ({ vote }) => {
      await Promise.all(
        itemCacheKeys("deal", id).map((queryKey) => queryClient.cancelQueries({ queryKey })),
      );
      updateCachedItem(queryClient, "deal", id, (item) => withVote(item, vote));
    },
    onError: (error, { vote, previous }) => {
      console.error("Deal vote failed", error);
      updateCachedItem(queryClient, "deal", id, (item) =>
        item.itemType === "deal" && item.myVote === vote ? withVote(item, previous) : item,
      );
      toast.error(dealVoteMessages.updateFailed);
    },
    onSuccess: (state) => {
      // A later vote on the same deal is still on its way: its answer decides.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      updateCachedItem(queryClient, "deal", id, (item) => ({ ...item, ...state }));
    },
  });
}
