import { Button, Skeleton, Stack, Tabs } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconBell, IconChecks } from "@tabler/icons-react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import type { NotificationGroupDto } from "#domain/notifications.ts";
import { notificationMessages } from "#domain/notifications-rules.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import header from "#web/components/page-header.module.css";
import { PageHeader } from "#web/components/page-header.tsx";
import { followRequestsQuery } from "#web/features/follows/api/use-follow-requests.ts";
import { notificationListQuery, useMarkNotificationsRead } from "../api/notification-queries.ts";
import { FollowRequests } from "./follow-requests.tsx";
import { GroupPeopleDialog } from "./group-people-dialog.tsx";
import { NotificationRow } from "./notification-row.tsx";
import classes from "./notifications-page.module.css";

type Tab = "all" | "unread";

const SKELETON_ROWS = ["first", "second", "third", "fourth"] as const;

/** Unread first, then newest first. */
function byUnreadThenNewest(a: NotificationGroupDto, b: NotificationGroupDto): number {
  if (a.isRead !== b.isRead) return a.isRead ? 1 : -1;
  return b.latestAt.localeCompare(a.latestAt);
}

/**
 * The groups in the order they were first shown in: a refetch (a live like, a group read)
 * updates rows where they stand, so nothing jumps under the reader; groups new to the screen
 * go on top, unread first, then newest. A fresh visit orders everything afresh.
 */
function useStableOrder(groups: readonly NotificationGroupDto[]): NotificationGroupDto[] {
  const shownOrder = useRef<string[]>([]);
  return useMemo(() => {
    const byKey = new Map(groups.map((group) => [group.key, group]));
    const kept = shownOrder.current.filter((key) => byKey.has(key));
    const known = new Set(kept);
    const fresh = groups.filter((group) => !known.has(group.key)).sort(byUnreadThenNewest);
    const ordered = [...fresh, ...kept.flatMap((key) => byKey.get(key) ?? [])];
    shownOrder.current = ordered.map((group) => group.key);
    return ordered;
  }, [groups]);
}

const NO_GROUPS: NotificationGroupDto[] = [];

/**
 * /notifications: who followed you and who liked or commented on your reviews and posts, in
 * groups ("Ana and 4 others liked your Khao Soi"), unread first, under the follow requests
 * waiting for an answer. Opening one marks it read and
 * goes to the item (followers open the list of them); new ones arrive live through the realtime
 * stream and join their group in place.
 */
export function NotificationsPage() {
  useDocumentTitle("Notifications · Tasted");
  const [tab, setTab] = useState<Tab>("all");
  const list = useQuery(notificationListQuery);
  const markRead = useMarkNotificationsRead();

  // Follow requests wait for an answer: listed apart at the top (FollowRequests reads the same
  // query); an unread one is reason enough for "Mark all as read".
  const requests = useInfiniteQuery(followRequestsQuery);
  const requestUnread =
    requests.data?.pages.some((page) => page.items.some((person) => !person.isRead)) ?? false;

  const [peopleOf, setPeopleOf] = useState<NotificationGroupDto | null>(null);
  const items = useStableOrder(list.data?.items ?? NO_GROUPS);
  // The groups the tabs list (follow requests are counted apart).
  const unreadCount = list.data?.unreadCount ?? 0;

  useEffect(() => {
    if (list.error) console.error("Notifications failed to load", list.error);
  }, [list.error]);

  const markAll =
    unreadCount > 0 || requestUnread ? (
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconChecks size={16} aria-hidden />}
        onClick={() => markRead.mutate({ all: true })}
      >
        {notificationMessages.markAllRead}
      </Button>
    ) : null;

  function panel(shown: NotificationGroupDto[], empty: { title: string; hint?: string }) {
    if (list.isPending) {
      return (
        <Stack gap={0} aria-busy aria-label="Loading notifications">
          {SKELETON_ROWS.map((key) => (
            <div key={key} className={classes.skeletonRow}>
              <Skeleton circle height={44} />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton height={12} width="70%" />
                <Skeleton height={10} width="30%" />
              </Stack>
            </div>
          ))}
        </Stack>
      );
    }
    if (list.isError) {
      return (
        <LoadErrorState
          title="We couldn't load your notifications"
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      );
    }
    if (shown.length === 0) {
      return <EmptyState icon={<IconBell size={28} stroke={1.6} />} {...empty} />;
    }
    return (
      <ul className={classes.list} aria-label="Notifications">
        {shown.map((group) => (
          <li key={group.key}>
            <NotificationRow
              group={group}
              onOpen={() => {
                if (!group.isRead) markRead.mutate({ key: group.key });
              }}
              onShowPeople={() => setPeopleOf(group)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title="Notifications" actions={markAll} />
      <Stack p={{ base: 0, sm: "md" }} gap={0} className={classes.page}>
        <FollowRequests />
        <Tabs
          keepMounted={false}
          value={tab}
          onChange={(value) => setTab(value === "unread" ? "unread" : "all")}
        >
          <Tabs.List grow className={header.belowHeader}>
            <Tabs.Tab value="all">All ({items.length})</Tabs.Tab>
            <Tabs.Tab value="unread">Unread ({unreadCount})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="all">
            {panel(items, {
              title: notificationMessages.empty,
              hint: notificationMessages.emptyHint,
            })}
          </Tabs.Panel>
          <Tabs.Panel value="unread">
            {panel(
              items.filter((item) => !item.isRead),
              { title: notificationMessages.noUnread },
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <GroupPeopleDialog group={peopleOf} onClose={() => setPeopleOf(null)} />
    </>
  );
}
