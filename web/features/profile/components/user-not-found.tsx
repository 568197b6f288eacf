import { Button } from "@mantine/core";
import { IconUserQuestion } from "@tabler/icons-react";
import { Link } from "react-router";
import { profileNotFoundMessages } from "#domain/profile-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { EmptyState } from "#web/components/empty-state.tsx";

/** An unknown handle: the words people see, and the way back to the feed. */
export function UserNotFound() {
  return (
    <EmptyState
      icon={<IconUserQuestion size={28} stroke={1.6} />}
      title={profileNotFoundMessages.title}
      hint={profileNotFoundMessages.text}
      action={
        <Button component={Link} to={screenPaths.feed} mt="sm">
          Go to Feed
        </Button>
      }
    />
  );
}
