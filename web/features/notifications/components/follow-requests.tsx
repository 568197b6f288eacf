import { Button, Group, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { authorDisplayName, authorHandle } from "#domain/items.ts";
import { type NotificationGroupDto, notificationMessages } from "#domain/notifications.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { When } from "#web/components/when.tsx";
import { useAnswerFollowRequest } from "#web/features/follows/api/use-follow-requests.ts";
import classes from "./notifications-page.module.css";

/**
 * The requests to follow the viewer's private account, together at the top of the screen: each
 * "Ana requested to follow you" with Accept and Decline. A request's notice lives as long as
 * the request, so every one here can still be answered; an answered one leaves the list.
 */
export function FollowRequests({ requests }: { requests: readonly NotificationGroupDto[] }) {
  const answer = useAnswerFollowRequest();
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="follow-requests-title" className={classes.requests}>
      <Title order={2} size="h5" id="follow-requests-title" className={classes.requestsTitle}>
        {notificationMessages.followRequests}
      </Title>
      <ul className={classes.list}>
        {requests.map((group) => {
          const [person] = group.actors;
          if (!person) return null;
          const name = authorDisplayName(person);
          const answering = answer.isPending && answer.variables?.requesterId === person.id;
          return (
            <li
              key={group.key}
              className={classes.request}
              data-unread={!group.isRead || undefined}
            >
              <UserAvatar avatarUrl={person.avatarUrl} username={person.username} size={44} />
              <span className={classes.body}>
                <Text component="span" size="sm" className={classes.text}>
                  <Link to={screenPaths.user(authorHandle(person))} className={classes.actorLink}>
                    {name}
                  </Link>{" "}
                  {notificationMessages.requestedToFollow}
                </Text>
                <When value={group.latestAt} className={classes.time} />
              </span>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="compact-sm"
                  loading={answering && answer.variables?.accept}
                  disabled={answering}
                  aria-label={`${notificationMessages.accept} ${name}`}
                  onClick={() => answer.mutate({ requesterId: person.id, accept: true })}
                >
                  {notificationMessages.accept}
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  loading={answering && !answer.variables?.accept}
                  disabled={answering}
                  aria-label={`${notificationMessages.decline} ${name}`}
                  onClick={() => answer.mutate({ requesterId: person.id, accept: false })}
                >
                  {notificationMessages.decline}
                </Button>
              </Group>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
