import { Group, Modal, Skeleton, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useInfiniteQuery } from "@tanstack/react-query";
import {
  type NotificationGroupDto,
  type NotificationPersonDto,
  notificationMessages,
  notificationPeopleTitles,
} from "#domain/notifications.ts";
import { FollowButton } from "#web/components/follow-button.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { LoadMore } from "#web/components/load-more.tsx";
import { PersonList, PersonRow } from "#web/components/person-list.tsx";
import { useToggleFollow } from "#web/features/follows/api/use-toggle-follow.ts";
import { MOBILE_QUERY } from "#web/lib/breakpoints.ts";
import { groupPeopleQuery } from "../api/notification-queries.ts";
import classes from "./notifications-page.module.css";

const SKELETON_ROWS = ["first", "second", "third"] as const;

/**
 * Everyone in a group (who liked, who commented, who followed that day), newest first, each
 * linking to their profile with a Follow button: a dialog on desktop, the whole screen on
 * phones, more on "Load more".
 */
export function GroupPeopleDialog({
  group,
  onClose,
}: {
  /** The group whose people are listed; null keeps the dialog closed. */
  group: NotificationGroupDto | null;
  onClose: () => void;
}) {
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={group !== null}
      onClose={onClose}
      size="md"
      fullScreen={mobile}
      radius={mobile ? 0 : "lg"}
      title={group ? notificationPeopleTitles[group.type] : ""}
      classNames={{ title: classes.dialogTitle }}
      transitionProps={{ transition: mobile ? "slide-up" : "pop", duration: 180 }}
    >
      {group && <PeopleList group={group} />}
    </Modal>
  );
}

function PeopleList({ group }: { group: NotificationGroupDto }) {
  const list = useInfiniteQuery(groupPeopleQuery(group.key));
  const people = list.data?.pages.flatMap((page) => page.items) ?? [];
  const title = notificationPeopleTitles[group.type];

  if (list.isPending) {
    return (
      <Stack gap="md" aria-busy aria-label={`Loading: ${title}`}>
        {SKELETON_ROWS.map((key) => (
          <Group key={key} gap="sm" wrap="nowrap">
            <Skeleton circle height={44} />
            <Skeleton height={12} width="45%" />
          </Group>
        ))}
      </Stack>
    );
  }
  if (list.isError && people.length === 0) {
    return (
      <LoadErrorState
        title={notificationMessages.peopleFailed}
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  }
  return (
    <Stack gap="md">
      <PersonList label={title}>
        {people.map((person) => (
          <GroupPersonRow
            key={person.id}
            person={person}
            followers={group.type === "new_follower"}
          />
        ))}
      </PersonList>
      <LoadMore
        noun="people"
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        failed={list.isFetchNextPageError}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </Stack>
  );
}

function GroupPersonRow({
  person,
  followers,
}: {
  person: NotificationPersonDto;
  /** In a list of new followers, following one is following back. */
  followers: boolean;
}) {
  const toggle = useToggleFollow(person);
  // The list is this screen's own; the button shows the change asked for until the next read.
  const following = toggle.isPending
    ? (toggle.variables ?? person.followedByMe)
    : (toggle.data?.following ?? person.followedByMe);
  return (
    <PersonRow
      person={person}
      avatarSize={40}
      action={
        <FollowButton
          targetId={person.id}
          following={following}
          toggle={toggle}
          size="xs"
          followLabel={followers ? notificationMessages.followBack : undefined}
        />
      }
    />
  );
}
