import { Alert, Button, Center, Loader } from "@mantine/core";
import type { ReactNode } from "react";

interface LoadMoreProps {
  /** What the list holds, in the plural: "posts", "people". */
  noun: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last attempt at the next page failed: offer to try again instead. */
  failed: boolean;
  onLoadMore: () => void;
  /** Shown under the last page (e.g. "You're all caught up"). */
  end?: ReactNode;
}

/**
 * The foot of a keyset-paged list: "Load more", a spinner while the next page loads, a Retry
 * when it failed (the pages already shown stay), or `end` when there is nothing more.
 */
export function LoadMore({
  noun,
  hasNextPage,
  isFetchingNextPage,
  failed,
  onLoadMore,
  end = null,
}: LoadMoreProps) {
  if (failed) {
    return (
      <Alert color="red" variant="light" radius="md" title={`More ${noun} could not be loaded`}>
        <Button size="xs" variant="light" color="red" onClick={onLoadMore}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (!hasNextPage) return end;
  return (
    <Center>
      {isFetchingNextPage ? (
        <Loader size="sm" aria-label={`Loading more ${noun}`} />
      ) : (
        <Button variant="subtle" onClick={onLoadMore}>
          Load more
        </Button>
      )}
    </Center>
  );
}
