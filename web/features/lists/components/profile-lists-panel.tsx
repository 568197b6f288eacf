import { Button, Group, Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import { IconListDetails, IconPlus } from "@tabler/icons-react";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ListSummariesDto } from "#domain/lists.ts";
import { listMessages } from "#domain/lists-rules.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { profileListsQuery, useFollowedLists } from "../api/list-queries.ts";
import { ListCard } from "./list-card.tsx";
import { CreateListDialog } from "./list-dialogs.tsx";
import classes from "./lists.module.css";

const SKELETONS = ["first", "second"] as const;

interface ProfileListsPanelProps {
  profileId: string;
  /** The viewer's own profile: all their lists, "New list" and the lists they follow. */
  isOwn: boolean;
}

/**
 * A profile's Lists tab: the lists the viewer may see there; on one's own profile all of them
 * with "New list", then "Lists you follow".
 */
export function ProfileListsPanel({ profileId, isOwn }: ProfileListsPanelProps) {
  const lists = useQuery(profileListsQuery(profileId));
  const followed = useFollowedLists(isOwn);
  const [creating, setCreating] = useState(false);

  if (!isOwn) {
    return <ListCards query={lists} label={listMessages.tabLabel} empty={listMessages.noLists} />;
  }

  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            {listMessages.newList}
          </Button>
        </Group>
        <ListCards query={lists} label={listMessages.tabLabel} empty={listMessages.noListsOwn} />
      </Stack>
      <Stack gap="md" component="section" aria-labelledby="followed-lists">
        <h2 id="followed-lists" className={classes.sectionTitle}>
          {listMessages.followedLists}
        </h2>
        <ListCards
          query={followed}
          label={listMessages.followedLists}
          empty={listMessages.noFollowedLists}
        />
      </Stack>
      <CreateListDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

interface ListCardsProps {
  query: UseQueryResult<ListSummariesDto>;
  /** What the cards are, for screen readers (and the loading and error texts). */
  label: string;
  empty: string;
}

/** Lists as cards, or their skeleton, load error (with Retry) or empty text. */
function ListCards({ query, label, empty }: ListCardsProps) {
  if (query.isPending) {
    return (
      <div aria-busy>
        <span role="status">
          <VisuallyHidden>Loading {label}</VisuallyHidden>
        </span>
        <div className={classes.cards}>
          {SKELETONS.map((name) => (
            <Skeleton key={name} height={180} radius="lg" />
          ))}
        </div>
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadErrorState
        title={`We couldn't load ${label.toLowerCase()}`}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  if (query.data.lists.length === 0) {
    return <EmptyState icon={<IconListDetails size={28} stroke={1.6} />} title={empty} />;
  }
  return (
    <ul className={classes.cards} aria-label={label}>
      {query.data.lists.map((list) => (
        <ListCard key={list.id} list={list} />
      ))}
    </ul>
  );
}
