import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { ReportTargetType } from "#domain/moderation.ts";
import { reportMessages } from "#domain/moderation-rules.ts";
import type { ReportDetails } from "#web/components/report-dialog.tsx";
import { ApiRequestError, apiSend } from "#web/lib/api-client.ts";
import { adminKeys } from "#web/lib/query-keys.ts";
import { toast } from "#web/lib/toast.ts";

/** What a report is about. */
export interface ReportTarget {
  targetType: ReportTargetType;
  targetId: string;
}

/**
 * Files a report about `target` (POST /api/reports), for the report dialog to drive. The
 * server's answer to a refusal reads well on its own ("You have already reported this…"), so it
 * is the toast; a failure that says nothing about the report (network, server error) is
 * "Failed to send report" with the reason under it.
 */
export function useReport(target: ReportTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: ReportDetails) =>
      apiSend<{ id: string }>("POST", apiPaths.reports, { ...target, ...details }),
    onSuccess: () => {
      toast.success(reportMessages.sent, reportMessages.sentText);
      // A moderator reporting something sees it in their own queue and totals.
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        toast.error(error.message);
        return;
      }
      console.error("Sending a report failed", error);
      toast.error(reportMessages.failed, error.message);
    },
  });
}
