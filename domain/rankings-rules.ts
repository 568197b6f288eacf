// No zod here: screens read these without loading the schemas (issue 26).

import type { Insertion, Verdict } from "./rankings.ts";

export const rankingMessages = {
  compareTitle: "How does it compare?",
  better: "Better",
  worse: "Worse",
  tooClose: "Too close to call",
  skip: "Skip",
  tab: "Rankings",
  empty: "No rankings yet",
  emptyHint: "Give a dish review a category to rank it against the others.",
  reRank: "Re-rank",
  moveUp: "Move up",
  moveDown: "Move down",
  rankSaved: "Ranking saved",
  rankFailed: "Failed to save ranking",
  notRankable: "Only a dish review with a category can be ranked",
  loading: "Loading rankings...",
} as const;

/**
 * The next dish to ask about (its index in the other dishes, best first), or null when the
 * place is found: then the dish goes above others[lo], or to the bottom when lo is their count.
 */
export function nextComparison({ lo, hi }: Insertion): number | null {
  return lo < hi ? Math.floor((lo + hi) / 2) : null;
}

/** The range after the person said the new dish is better or worse than others[asked]. */
export function narrow({ lo, hi }: Insertion, asked: number, verdict: Verdict): Insertion {
  return verdict === "better" ? { lo, hi: asked } : { lo: asked + 1, hi };
}
