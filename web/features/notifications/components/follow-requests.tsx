import { Button, Group, Text, Title } from "@mantine/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router";
import { authorDisplayName, authorHandle } from "#domain/items-rules.ts";
import { notificationMessages } from "#domain/notifications-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { LoadMore } from "#web/components/load-more.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { When } from "#web/components/when.tsx";
import {
  followRequestsQuery,
  useAnswerFollowRequest,
} from "#web/features/follows/api/use-follow-requests.ts";
import classes from "./notifications-page.module.css";

/**
 * The requests to follow the viewer's private account, together at the top of the screen: each
 * "Ana requested to follow you" with Accept and Decline, newest first, "Load more" for older
 * ones (read from the requests themselves, so none drops off behind newer notifications). An
 * answered one leaves the list. Nothing shows while there are none.
 */
export function FollowRequests() {
  const list = useInfiniteQuery(followRequestsQuery);
  const answer = useAnswerFollowRequest();
  const requests = list.data?.pages.flatMap((page) => page.items) ?? [];

  useEffect(() => {
    if (list.error) console.error("Follow requests failed to load", list.error);
  }, [list.error]);

  if (list.isError && !list.data) {
    return (
      <LoadErrorState
        title="We couldn't load your follow requests"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="follow-requests-title" className={classes.requests}>
      <Title order={2} size="h5" id="follow-requests-title" className={classes.requestsTitle}>
        {notificationMessages.followRequests}
      </Title>
      <ul className={classes.list}>
        {requests.map((person) => {
          const name = authorDisplayName(person);
          const answering = answer.isPending && answer.variables?.requesterId === person.id;
          return (
            <li
              key={person.id}
              className={classes.request}
              data-unread={!person.isRead || undefined}
            >
              <UserAvatar avatarUrl={person.avatarUrl} username={person.username} size={44} />
              <span className={classes.body}>
                <Text component="span" size="sm" className={classes.text}>
                  <Link to={screenPaths.user(authorHandle(person))} className={classes.actorLink}>
                    {name}
                  </Link>{" "}
                  {notificationMessages.requestedToFollow}
                </Text>
                <When value={person.requestedAt} className={classes.time} />
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
      <LoadMore
        noun="follow requests"
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        failed={list.isFetchNextPageError}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </section>
  );
}
