import { Button } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { EmptyState } from "./empty-state.tsx";

interface LoadErrorStateProps {
  /** What failed, e.g. "We couldn't load the feed". */
  title: string;
  onRetry: () => void;
  /** The retry is running: the button shows a spinner. */
  retrying: boolean;
}

/**
 * The one way a list says it could not load: never its empty text (an outage must not read
 * "No posts yet"), always a way to try again.
 */
export function LoadErrorState({ title, onRetry, retrying }: LoadErrorStateProps) {
  return (
    <EmptyState
      icon={<IconAlertTriangle size={28} stroke={1.6} />}
      title={title}
      hint="Check your connection and try again."
      action={
        <Button mt="xs" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    />
  );
}
