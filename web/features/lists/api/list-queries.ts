import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ListDetailDto, ListSummariesDto, MyListsDto } from "#domain/lists.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { apiPaths } from "#web/lib/api-paths.ts";
import { useSession } from "#web/lib/session.tsx";

/**
 * Everything about named lists lives under "lists": refreshContent marks the root stale with the
 * rest of the content, since a list shows reviews and counts only what may be seen.
 */
export const listKeys = {
  all: ["lists"] as const,
  details: ["lists", "detail"] as const,
  detail: (listId: string, key: string | null) => ["lists", "detail", listId, key] as const,
  mine: ["lists", "mine"] as const,
  mineFor: (target: ListTarget) => ["lists", "mine", target.kind, target.id] as const,
  following: ["lists", "following"] as const,
  profiles: ["lists", "profile"] as const,
  profile: (profileId: string) => ["lists", "profile", profileId] as const,
};

/** What Add to list adds: a restaurant, or a review. */
export interface ListTarget {
  kind: "restaurant" | "review";
  id: string;
}

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
