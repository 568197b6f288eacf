import { queryOptions } from "@tanstack/react-query";
import type { FoodMapDto } from "#domain/food-map.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { apiPaths } from "#web/lib/api-paths.ts";

/** Food maps live under "food-map", which a review's create, edit or delete marks stale. */
export const foodMapKeys = {
  all: ["food-map"] as const,
  own: ["food-map", "own"] as const,
  profile: (profileId: string) => ["food-map", "profile", profileId] as const,
};

/**
 * The signed-in person's map. Always re-read when the screen opens: a Save toggle anywhere
 * changes its want pins, and saves do not know about maps.
 */
export const ownMapQuery = queryOptions({
  queryKey: foodMapKeys.own,
  queryFn: ({ signal }) => apiGet<FoodMapDto>(apiPaths.ownMap, { signal }),
  staleTime: 0,
});

/** Someone's map: the places they tried. */
export function profileMapQuery(profileId: string) {
  return queryOptions({
    queryKey: foodMapKeys.profile(profileId),
    queryFn: ({ signal }) => apiGet<FoodMapDto>(apiPaths.profileMap(profileId), { signal }),
  });
}
