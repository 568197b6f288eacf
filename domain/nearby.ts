import { z } from "zod";
import { dealSchema, restaurantRefSchema } from "./items.ts";

/**
 * Explore's Nearby tab: restaurants around the caller, the best-loved nearest first
 * (docs/decisions/0028). The position is used for the answer only, never stored or logged.
 */
export const NEARBY_LIMITS = {
  /** The first circle searched, in metres. */
  radiusMeters: 5000,
  /** Fewer places than this in the first circle: it widens to the largest. */
  widenBelow: 10,
  /** The largest circle, and the most a client may ask for. */
  maxRadiusMeters: 25_000,
  minRadiusMeters: 100,
  /** The nearest this many are ranked; the best `shown` of them are answered. */
  candidates: 200,
  shown: 50,
} as const;

/** The blend's weights and the rating every place starts from (ADR 0028). */
const NEARBY_SCORE = {
  /** The rating a place without reviews is taken to have, and how many reviews it weighs. */
  priorRating: 3,
  priorWeight: 2,
  /** How much the followed people's mean counts against everyone's, when they rated it. */
  followedShare: 0.6,
  /** The rating's part of the score; the rest is closeness. */
  ratingShare: 0.7,
  /** At this distance closeness is a half. */
  halfClosenessKm: 1,
} as const;

/** GET /api/nearby. */
export const nearbyQuery = z
  .object({
    lat: z.coerce.number().min(-90).max(90),
    lng: z.coerce.number().min(-180).max(180),
    radius: z.coerce
      .number()
      .int()
      .min(NEARBY_LIMITS.minRadiusMeters)
      .max(NEARBY_LIMITS.maxRadiusMeters)
      .default(NEARBY_LIMITS.radiusMeters),
  })
  .strict();

const nearbyPlaceSchema = z.object({
  restaurant: restaurantRefSchema,
  location: z.object({ lat: z.number(), lng: z.number() }),
  /** Metres from the caller. */
  distance: z.number(),
  /** Mean rating of its restaurant reviews by people the caller may see; null when none. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** The same from the people the caller follows; null for visitors and when none rated it. */
  followedRating: z.number().nullable(),
  followedCount: z.number().int(),
  score: z.number(),
});

export type NearbyPlaceDto = z.infer<typeof nearbyPlaceSchema>;

export const nearbySchema = z.object({
  /** The circle searched, in metres: the one asked for, or the widest when it held too few. */
  radius: z.number().int(),
  places: z.array(nearbyPlaceSchema),
});

export type NearbyDto = z.infer<typeof nearbySchema>;

interface RatingFigures {
  /** Sum and count of the ratings of everyone the caller may see. */
  ratingSum: number;
  reviewCount: number;
  /** Mean of the followed people's ratings; null when none of them rated it. */
  followedRating: number | null;
  distanceMeters: number;
}

/**
 * The Nearby score (ADR 0028): everyone's mean pulled toward 3 by two imagined reviews, blended
 * with the followed people's mean when they rated it (60 % theirs), scaled to 0–1; plus how
 * close the place is, 1 / (1 + km), a half at 1 km. The rating weighs 70 %, closeness 30 %.
 */
export function nearbyScore(figures: RatingFigures): number {
  const { priorRating, priorWeight, followedShare, ratingShare, halfClosenessKm } = NEARBY_SCORE;
  const everyone =
    (figures.ratingSum + priorRating * priorWeight) / (figures.reviewCount + priorWeight);
  const loved =
    figures.followedRating === null
      ? everyone
      : followedShare * figures.followedRating + (1 - followedShare) * everyone;
  const closeness = 1 / (1 + figures.distanceMeters / 1000 / halfClosenessKm);
  return ratingShare * (loved / 5) + (1 - ratingShare) * closeness;
}

/** Where a listed deal's restaurant is, from the caller. */
const nearbyDealPlaceSchema = z.object({
  restaurantId: z.string(),
  /** Metres from the caller. */
  distance: z.number(),
  location: z.object({ lat: z.number(), lng: z.number() }),
});

export type NearbyDealPlaceDto = z.infer<typeof nearbyDealPlaceSchema>;

/** GET /api/nearby/deals: the active deals around the caller, nearest first. */
export const nearbyDealsSchema = z.object({
  /** The circle searched, in metres, widened as for places. */
  radius: z.number().int(),
  items: z.array(dealSchema),
  /** Each listed deal's restaurant once, nearest first. */
  places: z.array(nearbyDealPlaceSchema),
});

export type NearbyDealsDto = z.infer<typeof nearbyDealsSchema>;
