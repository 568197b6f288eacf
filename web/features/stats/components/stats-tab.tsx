import { Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import { lazy, Suspense } from "react";
import { statsMessages } from "#domain/stats.ts";

// The panel and its charts (recharts) load with the tab, never with the profile screen.
const StatsPanel = lazy(async () => ({ default: (await import("./stats-panel.tsx")).StatsPanel }));

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

/** A profile's Stats tab. */
export function StatsTab(props: StatsTabProps) {
  return (
    <Suspense fallback={<StatsSkeleton />}>
      <StatsPanel {...props} />
    </Suspense>
  );
}
