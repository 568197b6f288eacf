import {
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { DealInput } from "#domain/deals.ts";
import { type ItemKind, SUBMISSION_KEY_HEADER } from "#domain/item-kinds.ts";
import type { ItemDto, ItemDtoOf } from "#domain/items.ts";
import type { PostInput, PostUpdateInput } from "#domain/post.ts";
import type { CreateReviewInput, ReviewUpdateInput } from "#domain/review.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { refreshContent } from "#web/lib/content-cache.ts";
import {
  feedKeys,
  itemKeys,
  listKeys,
  positionKeys,
  profileKeys,
  restaurantKeys,
} from "#web/lib/query-keys.ts";

/** What creating and editing each kind sends. */
/** What each kind's form sends; a deal is not edited (a changed deal is another deal). */
interface ItemInputs {
  review: { create: CreateReviewInput; update: ReviewUpdateInput };
  post: { create: PostInput; update: PostUpdateInput };
  deal: { create: DealInput; update: never };
}

/** One review or post (with isOwner for the Edit/Delete menu). */
export function itemQuery<K extends ItemKind>(kind: K, id: string) {
  return queryOptions({
    queryKey: itemKeys.item(kind, id),
    queryFn: ({ signal }) => apiGet<ItemDtoOf<K>>(apiPaths.item(kind, id), { signal }),
  });
}

/**
 * How lists of items are cached: paged (feed, tabs), one list (a restaurant's friends), or a named
 * list's entries, some of which are reviews.
 */
type CachedList =
  | { pages: { items: ItemDto[] }[] }
  | { items: ItemDto[] }
  | { entries: { review: ItemDto | null }[] };

/**
 * Roots of the lists that show items: every feed scope, every profile tab, every restaurant tab,
 * a restaurant's reviews by followed people, every named list's page and Nearby's deals.
 */
const LISTS_OF_ITEMS = [
  feedKeys.all,
  profileKeys.all,
  restaurantKeys.all,
  listKeys.details,
  positionKeys.nearbyDeals,
] as const;

/** The items with `rewrite` applied to the matching ones (null drops one); the same array when none match. */
function rewriteItems(
  items: ItemDto[],
  matches: (item: ItemDto) => boolean,
  rewrite: (item: ItemDto) => ItemDto | null,
): ItemDto[] {
  if (!items.some(matches)) return items;
  return items.flatMap((item) => {
    if (!matches(item)) return [item];
    const rewritten = rewrite(item);
    return rewritten ? [rewritten] : [];
  });
}

/**
 * Applies `rewrite` to the reviews and posts `matches` picks on every loaded page of every cached
 * list of items.
 */
function rewriteCachedLists(
  queryClient: QueryClient,
  matches: (item: ItemDto) => boolean,
  rewrite: (item: ItemDto) => ItemDto | null,
): void {
  for (const queryKey of LISTS_OF_ITEMS) {
    // Other data under these roots (a profile's or restaurant's header) has neither shape.
    queryClient.setQueriesData<CachedList>({ queryKey }, (data) => {
      if (data && "pages" in data && Array.isArray(data.pages)) {
        let changed = false;
        const pages = data.pages.map((page) => {
          const items = rewriteItems(page.items, matches, rewrite);
          if (items === page.items) return page;
          changed = true;
          return { ...page, items };
        });
        return changed ? { ...data, pages } : data;
      }
      if (data && "items" in data && Array.isArray(data.items)) {
        const items = rewriteItems(data.items, matches, rewrite);
        return items === data.items ? data : { ...data, items };
      }
      if (data && "entries" in data && Array.isArray(data.entries)) {
        if (!data.entries.some((entry) => entry.review && matches(entry.review))) return data;
        // A review gone from the list's page takes its entry with it.
        const entries = data.entries.flatMap((entry) => {
          if (!entry.review || !matches(entry.review)) return [entry];
          const review = rewrite(entry.review);
          return review ? [{ ...entry, review }] : [];
        });
        return { ...data, entries };
      }
      return data;
    });
  }
}

/**
 * Applies `update` to one review or post wherever it is cached: every loaded page of every list
 * of items, and its detail entry. Likes and comment counts change through here so the card and
 * the open dialog never disagree.
 */
export function updateCachedItem(
  queryClient: QueryClient,
  kind: ItemKind,
  id: string,
  update: (item: ItemDto) => ItemDto,
): void {
  rewriteCachedLists(queryClient, (item) => item.itemType === kind && item.id === id, update);
  queryClient.setQueryData<ItemDto>(itemKeys.item(kind, id), (item) =>
    item ? update(item) : item,
  );
}

/** Query keys whose data updateCachedItem may touch for one item (to cancel reads first). */
export function itemCacheKeys(kind: ItemKind, id: string): QueryKey[] {
  return [feedKeys.all, listKeys.details, positionKeys.nearbyDeals, itemKeys.item(kind, id)];
}

/**
 * POST a new item → the item (201), then its entry cached, `onCreated`, and every list re-read.
 * With a submission key (docs/decisions/0037) a resend answers the item the first send made, so
 * a retry or a review kept offline appears once.
 */
async function createItem<K extends ItemKind>(
  queryClient: QueryClient,
  kind: K,
  input: ItemInputs[K]["create"],
  submissionKey?: string,
  onCreated?: (queryClient: QueryClient, item: ItemDtoOf<K>) => void,
): Promise<ItemDtoOf<K>> {
  const headers: Record<string, string> = submissionKey
    ? { [SUBMISSION_KEY_HEADER]: submissionKey }
    : {};
  const item = await apiSend<ItemDtoOf<K>>("POST", apiPaths.items(kind), input, headers);
  itemCreated(queryClient, kind, item, onCreated);
  return item;
}

/**
 * What the caches learn of a new item, whoever sent it (this page, or the service worker that
 * posted a review waiting on the device): it is cached, `onCreated` runs, every list is re-read.
 */
export function itemCreated<K extends ItemKind>(
  queryClient: QueryClient,
  kind: K,
  item: ItemDtoOf<K>,
  onCreated?: (queryClient: QueryClient, item: ItemDtoOf<K>) => void,
): void {
  queryClient.setQueryData(itemKeys.item(kind, item.id), item);
  onCreated?.(queryClient, item);
  void refreshContent(queryClient);
}

/**
 * POST a new review or post → the item (201); every list showing items is re-read. `onCreated`
 * runs first, while the caches still hold what they held before the post (a review announces
 * what it moved from Want to try to Tried, judged by the keys cached before refreshContent marks
 * them stale). `submissionKey`: the form's one key for its submission, however often it is sent.
 */
export function useCreateItem<K extends ItemKind>(
  kind: K,
  onCreated?: (queryClient: QueryClient, item: ItemDtoOf<K>) => void,
  submissionKey?: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ItemInputs[K]["create"]) =>
      createItem(queryClient, kind, input, submissionKey, onCreated),
  });
}

/** PATCH one's own review or post; the answer replaces the cached item, lists are re-read. */
export function useUpdateItem<K extends ItemKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ItemInputs[K]["update"] }) =>
      apiSend<ItemDtoOf<K>>("PATCH", apiPaths.item(kind, id), input),
    onSuccess: (item) => {
      queryClient.setQueryData(itemKeys.item(kind, item.id), item);
      void refreshContent(queryClient);
    },
  });
}

/**
 * Forgets a deleted review or post: nothing reads it again (an open detail view keeps the data
 * it has until it closes), no cached list shows it, and every list and count is read again.
 * Deleting here, the stream's word that it was deleted elsewhere and blocking its author from
 * its menu all end here.
 */
export function forgetDeletedItem(queryClient: QueryClient, kind: ItemKind, id: string): void {
  const key = itemKeys.item(kind, id);
  // Removed, not invalidated: an open detail view still observes it and would re-read it (404).
  queryClient.setQueryDefaults(key, { enabled: false });
  queryClient.removeQueries({ queryKey: key });
  // Out of every cached list at once, so no card renders it (or asks for its deleted photos)
  // while the lists are read again.
  rewriteCachedLists(
    queryClient,
    (item) => item.itemType === kind && item.id === id,
    () => null,
  );
  void refreshContent(queryClient);
}

/**
 * Takes every review and post of `authorId` out of every cached list at once (someone just
 * blocked), so no card of theirs shows while the lists are read again.
 */
export function dropAuthorFromCachedLists(queryClient: QueryClient, authorId: string): void {
  rewriteCachedLists(
    queryClient,
    (item) => item.author.id === authorId,
    () => null,
  );
}

/** DELETE one's own review or post (204). */
export function useDeleteItem(kind: ItemKind) {
  const queryClient = useQueryClient();
  return useMutation({
    // From the moment the DELETE is sent, nothing may read the item again: a read that starts
    // after the server removed it, but before the answer arrives here, would be a 404.
    onMutate: async (id: string) => {
      const key = itemKeys.item(kind, id);
      queryClient.setQueryDefaults(key, { enabled: false });
      await queryClient.cancelQueries({ queryKey: key });
    },
    mutationFn: (id: string) => apiSend<null>("DELETE", apiPaths.item(kind, id)),
    onError: (_error, id) => {
      queryClient.setQueryDefaults(itemKeys.item(kind, id), { enabled: true });
    },
    onSuccess: (_nothing, id) => forgetDeletedItem(queryClient, kind, id),
  });
}
