import { Group, Modal, Skeleton, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AuthorDto } from "#domain/items.ts";
import { authorDisplayName, authorHandle } from "#domain/items-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { MOBILE_QUERY } from "#web/lib/breakpoints.ts";
import { LoadErrorState } from "./load-error-state.tsx";
import { LoadMore } from "./load-more.tsx";
import classes from "./person-list.module.css";
import { UserAvatar } from "./user-avatar.tsx";

/**
 * A list of people (followers, who liked something, blocked accounts): each row their photo,
 * name and @username linking to their profile, and an action at the end. `divided` parts the
 * rows with lines instead of space.
 */
export function PersonList({
  label,
  divided = false,
  children,
}: {
  label: string;
  divided?: boolean;
  children: ReactNode;
}) {
  return (
    <ul
      className={divided ? `${classes.people} ${classes.divided}` : classes.people}
      aria-label={label}
    >
      {children}
    </ul>
  );
}

export function PersonRow({
  person,
  avatarSize = 44,
  action,
}: {
  person: AuthorDto;
  avatarSize?: number;
  /** A follow or undo button. */
  action?: ReactNode;
}) {
  return (
    <li className={classes.person}>
      <UserAvatar avatarUrl={person.avatarUrl} username={person.username} size={avatarSize} />
      <Link to={screenPaths.user(authorHandle(person))} className={classes.link}>
        <span className={classes.name}>{authorDisplayName(person)}</span>
        <span className={classes.handle}>@{person.username.toLowerCase()}</span>
      </Link>
      {action}
    </li>
  );
}

const SKELETON_ROWS = ["first", "second", "third"] as const;

interface PagedPersonListProps<Entry> {
  /** The keyset-paged read of the people. */
  list: UseInfiniteQueryResult<InfiniteData<{ items: Entry[] }>>;
  /** The list's name, read out for it and while it loads. */
  label: string;
  /** The title of the error state when the first page fails. */
  loadFailed: string;
  /** What shows when nobody is listed; without it, the empty list. */
  empty?: ReactNode;
  /** What "Load more" brings. */
  noun: string;
  divided?: boolean;
  avatarSize?: number;
  /** One person's row (a PersonRow with its key). */
  row: (entry: Entry) => ReactNode;
}

/**
 * A keyset-paged list of people (followers, a notification group's people, blocked accounts):
 * rows of skeletons while the first page loads, the error state with Retry when it fails, the
 * empty text, then the rows and "Load more".
 */
export function PagedPersonList<Entry>({
  list,
  label,
  loadFailed,
  empty,
  noun,
  divided = false,
  avatarSize = 44,
  row,
}: PagedPersonListProps<Entry>) {
  const entries = list.data?.pages.flatMap((page) => page.items) ?? [];
  const gap = divided ? "sm" : "md";

  if (list.isPending) {
    return (
      <Stack gap={gap} aria-busy aria-label={`Loading ${label.toLowerCase()}`}>
        {SKELETON_ROWS.map((key) => (
          <Group key={key} gap="sm" wrap="nowrap">
            <Skeleton circle height={avatarSize} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="45%" />
              <Skeleton height={10} width="30%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }
  if (list.isError && entries.length === 0) {
    return (
      <LoadErrorState
        title={loadFailed}
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  }
  if (entries.length === 0 && empty !== undefined) return empty;
  return (
    <Stack gap={divided ? "xs" : "md"}>
      <PersonList label={label} divided={divided}>
        {entries.map(row)}
      </PersonList>
      <LoadMore
        noun={noun}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        failed={list.isFetchNextPageError}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </Stack>
  );
}

/** A list of people in a dialog on desktop, the whole screen on phones. */
export function PeopleDialog({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="md"
      fullScreen={mobile}
      radius={mobile ? 0 : "lg"}
      title={title}
      classNames={{ title: classes.dialogTitle }}
      transitionProps={{ transition: mobile ? "slide-up" : "pop", duration: 180 }}
    >
      {children}
    </Modal>
  );
}
