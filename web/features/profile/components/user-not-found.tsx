import { Button } from "@mantine/core";
import { IconUserQuestion } from "@tabler/icons-react";
import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { EmptyState } from "#web/components/empty-state.tsx";

export function UserNotFound() {
  return (
    <EmptyState
      icon={<IconUserQuestion size={28} stroke={1.6} />}
      title="User Not Found"
      hint="The user you're looking for doesn't exist."
      action={
        <Button component={Link} to={screenPaths.feed} mt="sm">
          Go to Feed
        </Button>
      }
    />
  );
}
