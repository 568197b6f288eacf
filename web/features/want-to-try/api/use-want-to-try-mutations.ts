import {
  type InfiniteData,
  type QueryClient,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { ReviewDto } from "#domain/items.ts";
import type {
  WantToTryEntryDto,
  WantToTryKeysDto,
  WantToTryPageDto,
  WantToTrySaveStateDto,
  WantToTryVisibility,
  WantToTryVisibilityDto,
} from "#domain/want-to-try.ts";
import { savedDishKey, wantToTryMessages } from "#domain/want-to-try-rules.ts";
import { ApiRequestError, apiSend } from "#web/lib/api-client.ts";
import { wantToTryKeys } from "#web/lib/query-keys.ts";
import { toast } from "#web/lib/toast.ts";
import { isSaved, type SavedThing, type SaveTarget } from "./want-to-try-queries.ts";

/** `keys` with `thing` saved or not; the same object when nothing changes. */
function withSaved(keys: WantToTryKeysDto, thing: SavedThing, saved: boolean): WantToTryKeysDto {
  if (isSaved(keys, thing) === saved) return keys;
  if (thing.kind === "restaurant") {
    const restaurantIds = saved
      ? [...keys.restaurantIds, thing.restaurantId]
      : keys.restaurantIds.filter((id) => id !== thing.restaurantId);
    return { ...keys, restaurantIds };
  }
  const key = savedDishKey(thing.restaurantId, thing.dishName);
  const dishes = saved ? [...keys.dishes, key] : keys.dishes.filter((dish) => dish !== key);
  return { ...keys, dishes };
}

function updateKeys(
  queryClient: QueryClient,
  update: (keys: WantToTryKeysDto) => WantToTryKeysDto,
) {
  queryClient.setQueryData<WantToTryKeysDto>(wantToTryKeys.keys, (keys) => keys && update(keys));
}

/** The saved thing an entry of the list stands for. */
function entryThing(entry: WantToTryEntryDto): SavedThing {
  return entry.kind === "dish"
    ? { kind: "dish", restaurantId: entry.restaurant.id, dishName: entry.dishName ?? "" }
    : { kind: "restaurant", restaurantId: entry.restaurant.id };
}

/** The server's refusal once the list holds WANT_TO_TRY_MAX entries says so in its own words. */
function failureMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.message === wantToTryMessages.full
    ? wantToTryMessages.full
    : wantToTryMessages.updateFailed;
}

/**
 * Save or unsave a restaurant or a dish with an optimistic toggle: every Save toggle showing it
 * changes at once. A failure undoes only this change (a quicker second toggle keeps its own) and
 * says why; the server's answer is the final word. The list and the keys are read again once no
 * other save is on its way, since their counts and order are the server's.
 */
export function useToggleSave(target: SaveTarget) {
  const queryClient = useQueryClient();
  const mutationKey = [
    ...wantToTryKeys.all,
    "save",
    target.kind === "restaurant"
      ? target.restaurantId
      : savedDishKey(target.restaurantId, target.dishName),
  ];
  return useMutation({
    mutationKey,
    /** `save` is the state wanted: true saves, false unsaves. */
    mutationFn: (save: boolean) =>
      apiSend<WantToTrySaveStateDto>(
        save ? "PUT" : "DELETE",
        target.kind === "restaurant"
          ? apiPaths.restaurantWantToTry(target.restaurantId)
          : apiPaths.reviewWantToTry(target.reviewId),
      ),
    onMutate: async (save) => {
      await queryClient.cancelQueries({ queryKey: wantToTryKeys.keys });
      updateKeys(queryClient, (keys) => withSaved(keys, target, save));
    },
    onError: (error, save) => {
      console.error("Want to try update failed", error);
      updateKeys(queryClient, (keys) =>
        isSaved(keys, target) === save ? withSaved(keys, target, !save) : keys,
      );
      toast.error(failureMessage(error));
    },
    onSuccess: (state) => {
      toast.success(state.saved ? wantToTryMessages.saved : wantToTryMessages.removed);
      // A later toggle of the same thing is still on its way: its answer decides.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      updateKeys(queryClient, (keys) => withSaved(keys, target, state.saved));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: wantToTryKeys.lists });
      // This save still counts as running here; a read now would undo a later one's guess.
      if (queryClient.isMutating({ mutationKey: wantToTryKeys.all }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: wantToTryKeys.keys });
      }
    },
  });
}

/** Both halves' pages without `entry`, their counts one lower on its side. */
function withoutEntry(
  data: InfiniteData<WantToTryPageDto> | undefined,
  entry: WantToTryEntryDto,
): InfiniteData<WantToTryPageDto> | undefined {
  if (!data) return data;
  const side = entry.triedAt ? "tried" : "want";
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.id !== entry.id),
      counts: { ...page.counts, [side]: Math.max(0, page.counts[side] - 1) },
    })),
  };
}

/**
 * Removes one entry from the own list: it leaves the list (and, while untried, the Save toggles)
 * at once; a failure says so and the list is read again either way.
 */
export function useRemoveWantToTryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...wantToTryKeys.all, "remove"],
    mutationFn: (entry: WantToTryEntryDto) =>
      apiSend<unknown>("DELETE", apiPaths.wantToTryEntry(entry.id)),
    onMutate: async (entry) => {
      await queryClient.cancelQueries({ queryKey: wantToTryKeys.all });
      queryClient.setQueriesData<InfiniteData<WantToTryPageDto>>(
        { queryKey: wantToTryKeys.lists },
        (data) => withoutEntry(data, entry),
      );
      if (!entry.triedAt)
        updateKeys(queryClient, (keys) => withSaved(keys, entryThing(entry), false));
    },
    onError: (error) => {
      console.error("Want to try removal failed", error);
      toast.error(wantToTryMessages.updateFailed);
    },
    onSuccess: () => {
      toast.success(wantToTryMessages.removed);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: wantToTryKeys.all });
    },
  });
}

/**
 * Sets who may count the own saves: every loaded page shows the choice at once; a failure says
 * so and the list is read again either way.
 */
export function useSetWantToTryVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...wantToTryKeys.all, "visibility"],
    mutationFn: (visibility: WantToTryVisibility) =>
      apiSend<WantToTryVisibilityDto>("PUT", apiPaths.wantToTryVisibility, { visibility }),
    onMutate: async (visibility) => {
      await queryClient.cancelQueries({ queryKey: wantToTryKeys.lists });
      queryClient.setQueriesData<InfiniteData<WantToTryPageDto>>(
        { queryKey: wantToTryKeys.lists },
        (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, visibility })) },
      );
    },
    onError: (error) => {
      console.error("Want to try visibility failed", error);
      toast.error(wantToTryMessages.visibilityFailed);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: wantToTryKeys.lists });
    },
  });
}

/**
 * A review was just posted: what it answers moves from Want to try to Tried on the server, so
 * each saved thing it matches (by the keys cached before the post) is announced and leaves the
 * Save toggles at once. The caller then marks the want-to-try root stale with the rest of the
 * content (refreshContent), which must come after this read of the keys.
 */
export function announceTried(queryClient: QueryClient, review: ReviewDto): void {
  const keys = queryClient.getQueryData<WantToTryKeysDto>(wantToTryKeys.keys);
  if (!keys) return;
  const restaurant: SavedThing = { kind: "restaurant", restaurantId: review.restaurant.id };
  const moved: { thing: SavedThing; name: string }[] = [];
  if (review.reviewType === "dish") {
    const dish: SavedThing = {
      kind: "dish",
      restaurantId: review.restaurant.id,
      dishName: review.title,
    };
    if (isSaved(keys, dish)) moved.push({ thing: dish, name: review.title });
  }
  if (isSaved(keys, restaurant)) moved.push({ thing: restaurant, name: review.restaurant.name });
  for (const { name } of moved) toast.success(wantToTryMessages.movedToTried(name));
  updateKeys(queryClient, (current) =>
    moved.reduce((next, { thing }) => withSaved(next, thing, false), current),
  );
}
