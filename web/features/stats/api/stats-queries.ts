import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { ProfilePageDto } from "#domain/profile.ts";
import type { StatsDto, StatsFirstsPage, StatsVisibilityDto } from "#domain/stats.ts";
import { statsMessages } from "#domain/stats-rules.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { profileKeys, statsKeys } from "#web/lib/query-keys.ts";
import { toast } from "#web/lib/toast.ts";

const yearParams = (year: number | null) =>
  new URLSearchParams(year === null ? {} : { year: String(year) });

export function statsQuery(profileId: string, year: number | null) {
  return queryOptions({
    queryKey: statsKeys.stats(profileId, year),
    queryFn: ({ signal }) =>
      apiGet<StatsDto>(apiPaths.profileStats(profileId, yearParams(year)), { signal }),
  });
}

/** The first-times timeline, keyset paged ("Load more"). */
export function statsFirstsQuery(profileId: string, year: number | null) {
  return infiniteQueryOptions({
    queryKey: statsKeys.firsts(profileId, year),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = yearParams(year);
      if (pageParam) params.set("cursor", pageParam);
      return apiGet<StatsFirstsPage>(apiPaths.profileStatsFirsts(profileId, params), { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/**
 * "Show my stats on my profile": the switch moves at once (the profile pages' cached
 * statsPublic), and back with an error toast if the server refuses.
 */
export function useSetStatsVisibility() {
  const queryClient = useQueryClient();
  const apply = (value: boolean) =>
    queryClient.setQueriesData<ProfilePageDto>({ queryKey: profileKeys.pages }, (page) =>
      page?.isOwn ? { ...page, statsPublic: value } : page,
    );
  return useMutation({
    mutationFn: (value: boolean) =>
      apiSend<StatsVisibilityDto>("PUT", apiPaths.statsVisibility, { public: value }),
    onMutate: async (value) => {
      await queryClient.cancelQueries({ queryKey: profileKeys.pages });
      apply(value);
    },
    onError: (error, value) => {
      console.error("Stats visibility update failed", error);
      apply(!value);
      toast.error(statsMessages.visibilityFailed);
    },
    onSuccess: (state) => {
      apply(state.public);
      toast.success(state.public ? statsMessages.visibilityOn : statsMessages.visibilityOff);
    },
  });
}
