import { queryOptions } from "@tanstack/react-query";
import { ApiRequestError, apiGet } from "#web/lib/api-client.ts";

export interface RatingStat {
  average: number | null;
  count: number;
}

/** GET /api/restaurants/:idOrSlug. */
export interface RestaurantDetails {
  id: string;
  name: string;
  slug: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  website: string | null;
  priceLevel: number | null;
  priceLevelSource: "google" | "reviews" | null;
  googleRating: number | null;
  stats: {
    dishRating: RatingStat;
    restaurantRating: RatingStat;
    postCount: number;
  };
}

/** A restaurant by UUID or slug, under ["restaurants", idOrSlug]; 404 is not retried. */
export function restaurantQuery(idOrSlug: string) {
  return queryOptions({
    queryKey: ["restaurants", idOrSlug],
    queryFn: ({ signal }) =>
      apiGet<RestaurantDetails>(`/api/restaurants/${encodeURIComponent(idOrSlug)}`, { signal }),
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiRequestError && error.status === 404),
  });
}
