import { z } from "zod";
import { restaurantRefSchema } from "./items.ts";
import { pageQuery, pageSchema } from "./paging.ts";
import { wantToTryVisibilities } from "./want-to-try-rules.ts";

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

export type WantToTryVisibility = (typeof wantToTryVisibilities)[number];

/** PUT /api/want-to-try/visibility, and its answer. */
export const wantToTryVisibilitySchema = z.object({ visibility: z.enum(wantToTryVisibilities) });

export type WantToTryVisibilityDto = z.infer<typeof wantToTryVisibilitySchema>;

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

/** The answer to saving or unsaving: whether it is now saved, and the list's new counts. */
export const wantToTrySaveStateSchema = z.object({
  saved: z.boolean(),
  counts: z.object({ want: z.number().int(), tried: z.number().int() }),
});

export type WantToTrySaveStateDto = z.infer<typeof wantToTrySaveStateSchema>;
