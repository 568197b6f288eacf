import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { ListDetailDto, ListSummariesDto, MyListsDto } from "#domain/lists.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { type ListTarget, listKeys } from "#web/lib/query-keys.ts";
import { useSession } from "#web/lib/session.tsx";

/** One list with all its entries in order; `key` is a link list's share key from the address. */
export function listDetailQuery(listId: string, key: string | null) {
  return queryOptions({
    queryKey: listKeys.detail(listId, key),
    queryFn: ({ signal }) => apiGet<ListDetailDto>(apiPaths.list(listId, key), { signal }),
  });
}

/** The own lists for the Add to list picker, each saying whether it holds `target`. */
export function myListsQuery(target: ListTarget) {
  const params = new URLSearchParams({
    [target.kind === "restaurant" ? "restaurantId" : "reviewId"]: target.id,
  });
  return queryOptions({
    queryKey: listKeys.mineFor(target),
    queryFn: ({ signal }) => apiGet<MyListsDto>(apiPaths.myLists(params), { signal }),
  });
}

/** The lists the signed-in person follows; visitors follow none, so nothing is asked for them. */
export function useFollowedLists(enabled: boolean) {
  const { session } = useSession();
  return useQuery({
    queryKey: listKeys.following,
    queryFn: ({ signal }) => apiGet<ListSummariesDto>(apiPaths.followedLists, { signal }),
    enabled: enabled && session.status === "signed-in",
  });
}

/** A person's lists the viewer may see without a key (all of them on one's own profile). */
export function profileListsQuery(profileId: string) {
  return queryOptions({
    queryKey: listKeys.profile(profileId),
    queryFn: ({ signal }) => apiGet<ListSummariesDto>(apiPaths.profileLists(profileId), { signal }),
  });
}
