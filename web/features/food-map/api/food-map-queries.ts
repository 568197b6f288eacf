import { queryOptions } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { FoodMapDto } from "#domain/food-map.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { foodMapKeys } from "#web/lib/query-keys.ts";

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
