import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type {
  ActivityPage,
  AdminStatsDto,
  ContentHiddenDto,
  HideableType,
  ReportPage,
  ReportStatusInput,
  RoleInput,
  TeamDto,
} from "#domain/moderation.ts";
import { adminMessages } from "#domain/moderation-rules.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { refreshContent } from "#web/lib/content-cache.ts";
import { adminKeys, commentKeys, notificationKeys } from "#web/lib/query-keys.ts";
import { toast } from "#web/lib/toast.ts";

/**
 * `?cursor=` of one page of /admin's lists. Their page sizes are fixed by the server
 * (REPORT_LIMITS: 10 reports, 20 activity entries), so no limit is sent.
 */
function cursorParams(cursor: string | null): URLSearchParams {
  return new URLSearchParams(cursor ? { cursor } : {});
}

/** Exact platform totals (admins only). */
export const adminStatsQuery = queryOptions({
  queryKey: adminKeys.stats,
  queryFn: ({ signal }) => apiGet<AdminStatsDto>(apiPaths.adminStats, { signal }),
});

/** The report queue: pending first, newest first within each status, 10 a page. */
export const adminReportsQuery = infiniteQueryOptions({
  queryKey: adminKeys.reports,
  queryFn: ({ pageParam, signal }) =>
    apiGet<ReportPage>(apiPaths.adminReports(cursorParams(pageParam)), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/** The Activity Log, newest first. */
export const adminActivityQuery = infiniteQueryOptions({
  queryKey: adminKeys.activity,
  queryFn: ({ pageParam, signal }) =>
    apiGet<ActivityPage>(apiPaths.adminActivity(cursorParams(pageParam)), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/** Admins and moderators, admins first (admins only). */
export const adminTeamQuery = queryOptions({
  queryKey: adminKeys.team,
  queryFn: ({ signal }) => apiGet<TeamDto>(apiPaths.adminTeam, { signal }),
});

/** Admin errors show the server's message as a toast. */
function toastAdminError(error: Error) {
  toast.error("Error", error.message);
}

/**
 * Marks a pending report reviewed or resolved. The queue, the Pending Reports total and the
 * Activity Log all change, so the whole admin root is read again, after a refusal too.
 */
export function useSetReportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, status }: { reportId: string } & ReportStatusInput) =>
      apiSend<unknown>("PATCH", apiPaths.adminReport(reportId), { status }),
    onSuccess: () => toast.success(adminMessages.statusUpdated),
    onError: toastAdminError,
    // A refusal (another moderator settled it first) changes the queue just the same.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export interface HideTarget {
  type: HideableType;
  id: string;
  hidden: boolean;
}

/**
 * Hides or unhides a review, post or comment. Hidden content leaves every list and count at
 * once, so besides /admin's own data every cached list of content (feed, profiles, restaurants,
 * explore, comments, notifications) is marked stale: the moderator's own app must not keep
 * showing what they just hid.
 */
export function useSetContentHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, hidden }: HideTarget) =>
      apiSend<ContentHiddenDto>("PUT", apiPaths.contentHidden(type, id), { hidden }),
    onSuccess: async (result) => {
      toast.success(result.isHidden ? adminMessages.hidden : adminMessages.unhidden);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: commentKeys.all }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        refreshContent(queryClient),
      ]);
    },
    onError: toastAdminError,
    // After a refusal too: the content may be gone, which the queue's preview then says.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Makes a person a moderator or a plain user again (admins only). */
export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & RoleInput) =>
      apiSend<unknown>("PUT", apiPaths.userRole(userId), { role }),
    onSuccess: async () => {
      toast.success(adminMessages.roleUpdated);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.team }),
        queryClient.invalidateQueries({ queryKey: adminKeys.activity }),
      ]);
    },
    onError: toastAdminError,
  });
}
