import { IconUsers } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { FollowListEntryDto, FollowListKind } from "#domain/follows.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { FollowButton } from "#web/components/follow-button.tsx";
import { PagedPersonList, PeopleDialog, PersonRow } from "#web/components/person-list.tsx";
import { useToggleFollow } from "#web/features/follows/api/use-toggle-follow.ts";
import { followListQuery } from "../api/profile-queries.ts";

const TITLES: Record<FollowListKind, string> = { followers: "Followers", following: "Following" };
const EMPTY_TEXTS: Record<FollowListKind, string> = {
  followers: "No followers yet",
  following: "Not following anyone yet",
};

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
  return (
    <PeopleDialog opened={kind !== null} onClose={onClose} title={kind ? TITLES[kind] : ""}>
      {kind && <FollowList profileId={profileId} kind={kind} />}
    </PeopleDialog>
  );
}

function FollowList({ profileId, kind }: { profileId: string; kind: FollowListKind }) {
  const list = useInfiniteQuery(followListQuery(profileId, kind));
  return (
    <PagedPersonList
      list={list}
      label={TITLES[kind]}
      loadFailed={`We couldn't load ${TITLES[kind].toLowerCase()}`}
      empty={<EmptyState icon={<IconUsers size={28} stroke={1.6} />} title={EMPTY_TEXTS[kind]} />}
      noun="people"
      row={(person) => <FollowListRow key={person.id} person={person} />}
    />
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
