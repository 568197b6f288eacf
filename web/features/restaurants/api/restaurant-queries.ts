import { queryOptions } from "@tanstack/react-query";
import type { RestaurantDto } from "#domain/restaurant.ts";
import { ApiRequestError, apiGet } from "#web/lib/api-client.ts";
import { apiPaths } from "#web/lib/api-paths.ts";

/** A restaurant by UUID or slug, under ["restaurants", idOrSlug]; 404 is not retried. */
export function restaurantQuery(idOrSlug: string) {
  return queryOptions({
    queryKey: ["restaurants", idOrSlug],
    queryFn: ({ signal }) => apiGet<RestaurantDto>(apiPaths.restaurant(idOrSlug), { signal }),
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiRequestError && error.status === 404),
  });
}
