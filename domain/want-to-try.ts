import { z } from "zod";
import { restaurantRefSchema } from "./items.ts";
import { pageQuery, pageSchema } from "./paging.ts";

/**
 * Want to try: a person's saved restaurants and dishes. A restaurant is saved by id; a dish is a
 * name at a restaurant (saved from someone's dish review), so any later review of "Khao Soi" at
 * that place counts, however its author spelled the accents or the case. Once the person
 * reviews what they saved (any review of a saved restaurant, a dish review of a saved dish), the
 * entry moves to Tried by itself. Only its owner ever sees the list; its visibility decides
 * whether the people who follow them may count their saves (savedByFollowedCount).
 */
export const wantToTryKinds = ["restaurant", "dish"] as const;
export type WantToTryKind = (typeof wantToTryKinds)[number];

/** The two halves of the list: still to try, and tried since it was saved. */
const wantToTryStatuses = ["want", "tried"] as const;
export type WantToTryStatus = (typeof wantToTryStatuses)[number];

/**
 * Who may count a person's saves: only they ("private", the default), or also the people who
 * follow them, as "Saved by 2 people you follow" on restaurant pages and explore's cards. The
 * list itself is shown to its owner alone either way.
 */
export const wantToTryVisibilities = ["private", "followers"] as const;
export type WantToTryVisibility = (typeof wantToTryVisibilities)[number];
export const wantToTryVisibilityLabels: Record<WantToTryVisibility, string> = {
  private: "Only me",
  followers: "Followers",
};

/** PUT /api/want-to-try/visibility, and its answer. */
export const wantToTryVisibilitySchema = z.object({ visibility: z.enum(wantToTryVisibilities) });
export type WantToTryVisibilityDto = z.infer<typeof wantToTryVisibilitySchema>;

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

/**
 * How many different people the signed-in viewer follows still want to try a restaurant (it, or
 * a dish there; tried entries do not count), counting only those whose Want to try visibility
 * is "followers"; 0 for visitors. Which people is never told: the lists themselves stay their
 * owners' alone.
 */
export const savedByFollowedCountSchema = z.number().int().nonnegative();

/** One saved restaurant or dish, for the owner's list. */
const wantToTryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(wantToTryKinds),
  restaurant: restaurantRefSchema,
  /** The dish's name as it was saved; null for a restaurant. */
  dishName: z.string().nullable(),
  /** A photo to show: the saved dish review's first photo, else the restaurant's newest. */
  photoUrl: z.string().nullable(),
  savedAt: z.string(),
  /** When the owner first reviewed it after saving; null while still to try. */
  triedAt: z.string().nullable(),
  /** That review, to open it from the Tried list. */
  triedReviewId: z.string().nullable(),
});
export type WantToTryEntryDto = z.infer<typeof wantToTryEntrySchema>;

/** GET /api/want-to-try: one half of the list, newest saved (or tried) first. */
export const wantToTryListQuery = pageQuery.extend({
  status: z.enum(wantToTryStatuses).default("want"),
});
export const wantToTryPageSchema = pageSchema(wantToTryEntrySchema).extend({
  counts: z.object({ want: z.number().int(), tried: z.number().int() }),
  /** Who may count the owner's saves. */
  visibility: z.enum(wantToTryVisibilities),
});
export type WantToTryPageDto = z.infer<typeof wantToTryPageSchema>;

/**
 * GET /api/want-to-try/keys: everything the caller has saved and not yet tried, as keys, so any
 * card can show its Save toggle's state without a request per card.
 */
export const wantToTryKeysSchema = z.object({
  restaurantIds: z.array(z.string()),
  /** `${restaurantId}:${dishKey(name)}` for each saved dish. */
  dishes: z.array(z.string()),
});
export type WantToTryKeysDto = z.infer<typeof wantToTryKeysSchema>;

/** The key of a saved dish in WantToTryKeysDto.dishes. */
export const savedDishKey = (restaurantId: string, dishName: string) =>
  `${restaurantId}:${dishKey(dishName)}`;

/** The answer to saving or unsaving: whether it is now saved, and the list's new counts. */
export const wantToTrySaveStateSchema = z.object({
  saved: z.boolean(),
  counts: z.object({ want: z.number().int(), tried: z.number().int() }),
});
export type WantToTrySaveStateDto = z.infer<typeof wantToTrySaveStateSchema>;
