import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { ItemSort } from "#domain/item-lists.ts";
import type { DealDto } from "#domain/items.ts";
import { pageParams } from "#domain/page-params.ts";
import type { FollowedReviewsDto, RestaurantDto, RestaurantTab } from "#domain/restaurant.ts";
import { itemPagesQuery } from "#web/features/item-data/api/item-pages-query.ts";
import { ApiRequestError, apiGet } from "#web/lib/api-client.ts";
import { restaurantKeys } from "#web/lib/query-keys.ts";

/** A restaurant's header and stats by UUID or slug; 404 is not retried. */
export function restaurantQuery(idOrSlug: string) {
  return queryOptions({
    queryKey: restaurantKeys.page(idOrSlug),
    queryFn: ({ signal }) => apiGet<RestaurantDto>(apiPaths.restaurant(idOrSlug), { signal }),
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiRequestError && error.status === 404),
  });
}

/** One tab of a restaurant page, keyset paged; `q` is the (already debounced) search text. */
export function restaurantItemsQuery(
  restaurantId: string,
  tab: RestaurantTab,
  sort: ItemSort,
  q: string,
) {
  return itemPagesQuery(
    restaurantKeys.items(restaurantId, tab, sort, q),
    (params) => apiPaths.restaurantItems(restaurantId, params),
    { tab, sort, q },
  );
}

/** The newest reviews of this restaurant by people the signed-in viewer follows. */
export function followedReviewsQuery(restaurantId: string) {
  return queryOptions({
    queryKey: restaurantKeys.followedReviews(restaurantId),
    queryFn: ({ signal }) =>
      apiGet<FollowedReviewsDto>(apiPaths.restaurantFollowedReviews(restaurantId), { signal }),
  });
}

/** A restaurant's deals that have not ended, newest first, keyset paged (the Deals tab). */
export function restaurantDealsQuery(restaurantId: string) {
  return infiniteQueryOptions({
    queryKey: restaurantKeys.deals(restaurantId),
    queryFn: ({ pageParam, signal }) =>
      apiGet<{ items: DealDto[]; nextCursor: string | null }>(
        apiPaths.restaurantDeals(restaurantId, pageParams(pageParam)),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
