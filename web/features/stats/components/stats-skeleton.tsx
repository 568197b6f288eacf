import { Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import { statsMessages } from "#domain/stats-rules.ts";

/*
 * What the Stats tab and its lazily loaded panel share, apart from both: the panel is its own
 * chunk, which the tab imports only when it opens.
 */

export interface StatsTabProps {
  profileId: string;
  /** The viewer's own profile: the "Show my stats on my profile" switch. */
  isOwn: boolean;
  /** Whether the owner shows their stats to others. */
  statsPublic: boolean;
}

/** The loading look of the Stats tab: its figures and a chart, while data or code arrive. */
export function StatsSkeleton() {
  return (
    <Stack gap="md" aria-busy>
      <span role="status">
        <VisuallyHidden>{statsMessages.loading}</VisuallyHidden>
      </span>
      <Skeleton height={72} radius="lg" />
      <Skeleton height={260} radius="lg" />
    </Stack>
  );
}
