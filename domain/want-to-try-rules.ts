// No zod here: screens read these without loading the schemas (issue 26).

import type { WantToTryVisibility } from "./want-to-try.ts";

/**
 * Who may count a person's saves: only they ("private", the default), or also the people who
 * follow them, as "Saved by 2 people you follow" on restaurant pages and explore's cards. The
 * list itself is shown to its owner alone either way.
 */
export const wantToTryVisibilities = ["private", "followers"] as const;

export const wantToTryVisibilityLabels: Record<WantToTryVisibility, string> = {
  private: "Only me",
  followers: "Followers",
};

/** How many entries one person may keep (both halves together). */
export const WANT_TO_TRY_MAX = 2000;

export const wantToTryMessages = {
  signInRequired: "Please sign in to save places and dishes",
  saved: "Saved to Want to try",
  removed: "Removed from Want to try",
  /** Toast after a review of something saved: `name` is the dish or restaurant. */
  movedToTried: (name: string) => `${name} moved to Tried`,
  full: `Your Want to try list is full (${WANT_TO_TRY_MAX}). Remove something first.`,
  updateFailed: "Failed to update Want to try",
  /** Saving "the dish" of a restaurant review: only a dish review names one. */
  dishReviewOnly: "Only a dish review names a dish to save",
  /** Removing an entry that is not (or no longer) in the caller's list. */
  entryNotFound: "That is not in your Want to try list",
  tabLabel: "Want to try",
  triedLabel: "Tried",
  emptyWant: "Nothing saved yet. Tap Save on a dish or a restaurant you want to try.",
  emptyTried: "Nothing tried yet. Review something you saved and it shows up here.",
  visibilityLabel: "Who counts your saves",
  visibilityDescription:
    "Followers see how many people they follow saved a place, never who or what else",
  visibilityFailed: "Failed to update who counts your saves",
  /** The line on restaurant pages and explore's cards: `count` is savedByFollowedCount (> 0). */
  savedByFollowed: (count: number) =>
    count === 1 ? "Saved by 1 person you follow" : `Saved by ${count} people you follow`,
} as const;

/**
 * The key a dish is matched by: its name without accents, case or repeated spaces, so "Crème
 * Brûlée" and "creme  brulee" are one dish. The server stores it; the web app compares with it.
 */
export function dishKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** The key of a saved dish in WantToTryKeysDto.dishes. */
export const savedDishKey = (restaurantId: string, dishName: string) =>
  `${restaurantId}:${dishKey(dishName)}`;
