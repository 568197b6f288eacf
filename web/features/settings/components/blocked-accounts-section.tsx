import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { RestrictedAccountDto } from "#domain/blocks.ts";
import { blockMessages } from "#domain/blocks-rules.ts";
import { PagedPersonList, PersonRow } from "#web/components/person-list.tsx";
import type { Restriction } from "#web/components/restrict-dialog.tsx";
import { restrictedAccountsQuery } from "#web/features/safety/api/safety-queries.ts";
import { useSetRestriction } from "#web/features/safety/api/use-restriction.ts";

const LISTS = {
  block: {
    title: blockMessages.blockedListTitle,
    empty: blockMessages.blockedListEmpty,
    undo: blockMessages.unblock,
  },
  mute: {
    title: blockMessages.mutedListTitle,
    empty: blockMessages.mutedListEmpty,
    undo: blockMessages.unmute,
  },
} as const;

/** The people you blocked, then those you muted, each undone from its row. */
export function BlockedAccountsSection() {
  return (
    <>
      <RestrictedAccounts kind="block" />
      <RestrictedAccounts kind="mute" />
    </>
  );
}

/** One list, newest first, 20 at a time: avatar and name (to their profile) and Unblock or Unmute. */
function RestrictedAccounts({ kind }: { kind: Restriction }) {
  const text = LISTS[kind];
  const titleId = `${kind}-accounts-title`;
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      aria-labelledby={titleId}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {text.title}
        </Title>
        <AccountList kind={kind} />
      </Stack>
    </Paper>
  );
}

function AccountList({ kind }: { kind: Restriction }) {
  const text = LISTS[kind];
  const list = useInfiniteQuery(restrictedAccountsQuery(kind));
  return (
    <PagedPersonList
      list={list}
      label={text.title}
      loadFailed={`We couldn't load ${text.title.toLowerCase()}`}
      empty={
        <Text size="sm" c="dimmed">
          {text.empty}
        </Text>
      }
      noun="accounts"
      divided
      avatarSize={40}
      row={(account) => <AccountRow key={account.person.id} kind={kind} account={account} />}
    />
  );
}

function AccountRow({ kind, account }: { kind: Restriction; account: RestrictedAccountDto }) {
  const { person } = account;
  const undo = useSetRestriction(kind, person);
  const handle = `@${person.username.toLowerCase()}`;
  const verb = LISTS[kind].undo;
  return (
    <PersonRow
      person={person}
      avatarSize={40}
      action={
        <Button
          variant="default"
          size="xs"
          radius="xl"
          aria-label={`${verb} ${handle}`}
          loading={undo.isPending}
          onClick={() => undo.mutate(false)}
        >
          {verb}
        </Button>
      }
    />
  );
}
