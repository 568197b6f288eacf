import { z } from "zod";
import { restaurantRefSchema } from "./items.ts";
import { ITEM_LIMITS } from "./items-rules.ts";
import { hasNoNul } from "./text-input.ts";

/**
 * Explore's "For you" tab: restaurants and dishes the signed-in person has not reviewed nor
 * dismissed, the best predicted first, each with a reason they can check (ADR 0033). An item is
 * a restaurant, or a dish: a name at a restaurant, matched without accents, case or repeated
 * spaces as Want to try matches it.
 */
export const FOR_YOU_LIMITS = {
  /** The answer: one bounded page, the best this many. */
  shown: 20,
  /**
   * The best this many are kept per person between computations (ADR 0033, "Latency"): room
   * for the page to stay full when people behind some picks are hidden or picks dismissed.
   */
  kept: 100,
  /** Picks older than this are still answered, and recomputed in the background. */
  refreshAfterMinutes: 60,
  /** The caller's newest ratings their taste is read from. */
  ownRatings: 100,
  /** At each restaurant the caller rated, the newest ratings by others compared with theirs. */
  ratersPerItem: 100,
  /** The people whose ratings agree best with the caller's: their loves are the candidates. */
  neighbours: 50,
  /** Each neighbour's, and each followed person's, newest loves read. */
  lovesPerPerson: 100,
  /** The people the caller follows whose loves count (the most recently followed). */
  followed: 200,
  /** Everyone's newest reviews, whose loves are what is loved overall (cold start). */
  lately: 3000,
  /** Fewer ratings than this: the tab says "Rate a few more dishes to sharpen these". */
  sharpenBelow: 5,
} as const;

/** A rating this high is a love: what the reasons count and the candidates come from. */
export const LOVED_RATING = 4;

/**
 * The prediction "For you" ranks by (ADR 0033; computed in for-you.queries.ts):
 *
 *     taste    × Σ agreement × (rating − 3) over the neighbours who loved it ÷ Σ agreement of all
 *   + followed × min(Σ (rating − 3) over the followed people who loved it, followedCap)
 *   + popular  × how many loved it lately ÷ the most any item got
 *
 * A neighbour's agreement is read at the restaurants the caller loved (their mean rating there
 * 4 or more): each of the neighbour's ratings there counts 1 when a love, −unsharedLove when
 * not, and the sum is divided by √(their ratings counted), so someone who rates everything does
 * not agree with everyone; a neighbour is someone whose agreement is above 0. The followed part
 * is small, so taste ranks (in the bench data followed people are picked by fame, not taste:
 * a larger weight lowered NDCG@10, ADR 0033 "Revisited"), yet above the
 * popular part, which only breaks ties and fills a cold start after followed people's loves.
 */
export const FOR_YOU_WEIGHTS = {
  taste: 3,
  followed: 0.05,
  followedCap: 4,
  popular: 0.02,
  unsharedLove: 0.5,
} as const;

const personSchema = z.object({
  id: z.string(),
  username: z.string(),
  slug: z.string().nullable(),
  fullName: z.string().nullable(),
});

/**
 * Why an item is there, the strongest first: one person the caller follows loved it (named),
 * several did (counted), people with the caller's taste did, or many people did lately. Every
 * person named or counted is one the caller may see, their content included (ADR 0025).
 */
const forYouReasonSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("followedPerson"), person: personSchema, rating: z.number().int() }),
  z.object({ kind: z.literal("followedCount"), count: z.number().int() }),
  z.object({ kind: z.literal("taste"), count: z.number().int() }),
  z.object({ kind: z.literal("popular"), count: z.number().int() }),
]);

export type ForYouReasonDto = z.infer<typeof forYouReasonSchema>;

const forYouItemSchema = z.object({
  /** The restaurant id, or `restaurantId:dishKey` for a dish: unique in the answer. */
  key: z.string(),
  restaurant: restaurantRefSchema,
  /** The dish's name as most of its reviews spell it; null for the restaurant itself. */
  dishName: z.string().nullable(),
  reason: forYouReasonSchema,
  score: z.number(),
});

export type ForYouItemDto = z.infer<typeof forYouItemSchema>;

/** GET /api/for-you. */
export const forYouSchema = z.object({
  items: z.array(forYouItemSchema),
  /** The caller has rated fewer than FOR_YOU_LIMITS.sharpenBelow things. */
  sharpen: z.boolean(),
});

export type ForYouDto = z.infer<typeof forYouSchema>;

/** POST /api/for-you/dismissals: "Not interested" in a restaurant, or a dish there. */
export const forYouDismissalSchema = z
  .object({
    restaurantId: z.guid({ error: "Invalid id" }),
    dishName: z
      .string()
      .refine(hasNoNul, "Text must not contain NUL characters")
      .trim()
      .min(1)
      .max(ITEM_LIMITS.titleMax)
      .nullable(),
  })
  .strict();

export type ForYouDismissalInput = z.infer<typeof forYouDismissalSchema>;
