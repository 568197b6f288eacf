import { useInfiniteQuery } from "@tanstack/react-query";
import type { NotificationGroupDto, NotificationPersonDto } from "#domain/notifications.ts";
import { notificationMessages, notificationPeopleTitles } from "#domain/notifications-rules.ts";
import { FollowButton } from "#web/components/follow-button.tsx";
import { PagedPersonList, PeopleDialog, PersonRow } from "#web/components/person-list.tsx";
import { useToggleFollow } from "#web/features/follows/api/use-toggle-follow.ts";
import { groupPeopleQuery } from "../api/notification-queries.ts";

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
  return (
    <PeopleDialog
      opened={group !== null}
      onClose={onClose}
      title={group ? notificationPeopleTitles[group.type] : ""}
    >
      {group && <GroupPeople group={group} />}
    </PeopleDialog>
  );
}

function GroupPeople({ group }: { group: NotificationGroupDto }) {
  const list = useInfiniteQuery(groupPeopleQuery(group.key));
  return (
    <PagedPersonList
      list={list}
      label={notificationPeopleTitles[group.type]}
      loadFailed={notificationMessages.peopleFailed}
      noun="people"
      avatarSize={40}
      row={(person) => (
        <GroupPersonRow key={person.id} person={person} followers={group.type === "new_follower"} />
      )}
    />
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
