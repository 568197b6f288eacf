import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type {
  NotificationSettings,
  UpdateNotificationSettings,
} from "#domain/notification-settings.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { notificationSettingsKeys } from "#web/lib/query-keys.ts";

/** The signed-in person's notification settings. */
export const notificationSettingsQuery = queryOptions({
  queryKey: notificationSettingsKeys.settings(),
  queryFn: ({ signal }) => apiGet<NotificationSettings>(apiPaths.notificationSettings, { signal }),
});

/**
 * Changes some settings. The switch moves at once (the cached settings are updated before the
 * request) and moves back if the server refuses.
 */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  const key = notificationSettingsQuery.queryKey;
  return useMutation({
    mutationFn: (changes: UpdateNotificationSettings) =>
      apiSend<NotificationSettings>("PUT", apiPaths.notificationSettings, changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) queryClient.setQueryData(key, { ...previous, ...changes });
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
