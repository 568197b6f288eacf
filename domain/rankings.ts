import { z } from "zod";
import { reviewSchema } from "./items.ts";

// Dish rankings (ADR 0030): the questions that place a dish among the person's other dishes of
// its category, and the score out of 10 that follows. The category itself is a review field
// (domain/review.ts), so the review form carries none of this.

export const RANKING_LIMITS = {
  /** The most ranked dishes a Rankings tab lists. */
  dishesMax: 500,
} as const;

/**
 * PUT /api/reviews/:id/rank: where a dish goes in its category. `aboveId`: just above that dish
 * (null: at the bottom); `tieWithId`: level with that dish ("Too close to call").
 */
export const rankPlacementInput = z.union([
  z.strictObject({ aboveId: z.guid().nullable() }),
  z.strictObject({ tieWithId: z.guid() }),
]);

export type RankPlacement = z.infer<typeof rankPlacementInput>;

/** GET /api/profiles/:id/rankings: each category's ranked dishes, best first. */
export const rankingsSchema = z.object({
  categories: z.array(z.object({ name: z.string(), dishes: z.array(reviewSchema) })),
});

export type RankingsDto = z.infer<typeof rankingsSchema>;

/** GET /api/profile/categories: the categories the signed-in person has used, A to Z. */
export const ownCategoriesSchema = z.object({ categories: z.array(z.string()) });

export type OwnCategoriesDto = z.infer<typeof ownCategoriesSchema>;

/**
 * The score out of 10, one decimal, of a dish with `stars` of which `better` of the `total`
 * dishes of its category rank above (ADR 0030): its star band [2s−2, 2s], placed within by its
 * standing, so a 5-star dish never scores below a 3-star one.
 */
export function dishScore(stars: number, better: number, total: number): number {
  const standing = total <= 1 ? 0.5 : (total - 1 - better) / (total - 1);
  return Math.round((2 * (stars - 1) + 2 * standing) * 10) / 10;
}

/** Where binary insertion stands: the other dishes' index range the new one still fits in. */
export interface Insertion {
  lo: number;
  hi: number;
}

export type Verdict = "better" | "worse";
