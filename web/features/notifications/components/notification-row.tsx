import { Avatar, Button, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconDiscount2, IconShieldCheck } from "@tabler/icons-react";
import { Link } from "react-router";
import type { AuthorDto } from "#domain/items.ts";
import type { NotificationGroupDto } from "#domain/notifications.ts";
import { notificationMessages, notificationSentenceParts } from "#domain/notifications-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { FollowButton } from "#web/components/follow-button.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { When } from "#web/components/when.tsx";
import { useToggleFollow } from "#web/features/follows/api/use-toggle-follow.ts";
import classes from "./notifications-page.module.css";

/**
 * The newest people's avatars, overlapping when there are several, newest on top; a moderator's
 * notice names no one and shows the moderators' shield instead, a deal reported gone the deals'
 * tag.
 */
function GroupAvatars({ group }: { group: NotificationGroupDto }) {
  if (group.type === "content_hidden") {
    return (
      <Avatar size={44} color="gray" aria-hidden>
        <IconShieldCheck size={22} />
      </Avatar>
    );
  }
  if (group.type === "deal_gone") {
    return (
      <Avatar size={44} color="paprika" aria-hidden>
        <IconDiscount2 size={22} />
      </Avatar>
    );
  }
  const [only] = group.actors;
  if (group.actors.length === 1 && only) {
    return <UserAvatar avatarUrl={only.avatarUrl} username={only.username} size={44} />;
  }
  return (
    <Avatar.Group spacing="sm" className={classes.avatars}>
      {group.actors.map((actor, index) => (
        <UserAvatar
          key={actor.id}
          avatarUrl={actor.avatarUrl}
          username={actor.username}
          size={34}
          // The newest, named first in the sentence, lies on top.
          style={{ zIndex: group.actors.length - index }}
        />
      ))}
    </Avatar.Group>
  );
}

/** Avatars, "Ana and 4 others liked your Khao Soi", when, and "Unread" while it is. */
function GroupContent({ group }: { group: NotificationGroupDto }) {
  const { people, action, title } = notificationSentenceParts(group);
  return (
    <>
      <GroupAvatars group={group} />
      <span className={classes.body}>
        <Text component="span" size="sm" className={classes.text}>
          <span className={classes.actor}>{people}</span> {action}
          {title !== null && (
            <>
              {" "}
              <strong>{title}</strong>
            </>
          )}
        </Text>
        {group.text && (
          <Text component="span" size="sm" c="dimmed" lineClamp={2} className={classes.quote}>
            {group.text}
          </Text>
        )}
        <When value={group.latestAt} className={classes.time} />
      </span>
      {group.thumbnailUrl && (
        <img src={group.thumbnailUrl} alt="" className={classes.thumbnail} loading="lazy" />
      )}
      {!group.isRead && (
        <>
          <span className={classes.dot} aria-hidden />
          <VisuallyHidden>Unread</VisuallyHidden>
        </>
      )}
    </>
  );
}

/** "Follow back" beside a row of one new follower; "Unfollow" once done, as in their list. */
function FollowBack({ person }: { person: AuthorDto }) {
  const toggle = useToggleFollow(person);
  const following = toggle.isPending
    ? (toggle.variables ?? false)
    : (toggle.data?.following ?? false);
  return (
    <span className={classes.seeAll}>
      <FollowButton
        targetId={person.id}
        following={following}
        toggle={toggle}
        size="compact-xs"
        followLabel={notificationMessages.followBack}
      />
    </span>
  );
}

/**
 * One group: likes, comments and a moderator's notice open their item, with "See all" beside
 * when several people are in it; followers open the list of them. The row is one link or button whose name is the
 * whole sentence, so it opens by keyboard like any other.
 */
export function NotificationRow({
  group,
  onOpen,
  onShowPeople,
}: {
  group: NotificationGroupDto;
  /** Opening the row: the caller marks the group read. */
  onOpen: () => void;
  onShowPeople: () => void;
}) {
  const unread = !group.isRead || undefined;
  const { item } = group;
  const [follower] = group.actors;
  if (!item) {
    const row = (
      <UnstyledButton
        className={classes.row}
        data-unread={unread}
        aria-haspopup="dialog"
        onClick={() => {
          onOpen();
          onShowPeople();
        }}
      >
        <GroupContent group={group} />
      </UnstyledButton>
    );
    if (!group.followBack || !follower) return row;
    return (
      <div className={classes.withAction} data-unread={unread}>
        {row}
        <FollowBack person={follower} />
      </div>
    );
  }
  const target = screenPaths.view(
    item.kind === "review" ? (item.reviewType ?? "dish") : item.kind,
    item.id,
  );
  return (
    <div className={classes.withAction} data-unread={unread}>
      <Link to={target} onClick={onOpen} className={classes.row}>
        <GroupContent group={group} />
      </Link>
      {group.actorCount > 1 && (
        <Button
          variant="subtle"
          size="compact-xs"
          className={classes.seeAll}
          aria-haspopup="dialog"
          aria-label={notificationMessages.seeAllPeople(group.actorCount)}
          onClick={onShowPeople}
        >
          {notificationMessages.seeAll}
        </Button>
      )}
    </div>
  );
}
