import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type {
  CreateListInput,
  ListDetailDto,
  ListEntryDto,
  ListFollowStateDto,
  ListSummaryDto,
  MyListDto,
  MyListsDto,
  UpdateListInput,
} from "#domain/lists.ts";
import { listMessages } from "#domain/lists-rules.ts";
import { ApiRequestError, apiSend } from "#web/lib/api-client.ts";
import { type ListTarget, listKeys } from "#web/lib/query-keys.ts";
import { toast } from "#web/lib/toast.ts";

/** The server's own words for a refusal it explains (full, too many lists, outdated order). */
function failureMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500
    ? error.message
    : listMessages.updateFailed;
}

/** Applies `update` to every cached copy of one list's page (with or without a key). */
function updateDetail(
  queryClient: QueryClient,
  listId: string,
  update: (detail: ListDetailDto) => ListDetailDto,
): void {
  queryClient.setQueriesData<ListDetailDto>(
    { queryKey: [...listKeys.details, listId] },
    (detail) => detail && update(detail),
  );
}

/** The list's page with its header replaced by the server's newer one. */
function withSummary(summary: ListSummaryDto) {
  return (detail: ListDetailDto): ListDetailDto => ({ ...detail, list: summary });
}

/** The lists that show this one elsewhere (profiles, the followed lists, the picker) re-read. */
function refreshOtherViews(queryClient: QueryClient): void {
  for (const queryKey of [listKeys.mine, listKeys.following, listKeys.profiles]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** POST /api/lists → the new, empty list; its page is cached so opening it is instant. */
export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateListInput) => apiSend<ListDetailDto>("POST", apiPaths.lists, input),
    onSuccess: (detail) => {
      queryClient.setQueryData(listKeys.detail(detail.list.id, null), detail);
      refreshOtherViews(queryClient);
    },
  });
}

/** PATCH the name, description or visibility; every view of the list shows the saved one. */
export function useUpdateList(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateListInput) =>
      apiSend<ListSummaryDto>("PATCH", apiPaths.list(listId), input),
    onSuccess: (summary) => {
      updateDetail(queryClient, listId, withSummary(summary));
      refreshOtherViews(queryClient);
      toast.success(listMessages.saved);
    },
  });
}

/** DELETE the list; the caller moves away before its page could ask for it again. */
export function useDeleteList(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<unknown>("DELETE", apiPaths.list(listId)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [...listKeys.details, listId] });
      refreshOtherViews(queryClient);
      toast.success(listMessages.deleted);
    },
    onError: (error) => {
      console.error("List delete failed", error);
      toast.error(failureMessage(error));
    },
  });
}

/** A new share key: the old link, and the follows made with it, stop working. */
export function useNewShareKey(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<ListSummaryDto>("POST", apiPaths.listShareKey(listId)),
    onSuccess: (summary) => {
      updateDetail(queryClient, listId, withSummary(summary));
      toast.success(listMessages.newLinkMade);
    },
    onError: (error) => {
      console.error("New list link failed", error);
      toast.error(failureMessage(error));
    },
  });
}

function withFollow(detail: ListDetailDto, following: boolean, followerCount?: number) {
  const { list } = detail;
  if (list.followedByMe === following && followerCount === undefined) return detail;
  const count =
    followerCount ??
    Math.max(0, list.followerCount + (following === list.followedByMe ? 0 : following ? 1 : -1));
  return { ...detail, list: { ...list, followedByMe: following, followerCount: count } };
}

/**
 * Follow or unfollow a list with an optimistic toggle; a link list's follow carries the key the
 * page was opened with. A failure undoes only this change and says so; the server's answer sets
 * the count.
 */
export function useToggleListFollow(listId: string, key: string | null) {
  const queryClient = useQueryClient();
  const mutationKey = [...listKeys.all, "follow", listId];
  return useMutation({
    mutationKey,
    mutationFn: (follow: boolean) =>
      follow
        ? apiSend<ListFollowStateDto>("PUT", apiPaths.listFollow(listId), { key: key ?? undefined })
        : apiSend<ListFollowStateDto>("DELETE", apiPaths.listFollow(listId)),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: [...listKeys.details, listId] });
      updateDetail(queryClient, listId, (detail) => withFollow(detail, follow));
    },
    onError: (error, follow) => {
      console.error("List follow failed", error);
      updateDetail(queryClient, listId, (detail) =>
        detail.list.followedByMe === follow ? withFollow(detail, !follow) : detail,
      );
      toast.error(failureMessage(error));
    },
    onSuccess: (state) => {
      // A later toggle is still on its way: its answer decides.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      updateDetail(queryClient, listId, (detail) =>
        withFollow(detail, state.following, state.followerCount),
      );
    },
    onSettled: () => refreshOtherViews(queryClient),
  });
}

/**
 * Puts the entries in a new order at once; the server's answer is the final word, and a refusal
 * (the list changed elsewhere) says so and reads the list again.
 */
export function useReorderList(listId: string) {
  const queryClient = useQueryClient();
  const mutationKey = [...listKeys.all, "order", listId];
  return useMutation({
    mutationKey,
    mutationFn: (entries: ListEntryDto[]) =>
      apiSend<ListDetailDto>("PUT", apiPaths.listOrder(listId), {
        entryIds: entries.map((entry) => entry.id),
      }),
    onMutate: async (entries) => {
      await queryClient.cancelQueries({ queryKey: [...listKeys.details, listId] });
      updateDetail(queryClient, listId, (detail) => ({ ...detail, entries }));
    },
    onError: (error) => {
      console.error("List reorder failed", error);
      toast.error(failureMessage(error));
      void queryClient.invalidateQueries({ queryKey: [...listKeys.details, listId] });
    },
    onSuccess: (detail) => {
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      updateDetail(queryClient, listId, (cached) => ({ ...cached, entries: detail.entries }));
    },
    onSettled: () => refreshOtherViews(queryClient),
  });
}

/** Takes an entry out of the list on its page at once; a failure says so and reads it again. */
export function useRemoveListEntry(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: ListEntryDto) =>
      apiSend<unknown>("DELETE", apiPaths.listEntry(listId, entry.id)),
    onMutate: async (entry) => {
      await queryClient.cancelQueries({ queryKey: [...listKeys.details, listId] });
      updateDetail(queryClient, listId, (detail) => ({
        list: { ...detail.list, entryCount: Math.max(0, detail.list.entryCount - 1) },
        entries: detail.entries.filter((other) => other.id !== entry.id),
      }));
    },
    onError: (error) => {
      console.error("List entry removal failed", error);
      toast.error(failureMessage(error));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: listKeys.all });
    },
  });
}

/** The body that adds `target` to a list. */
function entryInput(target: ListTarget) {
  return target.kind === "restaurant" ? { restaurantId: target.id } : { reviewId: target.id };
}

function updateMine(
  queryClient: QueryClient,
  target: ListTarget,
  listId: string,
  update: (list: MyListDto) => MyListDto,
): void {
  queryClient.setQueryData<MyListsDto>(listKeys.mineFor(target), (mine) =>
    mine ? { lists: mine.lists.map((list) => (list.id === listId ? update(list) : list)) } : mine,
  );
}

/** A pending add's entry id, until the server names the real one. */
const PENDING_ENTRY = "pending";

/**
 * Add to list's checkboxes: adds `target` to a list or takes it out again, ticked at once and
 * announced with the list's name. A failure unticks it and says why (a full list, say).
 */
export function useToggleListEntry(target: ListTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ list, add }: { list: MyListDto; add: boolean }) => {
      if (add) {
        const entry = await apiSend<ListEntryDto>(
          "POST",
          apiPaths.listEntries(list.id),
          entryInput(target),
        );
        return entry.id;
      }
      if (list.entryIdForTarget) {
        await apiSend<unknown>("DELETE", apiPaths.listEntry(list.id, list.entryIdForTarget));
      }
      return null;
    },
    onMutate: async ({ list, add }) => {
      await queryClient.cancelQueries({ queryKey: listKeys.mineFor(target) });
      updateMine(queryClient, target, list.id, (mine) => ({
        ...mine,
        entryIdForTarget: add ? PENDING_ENTRY : null,
        entryCount: Math.max(0, mine.entryCount + (add ? 1 : -1)),
      }));
    },
    onError: (error, { list, add }) => {
      console.error("List entry update failed", error);
      updateMine(queryClient, target, list.id, () => list);
      toast.error(add ? failureMessage(error) : listMessages.updateFailed);
    },
    onSuccess: (entryId, { list, add }) => {
      updateMine(queryClient, target, list.id, (mine) => ({ ...mine, entryIdForTarget: entryId }));
      toast.success(add ? listMessages.added(list.name) : listMessages.removed(list.name));
    },
    onSettled: (_entryId, _error, { list }) => {
      void queryClient.invalidateQueries({ queryKey: [...listKeys.details, list.id] });
      void queryClient.invalidateQueries({ queryKey: listKeys.profiles });
    },
  });
}

/** Whether an Add to list checkbox waits for the server to name the entry it just added. */
export function isPendingEntry(list: MyListDto): boolean {
  return list.entryIdForTarget === PENDING_ENTRY;
}

/** The picker's "New list": makes the list and adds `target` to it at once. */
export function useCreateListWith(target: ListTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateListInput) => {
      const detail = await apiSend<ListDetailDto>("POST", apiPaths.lists, input);
      await apiSend<ListEntryDto>("POST", apiPaths.listEntries(detail.list.id), entryInput(target));
      return detail.list;
    },
    onSuccess: (list) => toast.success(listMessages.added(list.name)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: listKeys.all });
    },
  });
}
