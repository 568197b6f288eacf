import { lazy, Suspense } from "react";
import type { DealDto } from "#domain/items.ts";
import { DealVoteButtons } from "./deal-vote-buttons.tsx";

// Most pages of items hold no deal, so the code that votes loads with the first one shown, not
// with every screen that lists items (scripts/bench/web-budgets.ts).
const DealVotes = lazy(async () => ({ default: (await import("./deal-votes.tsx")).DealVotes }));

/**
 * A deal's "Still on" and "Gone" (deal-votes.tsx), loaded on demand: meanwhile the same buttons
 * with the listing's counts, disabled, so they are in the card's first paint and never pop in.
 */
export function LazyDealVotes({ deal }: { deal: DealDto }) {
  return (
    <Suspense fallback={<DealVoteButtons deal={deal} />}>
      <DealVotes deal={deal} />
    </Suspense>
  );
}
