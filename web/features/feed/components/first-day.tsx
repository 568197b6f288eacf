import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPencilPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { suggestedPeopleMessages } from "#domain/follows-rules.ts";
import type { AuthorDto } from "#domain/items.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { FollowButton } from "#web/components/follow-button.tsx";
import { PersonList, PersonRow } from "#web/components/person-list.tsx";
import { suggestedPeopleQuery } from "#web/features/follows/api/suggested-people.ts";
import { useToggleFollow } from "#web/features/follows/api/use-toggle-follow.ts";

/**
 * A signed-in person's empty feed: a call to post their first review, and people to follow
 * (followed by those they follow, else active reviewers), each with a Follow button.
 */
export function FirstDay() {
  const people = useQuery(suggestedPeopleQuery());
  const suggested = people.data?.items ?? [];
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm" align="flex-start">
          <Text c="dimmed" size="sm">
            {suggestedPeopleMessages.firstReviewHint}
          </Text>
          <Button
            component={Link}
            to={screenPaths.newReview}
            leftSection={<IconPencilPlus size={18} aria-hidden />}
          >
            {suggestedPeopleMessages.firstReview}
          </Button>
        </Stack>
      </Paper>
      {suggested.length > 0 && (
        <section aria-labelledby="suggested-people">
          <Title order={2} size="h4" id="suggested-people" mb="sm">
            {suggestedPeopleMessages.title}
          </Title>
          <PersonList label={suggestedPeopleMessages.listLabel}>
            {suggested.map((person) => (
              <SuggestedPerson key={person.id} person={person} />
            ))}
          </PersonList>
        </section>
      )}
    </Stack>
  );
}

function SuggestedPerson({ person }: { person: AuthorDto }) {
  const toggle = useToggleFollow(person, "following");
  // The list stays as it was read; the last answer says where this person stands now.
  return (
    <PersonRow
      person={person}
      action={
        <FollowButton
          targetId={person.id}
          following={toggle.data?.following === true}
          requested={toggle.data?.requested === true}
          toggle={toggle}
          wording="following"
          size="xs"
        />
      }
    />
  );
}
