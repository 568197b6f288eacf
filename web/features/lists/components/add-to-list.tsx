import { Button, Checkbox, Popover, Skeleton, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconPlaylistAdd, IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { listMessages } from "#domain/lists-rules.ts";
import surface from "#web/components/surface.module.css";
import type { ListTarget } from "#web/lib/query-keys.ts";
import { useSession } from "#web/lib/session.tsx";
import { useWhenSignedIn } from "#web/lib/sign-in-prompt.ts";
import { myListsQuery } from "../api/list-queries.ts";
import {
  isPendingEntry,
  useCreateListWith,
  useToggleListEntry,
} from "../api/use-list-mutations.ts";
import { LazyListForm, loadListForm } from "./lazy-list-form.tsx";
import classes from "./lists.module.css";

interface AddToListProps {
  target: ListTarget;
  /** "subtle" sits among a card's actions; "outline" beside a button (as the Save toggle). */
  variant?: "subtle" | "outline";
  className?: string;
}

/**
 * "Add to list" beside the Save toggle: a popover of the own lists, each a checkbox that adds the
 * restaurant or review or takes it out again, and "New list", which makes one with it inside.
 * Visitors are asked to sign in; the lists are read only when the popover opens.
 */
export function AddToList({ target, variant = "subtle", className }: AddToListProps) {
  const { session } = useSession();
  const whenSignedIn = useWhenSignedIn(listMessages.signInToAdd);
  const [opened, setOpened] = useState(false);

  function onClick() {
    whenSignedIn(() => setOpened((value) => !value));
  }

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      radius="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <UnstyledButton
          className={[
            surface.action,
            surface.iconAction,
            variant === "outline" && surface.outline,
            className,
          ]
            .filter(Boolean)
            .join(" ")}
          aria-label={listMessages.addToList}
          aria-haspopup="dialog"
          aria-expanded={opened}
          disabled={session.status === "loading"}
          onClick={onClick}
        >
          <IconPlaylistAdd size={20} stroke={1.8} aria-hidden />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown aria-label={listMessages.addToList}>
        {opened && <ListPicker target={target} />}
      </Popover.Dropdown>
    </Popover>
  );
}

/** The popover's body: the own lists as checkboxes, then "New list" or its inline form. */
function ListPicker({ target }: { target: ListTarget }) {
  const mine = useQuery(myListsQuery(target));
  const toggle = useToggleListEntry(target);
  const create = useCreateListWith(target);
  const [creating, setCreating] = useState(false);
  // Fetched as the picker opens, so "New list" shows its form at once.
  useEffect(() => {
    void loadListForm();
  }, []);

  return (
    <div className={classes.picker}>
      <Text fw={650} size="sm">
        {listMessages.addToList}
      </Text>
      {mine.isPending ? (
        <Stack gap={10} aria-busy>
          <Skeleton height={18} width="70%" />
          <Skeleton height={18} width="55%" />
        </Stack>
      ) : mine.isError ? (
        <Text size="sm" c="dimmed">
          We couldn't load your lists.{" "}
          <UnstyledButton
            className={surface.entryLink}
            onClick={() => void mine.refetch()}
            td="underline"
            fz="sm"
          >
            Retry
          </UnstyledButton>
        </Text>
      ) : mine.data.lists.length === 0 ? (
        <Text size="sm" c="dimmed">
          {listMessages.noListsOwn}
        </Text>
      ) : (
        <div className={classes.pickerLists}>
          {mine.data.lists.map((list) => (
            <Checkbox
              key={list.id}
              label={list.name}
              description={`${listMessages.visibilityLabels[list.visibility]} · ${listMessages.entryCount(list.entryCount)}`}
              checked={list.entryIdForTarget !== null}
              disabled={isPendingEntry(list)}
              onChange={(event) => toggle.mutate({ list, add: event.currentTarget.checked })}
            />
          ))}
        </div>
      )}
      {creating ? (
        <LazyListForm
          compact
          submitLabel="Create and add"
          pending={create.isPending}
          onCancel={() => setCreating(false)}
          onSubmit={async (input) => {
            await create.mutateAsync(input);
            setCreating(false);
          }}
        />
      ) : (
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setCreating(true)}
        >
          {listMessages.newList}
        </Button>
      )}
    </div>
  );
}
