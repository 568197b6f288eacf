import { z } from "zod";
import { reviewSchema } from "./items.ts";
import { ITEM_LIMITS } from "./items-rules.ts";
import { pageQuery, pageSchema } from "./paging.ts";
import { imageRefInput, imagesEditInput, imagesInput } from "./photos.ts";
import { PHOTO_LIMITS, photoMessages } from "./photos-rules.ts";
import { restaurantInput } from "./restaurant.ts";
import { CATEGORY_MAX, reviewMessages } from "./review-rules.ts";
import { optionalText, requiredText } from "./text-input.ts";

const REVIEW_LIMITS = {
  ratingMin: 1,
  ratingMax: 5,
  priceRangeMax: 4,
  /** Largest cost numeric(10,2) holds comfortably; no dish costs more. */
  costMax: 1_000_000,
} as const;

const ratingInput = z
  .number({ error: reviewMessages.ratingRequired })
  .int(reviewMessages.ratingInvalid)
  .min(REVIEW_LIMITS.ratingMin, reviewMessages.ratingInvalid)
  .max(REVIEW_LIMITS.ratingMax, reviewMessages.ratingInvalid);

/**
 * Dish cost: empty (missing, null, "") means none; otherwise a non-negative amount with at most
 * two decimals. Accepts the form's string as well as a number.
 */
export const costInput = z
  .union([z.number(), z.string().trim(), z.null()])
  .optional()
  .transform((value, ctx): number | null => {
    if (value === undefined || value === null || value === "") return null;
    const amount = typeof value === "number" ? value : Number(value);
    if (!Number.isFinite(amount) || amount < 0) {
      ctx.addIssue({ code: "custom", message: reviewMessages.costInvalid });
      return z.NEVER;
    }
    if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6) {
      ctx.addIssue({ code: "custom", message: reviewMessages.costDecimals });
      return z.NEVER;
    }
    if (amount > REVIEW_LIMITS.costMax) {
      ctx.addIssue({ code: "custom", message: reviewMessages.costTooLarge });
      return z.NEVER;
    }
    return Math.round(amount * 100) / 100;
  });

/** Form price range 0-4; 0 or empty means "not given" (stored as null). */
const priceRangeInput = z
  .number()
  .int(reviewMessages.priceRangeInvalid)
  .min(0, reviewMessages.priceRangeInvalid)
  .max(REVIEW_LIMITS.priceRangeMax, reviewMessages.priceRangeInvalid)
  .nullish()
  .transform((value) => (value ? value : null));

/** `YYYY-MM-DD` of the UTC day `offsetDays` after today's. */
function utcDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** The earliest "Date visited" taken: no review is of a meal before it. */
const VISITED_MIN = "1900-01-01";

/**
 * "Date visited": a calendar date `YYYY-MM-DD` in the person's own time zone, never a time. The
 * form checks it against the device's today; the server cannot know the person's today, so it
 * takes any date up to today in UTC+14 (the earliest time zone), that is one day after UTC's.
 * Missing means today in UTC (the column's default).
 */
export const visitedOnInput = z
  .string({ error: reviewMessages.visitedInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, reviewMessages.visitedInvalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, reviewMessages.visitedInvalid)
  .refine((value) => value >= VISITED_MIN, reviewMessages.visitedInvalid)
  .refine((value) => value <= utcDay(1), reviewMessages.visitedInFuture);

/** A dish review's category: trimmed, at most CATEGORY_MAX characters; empty means none. */
const categoryInput = optionalText(CATEGORY_MAX, reviewMessages.categoryTooLong);

const descriptionInput = optionalText(ITEM_LIMITS.bodyMax, reviewMessages.reviewTooLong);

const dishName = requiredText(ITEM_LIMITS.titleMax, {
  required: reviewMessages.dishRequired,
  tooLong: reviewMessages.dishTooLong,
});

const dishReviewInput = z.object({
  reviewType: z.literal("dish"),
  restaurant: restaurantInput,
  /** The dish name. */
  title: dishName,
  rating: ratingInput,
  cost: costInput,
  description: descriptionInput,
  visitedOn: visitedOnInput.optional(),
  category: categoryInput,
  /** A dish review shows at least one photo of the dish. */
  images: z
    .array(imageRefInput, { error: reviewMessages.photoRequired })
    .min(1, reviewMessages.photoRequired)
    .max(PHOTO_LIMITS.perItemMax, photoMessages.tooMany),
});

const restaurantReviewInput = z.object({
  reviewType: z.literal("restaurant"),
  restaurant: restaurantInput,
  rating: ratingInput,
  priceRange: priceRangeInput,
  description: descriptionInput,
  visitedOn: visitedOnInput.optional(),
  images: imagesInput.default([]),
});

/** POST /api/reviews. */
export const createReviewInput = z.discriminatedUnion("reviewType", [
  dishReviewInput,
  restaurantReviewInput,
]);

export type CreateReviewInput = z.input<typeof createReviewInput>;

export type CreateReviewValues = z.output<typeof createReviewInput>;

/**
 * PATCH /api/reviews/:id. The restaurant never changes; `images`, when given, is the complete
 * new list in order.
 */
export const reviewUpdateInput = z.object({
  /** Dish name; ignored for restaurant reviews (their title is the restaurant's name). */
  title: dishName.optional(),
  rating: ratingInput.optional(),
  /** Dish reviews: the amount. */
  cost: costInput.optional(),
  /** Restaurant reviews: the price range. */
  priceRange: priceRangeInput.optional(),
  description: descriptionInput.optional(),
  visitedOn: visitedOnInput.optional(),
  /** Dish reviews: the category (null: none); ignored for restaurant reviews. */
  category: categoryInput.optional(),
  images: imagesEditInput.optional(),
});

export type ReviewUpdateInput = z.input<typeof reviewUpdateInput>;

export type ReviewUpdateValues = z.output<typeof reviewUpdateInput>;

/** GET /api/profile/diary: your own reviews by date visited, newest first, keyset paged. */
export const diaryQuery = pageQuery;

export const diaryPageSchema = pageSchema(reviewSchema);

export type DiaryPage = z.infer<typeof diaryPageSchema>;

/**
 * The form's own "future" check, on top of the schema's: against the person's today, which the
 * device knows and the server does not. For `.superRefine` on a review schema.
 */
export function visitedNotAfter(today: string) {
  return (value: { visitedOn?: string | undefined }, ctx: z.RefinementCtx) => {
    if (value.visitedOn !== undefined && value.visitedOn > today) {
      ctx.addIssue({
        code: "custom",
        path: ["visitedOn"],
        message: reviewMessages.visitedInFuture,
      });
    }
  };
}
