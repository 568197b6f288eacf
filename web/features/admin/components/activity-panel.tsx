import { Skeleton, Stack } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { authorDisplayName } from "#domain/items-rules.ts";
import type { ActivityEntryDto } from "#domain/moderation.ts";
import { adminMessages } from "#domain/moderation-rules.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { LoadMore } from "#web/components/load-more.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { When } from "#web/components/when.tsx";
import { activityWording } from "../activity-wording.ts";
import { adminActivityQuery } from "../api/admin-queries.ts";
import classes from "./admin.module.css";
import { useToastLoadError } from "./use-toast-load-error.ts";

const SKELETONS = ["first", "second", "third", "fourth"] as const;

/** Every moderation action, newest first: who did what to which subject, and when. */
export function ActivityPanel() {
  const activity = useInfiniteQuery(adminActivityQuery);
  useToastLoadError(activity.error);
  const entries = activity.data?.pages.flatMap((page) => page.items) ?? [];

  if (activity.isPending) {
    return (
      <Stack gap={0} aria-busy aria-label="Loading the Activity Log">
        {SKELETONS.map((key) => (
          <div key={key} className={classes.activity}>
            <Skeleton circle height={32} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="70%" />
              <Skeleton height={10} width="20%" />
            </Stack>
          </div>
        ))}
      </Stack>
    );
  }
  if (activity.isError && entries.length === 0) {
    return (
      <LoadErrorState
        title="We couldn't load the Activity Log"
        onRetry={() => void activity.refetch()}
        retrying={activity.isRefetching}
      />
    );
  }
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={<IconHistory size={28} stroke={1.6} />}
        title={adminMessages.noActivity}
        hint="Status changes, hidden content and role changes are recorded here."
      />
    );
  }
  return (
    <Stack gap="md">
      <ul className={classes.activityList} aria-label="Activity Log">
        {entries.map((entry) => (
          <ActivityRow key={entry.id} entry={entry} />
        ))}
      </ul>
      <LoadMore
        noun="activity"
        hasNextPage={activity.hasNextPage}
        isFetchingNextPage={activity.isFetchingNextPage}
        failed={activity.isFetchNextPageError}
        onLoadMore={() => {
          if (!activity.isFetching) void activity.fetchNextPage();
        }}
      />
    </Stack>
  );
}

function ActivityRow({ entry }: { entry: ActivityEntryDto }) {
  const { actor: acting, before, subject, after } = activityWording(entry);
  const actor = entry.actor;
  return (
    <li className={classes.activity}>
      <UserAvatar avatarUrl={actor?.avatarUrl} username={actor?.username} size={32} aria-hidden />
      <p className={classes.activityText}>
        <strong>{actor ? authorDisplayName(actor) : (acting ?? "A former moderator")}</strong>{" "}
        {before}{" "}
        {entry.subjectHref ? (
          <Link to={entry.subjectHref} className={`${classes.person} ${classes.subject}`}>
            {subject}
          </Link>
        ) : (
          <span className={classes.subject}>{subject}</span>
        )}
        {after && ` ${after}`}
        <br />
        <When value={entry.createdAt} className={classes.muted} />
      </p>
    </li>
  );
}
