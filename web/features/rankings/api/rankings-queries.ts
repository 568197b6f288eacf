import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { ReviewDto } from "#domain/items.ts";
import type { RankingsDto, RankPlacement } from "#domain/rankings.ts";
import { rankingMessages } from "#domain/rankings-rules.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { refreshContent } from "#web/lib/content-cache.ts";
import { profileKeys } from "#web/lib/query-keys.ts";
import { toast } from "#web/lib/toast.ts";

/** A person's rankings: each category's dishes best first. */
export function rankingsQuery(profileId: string) {
  return queryOptions({
    queryKey: profileKeys.rankings(profileId),
    queryFn: ({ signal }) => apiGet<RankingsDto>(apiPaths.rankings(profileId), { signal }),
  });
}

/** Places a ranked dish; every list and score on screen is read again after. */
export function useRankDish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, placement }: { id: string; placement: RankPlacement }) =>
      apiSend<ReviewDto>("PUT", apiPaths.rank(id), placement),
    onSuccess: () => refreshContent(queryClient),
    onError: (error) =>
      toast.error(rankingMessages.rankFailed, error instanceof Error ? error.message : undefined),
  });
}
