import { VisuallyHidden } from "@mantine/core";
import { lazy, Suspense } from "react";
import { rankingMessages } from "#domain/rankings-rules.ts";

// The panel loads with the tab, never with the profile screen.
const RankingsPanel = lazy(async () => ({
  default: (await import("./rankings-panel.tsx")).RankingsPanel,
}));

/** A profile's Rankings tab. */
export function RankingsTab(props: { profileId: string; isOwn: boolean }) {
  return (
    <Suspense
      fallback={
        <span role="status">
          <VisuallyHidden>{rankingMessages.loading}</VisuallyHidden>
        </span>
      }
    >
      <RankingsPanel {...props} />
    </Suspense>
  );
}
