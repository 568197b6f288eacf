import { Skeleton, Stack } from "@mantine/core";
import { IconFlag } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { adminMessages } from "#domain/moderation-rules.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { LoadMore } from "#web/components/load-more.tsx";
import { adminReportsQuery } from "../api/admin-queries.ts";
import classes from "./admin.module.css";
import { ReportCard } from "./report-card.tsx";
import { useToastLoadError } from "./use-toast-load-error.ts";

const SKELETONS = ["first", "second", "third"] as const;

/** The report queue: pending first, then the rest, newest first; 10 at a time. */
export function ReportsPanel() {
  const reports = useInfiniteQuery(adminReportsQuery);
  useToastLoadError(reports.error);
  const items = reports.data?.pages.flatMap((page) => page.items) ?? [];

  if (reports.isPending) {
    return (
      <Stack gap="md" aria-busy aria-label="Loading reports">
        {SKELETONS.map((key) => (
          <div key={key} className={classes.report}>
            <Skeleton height={14} width="40%" />
            <Skeleton height={72} />
            <Skeleton height={12} width="60%" />
          </div>
        ))}
      </Stack>
    );
  }
  if (reports.isError && items.length === 0) {
    return (
      <LoadErrorState
        title="We couldn't load the reports"
        onRetry={() => void reports.refetch()}
        retrying={reports.isRefetching}
      />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<IconFlag size={28} stroke={1.6} />}
        title={adminMessages.noReports}
        hint="Reports people send about reviews, posts, comments and profiles show up here."
      />
    );
  }
  return (
    <Stack gap="md">
      <ul className={classes.list} aria-label="Reports">
        {items.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} />
          </li>
        ))}
      </ul>
      <LoadMore
        noun="reports"
        hasNextPage={reports.hasNextPage}
        isFetchingNextPage={reports.isFetchingNextPage}
        failed={reports.isFetchNextPageError}
        onLoadMore={() => {
          if (!reports.isFetching) void reports.fetchNextPage();
        }}
      />
    </Stack>
  );
}
