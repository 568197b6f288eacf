import { infiniteQueryOptions, queryOptions, useQuery } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { ReviewDto } from "#domain/items.ts";
import { pageParams } from "#domain/page-params.ts";
import type { WantToTryKeysDto, WantToTryPageDto, WantToTryStatus } from "#domain/want-to-try.ts";
import { savedDishKey } from "#domain/want-to-try-rules.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { wantToTryKeys } from "#web/lib/query-keys.ts";
import { useSession } from "#web/lib/session.tsx";

/** Something one can save: a restaurant, or a dish by its name at a restaurant. */
export type SavedThing =
  | { kind: "restaurant"; restaurantId: string }
  | { kind: "dish"; restaurantId: string; dishName: string };

/**
 * What a Save toggle saves: a restaurant, or the dish a dish review names (saved through that
 * review, whose photo the list then shows).
 */
export type SaveTarget =
  | { kind: "restaurant"; restaurantId: string }
  | { kind: "dish"; reviewId: string; restaurantId: string; dishName: string };

/** What a review's Save toggle saves: the dish of a dish review, else its restaurant. */
export function reviewSaveTarget(review: ReviewDto): SaveTarget {
  return review.reviewType === "dish"
    ? {
        kind: "dish",
        reviewId: review.id,
        restaurantId: review.restaurant.id,
        dishName: review.title,
      }
    : { kind: "restaurant", restaurantId: review.restaurant.id };
}

/** Whether `thing` is among the saved and untried keys. */
export function isSaved(keys: WantToTryKeysDto, thing: SavedThing): boolean {
  return thing.kind === "restaurant"
    ? keys.restaurantIds.includes(thing.restaurantId)
    : keys.dishes.includes(savedDishKey(thing.restaurantId, thing.dishName));
}

/** How many entries are still to try: every untried entry has exactly one key. */
export function wantCount(keys: WantToTryKeysDto): number {
  return keys.restaurantIds.length + keys.dishes.length;
}

/** Everything the signed-in person saved and has not tried yet, as keys. */
function wantToTryKeysQuery() {
  return queryOptions({
    queryKey: wantToTryKeys.keys,
    queryFn: ({ signal }) => apiGet<WantToTryKeysDto>(apiPaths.wantToTryKeys, { signal }),
  });
}

/**
 * The keys every Save toggle on screen reads from one cached request. Visitors have no list, so
 * nothing is asked for them (the server would answer 401).
 */
export function useWantToTryKeys() {
  const { session } = useSession();
  return useQuery({ ...wantToTryKeysQuery(), enabled: session.status === "signed-in" });
}

/** One half of the own list, newest first, keyset paged; every page carries both counts. */
export function wantToTryListQuery(status: WantToTryStatus) {
  return infiniteQueryOptions({
    queryKey: wantToTryKeys.list(status),
    queryFn: ({ pageParam, signal }) =>
      apiGet<WantToTryPageDto>(apiPaths.wantToTry(pageParams(pageParam, { status })), {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
