import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DealDto, DealInput } from "#domain/deals.ts";
import { apiSend } from "#web/lib/api-client.ts";
import { apiPaths } from "#web/lib/api-paths.ts";
import { refreshContent } from "#web/lib/content-cache.ts";

/** POST a deal (docs/decisions/0029); the restaurant page and its counts are read again. */
export function useCreateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DealInput) => apiSend<DealDto>("POST", apiPaths.deals, input),
    onSuccess: () => void refreshContent(queryClient),
  });
}
