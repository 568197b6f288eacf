import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type {
  NotificationList,
  NotificationPeoplePage,
  UnreadCount,
} from "#domain/notifications.ts";
import { pageParams } from "#domain/page-params.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { notificationKeys } from "#web/lib/query-keys.ts";

/** The newest notification groups of the signed-in user, and how many are unread. */
export const notificationListQuery = queryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ signal }) => apiGet<NotificationList>(apiPaths.notifications, { signal }),
});

/**
 * The navigation badge's number (unread groups). New notifications arrive over the realtime
 * stream, which invalidates it, so it is never polled; a minute of staleness only matters when
 * the stream is down, and every reconnect refetches it anyway.
 */
export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unreadCount,
  queryFn: ({ signal }) => apiGet<UnreadCount>(apiPaths.unreadNotificationCount, { signal }),
  staleTime: 60_000,
});

/** The people of one group, newest first, keyset paged. */
export function groupPeopleQuery(key: string) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.people(key),
    queryFn: ({ pageParam, signal }) =>
      apiGet<NotificationPeoplePage>(apiPaths.notificationGroupPeople(key, pageParams(pageParam)), {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

type MarkRead = { key: string } | { all: true };

function isMarked(change: MarkRead, key: string): boolean {
  return "all" in change || change.key === key;
}

/**
 * Marks one group (opened) or all of them read. The list and the badge change at once; a
 * failure puts them back, and either way both are read again from the server.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MarkRead) =>
      apiSend<null>(
        "POST",
        "all" in change
          ? apiPaths.allNotificationsRead
          : apiPaths.notificationGroupRead(change.key),
      ),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const list = queryClient.getQueryData<NotificationList>(notificationKeys.list);
      const count = queryClient.getQueryData<UnreadCount>(notificationKeys.unreadCount);
      const newlyRead =
        list?.items.filter((group) => !group.isRead && isMarked(change, group.key)).length ?? 0;
      const unreadLeft = (unread: number) =>
        "all" in change ? 0 : Math.max(0, unread - newlyRead);
      if (list) {
        queryClient.setQueryData<NotificationList>(notificationKeys.list, {
          items: list.items.map((group) =>
            isMarked(change, group.key) ? { ...group, isRead: true } : group,
          ),
          unreadCount: unreadLeft(list.unreadCount),
        });
      }
      if (count) {
        queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount, {
          count: unreadLeft(count.count),
        });
      }
      return { list, count };
    },
    onError: (_error, _change, previous) => {
      if (previous?.list) queryClient.setQueryData(notificationKeys.list, previous.list);
      if (previous?.count) queryClient.setQueryData(notificationKeys.unreadCount, previous.count);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
