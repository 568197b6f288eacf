import { z } from "zod";
import { ITEM_LIMITS } from "./items.ts";
import { optionalText, requiredText } from "./text-input.ts";

export const restaurantMessages = {
  nameRequired: "Restaurant name is required",
  nameTooLong: "Restaurant name must be less than 200 characters",
  notFound: "Restaurant not found",
} as const;

/** A restaurant as chosen from place search or typed by hand, sent with a new review or post. */
export const restaurantInput = z.object({
  name: requiredText(ITEM_LIMITS.titleMax, {
    required: restaurantMessages.nameRequired,
    tooLong: restaurantMessages.nameTooLong,
  }),
  address: optionalText(500, "Address is too long"),
  placeId: optionalText(300, "Place id is too long"),
  lat: z.number().min(-90).max(90).nullish(),
  lng: z.number().min(-180).max(180).nullish(),
  phone: optionalText(50, "Phone is too long"),
  website: optionalText(500, "Website is too long"),
  priceLevel: z.number().int().min(1).max(4).nullish(),
  googleRating: z.number().min(0).max(5).nullish(),
});
export type RestaurantInput = z.input<typeof restaurantInput>;
export type RestaurantValues = z.output<typeof restaurantInput>;

const ratingStatSchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingStat = z.infer<typeof ratingStatSchema>;

/** GET /api/restaurants/:idOrSlug: the restaurant page's header and stats. */
export const restaurantSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  /** Google's level when known, else derived from what reviewers said and paid. */
  priceLevel: z.number().int().nullable(),
  priceLevelSource: z.enum(["google", "reviews"]).nullable(),
  googleRating: z.number().nullable(),
  stats: z.object({
    dishRating: ratingStatSchema,
    restaurantRating: ratingStatSchema,
    postCount: z.number().int(),
  }),
});
export type RestaurantDto = z.infer<typeof restaurantSchema>;

/**
 * The price tier from an average amount paid: under 15 → 1, under 30 → 2, under 50 → 3,
 * otherwise 4.
 */
export function derivedPriceTier(averageCost: number | null | undefined): 1 | 2 | 3 | 4 | null {
  if (averageCost === null || averageCost === undefined || !Number.isFinite(averageCost)) {
    return null;
  }
  if (averageCost < 15) return 1;
  if (averageCost < 30) return 2;
  if (averageCost < 50) return 3;
  return 4;
}

const PRICE_LEVEL_LABELS = { 1: "Budget", 2: "Moderate", 3: "Premium", 4: "Luxury" } as const;

export function priceLevelLabel(level: number | null | undefined): string | null {
  if (level === null || level === undefined) return null;
  return PRICE_LEVEL_LABELS[level as 1 | 2 | 3 | 4] ?? null;
}

/** "$$" for 2; "" for none. */
export function dollarSigns(count: number | null | undefined): string {
  if (!count || count < 0) return "";
  return "$".repeat(Math.min(Math.round(count), 4));
}
