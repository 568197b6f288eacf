import { Button, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch, IconUserMinus, IconUserPlus } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import type { AuthorDto } from "#domain/items.ts";
import { authorDisplayName } from "#domain/items-rules.ts";
import type { TeamMemberDto } from "#domain/moderation.ts";
import { EXPLORE_DEBOUNCE_MS, exploreEmptyMessages } from "#domain/search-rules.ts";
import { SEARCH_TEXT_MAX } from "#domain/text-input-rules.ts";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { exploreQuery } from "#web/features/explore/api/explore-queries.ts";
import { adminTeamQuery, useSetRole } from "../api/admin-queries.ts";
import classes from "./admin.module.css";
import { ContrastBadge } from "./contrast-badge.tsx";
import { useToastLoadError } from "./use-toast-load-error.ts";

const ROLE_BADGES = {
  admin: { label: "Admin", color: "grape" },
  moderator: { label: "Moderator", color: "blue" },
} as const satisfies Record<TeamMemberDto["role"], { label: string; color: string }>;

/**
 * The team (admins only): who is an admin or moderator, removing a moderator, and making
 * someone found by name or username a moderator. Admins come from the server's ADMIN_EMAILS,
 * so their rows have no button.
 */
export function TeamPanel() {
  const team = useQuery(adminTeamQuery);
  const setRole = useSetRole();
  useToastLoadError(team.error);
  const members = team.data?.members ?? [];
  const roles = new Map(members.map((member) => [member.profile.id, member.role]));
  const busyUser = setRole.isPending ? setRole.variables?.userId : undefined;

  return (
    <Stack gap="xl">
      <section className={classes.section} aria-labelledby="team-heading">
        <Title order={2} size="h4" id="team-heading">
          Moderators and admins
        </Title>
        {team.isPending ? (
          <Stack gap="xs" aria-busy aria-label="Loading the team">
            {[0, 1].map((key) => (
              <div key={key} className={classes.member}>
                <Skeleton circle height={36} />
                <Skeleton height={12} width="40%" />
              </div>
            ))}
          </Stack>
        ) : team.isError ? (
          <LoadErrorState
            title="We couldn't load the team"
            onRetry={() => void team.refetch()}
            retrying={team.isRefetching}
          />
        ) : (
          <ul className={classes.memberList}>
            {members.map((member) => (
              <PersonRow
                key={member.profile.id}
                person={member.profile}
                role={member.role}
                action={(nameId) =>
                  member.role === "moderator" && (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconUserMinus size={14} aria-hidden />}
                      aria-describedby={nameId}
                      loading={busyUser === member.profile.id}
                      onClick={() => setRole.mutate({ userId: member.profile.id, role: "user" })}
                    >
                      Remove
                    </Button>
                  )
                }
              />
            ))}
          </ul>
        )}
      </section>

      <AddModerator
        roles={roles}
        busyUser={busyUser}
        onAdd={(userId) => setRole.mutate({ userId, role: "moderator" })}
      />
    </Stack>
  );
}

/** A person with their role badge (if any) and an action at the end of the row. */
function PersonRow({
  person,
  role,
  action,
}: {
  person: AuthorDto;
  role: TeamMemberDto["role"] | undefined;
  /** The row's button, described by the person's name. */
  action: (nameId: string) => ReactNode;
}) {
  const nameId = useId();
  const badge = role ? ROLE_BADGES[role] : null;
  return (
    <li className={classes.member}>
      <UserAvatar avatarUrl={person.avatarUrl} username={person.username} size={36} aria-hidden />
      <div className={classes.memberNames}>
        <Text span size="sm" fw={650} truncate id={nameId}>
          {authorDisplayName(person)}
        </Text>
        <Text span size="xs" c="dimmed" truncate>
          @{person.username}
        </Text>
      </div>
      {badge && <ContrastBadge color={badge.color}>{badge.label}</ContrastBadge>}
      {action(nameId)}
    </li>
  );
}

/** Search people by name or username (Explore's people search) and make one a moderator. */
function AddModerator({
  roles,
  busyUser,
  onAdd,
}: {
  roles: Map<string, TeamMemberDto["role"]>;
  busyUser: string | undefined;
  onAdd: (userId: string) => void;
}) {
  const [text, setText] = useState("");
  const [query] = useDebouncedValue(text.replaceAll("\0", "").trim(), EXPLORE_DEBOUNCE_MS);
  const results = useQuery({
    ...exploreQuery("users", query),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
  useToastLoadError(results.error);
  const people = query ? (results.data?.users ?? []) : [];

  return (
    <section className={classes.section} aria-labelledby="add-moderator-heading">
      <Title order={2} size="h4" id="add-moderator-heading">
        Add a moderator
      </Title>
      <TextInput
        label="Find a person"
        placeholder="Name or username"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        maxLength={SEARCH_TEXT_MAX}
        onChange={(event) => setText(event.currentTarget.value)}
        maw={480}
      />
      {!query ? (
        <Text size="sm" c="dimmed">
          Moderators can review reports and hide content. They can't see totals or change roles.
        </Text>
      ) : results.isPending ? (
        <Skeleton height={56} maw={640} />
      ) : people.length === 0 ? (
        <Text size="sm" c="dimmed">
          {results.isError ? "The search failed. Try again." : exploreEmptyMessages.users.noMatches}
        </Text>
      ) : (
        <ul className={classes.memberList} aria-label="People found" aria-busy={results.isFetching}>
          {people.map((person) => {
            const role = roles.get(person.id);
            return (
              <PersonRow
                key={person.id}
                person={person}
                role={role}
                action={(nameId) =>
                  person.isMe ? (
                    <Text size="sm" c="dimmed">
                      You
                    </Text>
                  ) : role ? null : (
                    <Button
                      size="xs"
                      leftSection={<IconUserPlus size={14} aria-hidden />}
                      aria-describedby={nameId}
                      loading={busyUser === person.id}
                      onClick={() => onAdd(person.id)}
                    >
                      Make moderator
                    </Button>
                  )
                }
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}
