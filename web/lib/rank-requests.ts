import { useSyncExternalStore } from "react";
import type { ReviewDto } from "#domain/items.ts";

// "How does it compare?" is asked over whatever screen is open (ADR 0030): the review form
// (once a dish is posted into a category) and the Rankings tab (a re-rank) ask for it here, and
// the app layout shows the questions, so neither feature imports the other's components.

let pending: ReviewDto | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Asks the questions for a ranked dish; a dish without a category has none. */
export function requestRanking(dish: ReviewDto): void {
  if (dish.category === null) return;
  pending = dish;
  emit();
}

/** The questions are answered, skipped or have nothing to ask. */
export function finishRanking(): void {
  pending = null;
  emit();
}

/** The dish whose questions are being asked, or null. */
export function usePendingRanking(): ReviewDto | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
  );
}
