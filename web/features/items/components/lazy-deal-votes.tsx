import { lazy, Suspense } from "react";
import type { DealDto } from "#domain/items.ts";

// Most pages of items hold no deal, so the votes load with the first one shown, not with
// every screen that lists items (scripts/bench/web-budgets.ts).
const DealVotes = lazy(async () => ({ default: (await import("./deal-votes.tsx")).DealVotes }));

/** A deal's "Still on" and "Gone" (deal-votes.tsx), loaded on demand. */
export function LazyDealVotes({ deal }: { deal: DealDto }) {
  return (
    <Suspense fallback={null}>
      <DealVotes deal={deal} />
    </Suspense>
  );
}
