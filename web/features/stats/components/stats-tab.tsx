import { lazy, Suspense } from "react";
import { StatsSkeleton, type StatsTabProps } from "./stats-skeleton.tsx";

// The panel and its charts (recharts) load with the tab, never with the profile screen.
const StatsPanel = lazy(async () => ({ default: (await import("./stats-panel.tsx")).StatsPanel }));

/** A profile's Stats tab. */
export function StatsTab(props: StatsTabProps) {
  return (
    <Suspense fallback={<StatsSkeleton />}>
      <StatsPanel {...props} />
    </Suspense>
  );
}
