import { Group, Modal, Skeleton, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconUsers } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { FollowListEntryDto, FollowListKind } from "#domain/follows.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { FollowButton } from "#web/components/follow-button.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { LoadMore } from "#web/components/load-more.tsx";
import { PersonList, PersonRow } from "#web/components/person-list.tsx";
import { useToggleFollow } from "#web/features/follows/api/use-toggle-follow.ts";
import { MOBILE_QUERY } from "#web/lib/breakpoints.ts";
import { followListQuery } from "../api/profile-queries.ts";
import classes from "./profile-page.module.css";

const TITLES: Record<FollowListKind, string> = { followers: "Followers", following: "Following" };
const EMPTY_TEXTS: Record<FollowListKind, string> = {
  followers: "No followers yet",
  following: "Not following anyone yet",
};
const SKELETON_ROWS = ["first", "second", "third"] as const;

interface FollowListDialogProps {
  profileId: string;
  /** Which list is open; null keeps the dialog closed. */
  kind: FollowListKind | null;
  onClose: () => void;
}

/**
 * The people who follow a profile, or whom it follows: a dialog on desktop, the whole screen on
 * phones, newest follow first, more on "Load more".
 */
export function FollowListDialog({ profileId, kind, onClose }: FollowListDialogProps) {
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      size="md"
      fullScreen={mobile}
      radius={mobile ? 0 : "lg"}
      title={kind ? TITLES[kind] : ""}
      classNames={{ title: classes.dialogTitle }}
      transitionProps={{ transition: mobile ? "slide-up" : "pop", duration: 180 }}
    >
      {kind && <FollowList profileId={profileId} kind={kind} />}
    </Modal>
  );
}

function FollowList({ profileId, kind }: { profileId: string; kind: FollowListKind }) {
  const list = useInfiniteQuery(followListQuery(profileId, kind));
  const people = list.data?.pages.flatMap((page) => page.items) ?? [];

  if (list.isPending) {
    return (
      <Stack gap="md" aria-busy aria-label={`Loading ${TITLES[kind].toLowerCase()}`}>
        {SKELETON_ROWS.map((key) => (
          <Group key={key} gap="sm" wrap="nowrap">
            <Skeleton circle height={44} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="45%" />
              <Skeleton height={10} width="30%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }

  if (list.isError && people.length === 0) {
    return (
      <LoadErrorState
        title={`We couldn't load ${TITLES[kind].toLowerCase()}`}
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  }

  if (people.length === 0) {
    return <EmptyState icon={<IconUsers size={28} stroke={1.6} />} title={EMPTY_TEXTS[kind]} />;
  }

  return (
    <Stack gap="md">
      <PersonList label={TITLES[kind]}>
        {people.map((person) => (
          <FollowListRow key={person.id} person={person} />
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

function FollowListRow({ person }: { person: FollowListEntryDto }) {
  const toggle = useToggleFollow(person);
  return (
    <PersonRow
      person={person}
      action={
        <FollowButton
          targetId={person.id}
          following={person.followedByMe === true}
          toggle={toggle}
          size="xs"
        />
      }
    />
  );
}
