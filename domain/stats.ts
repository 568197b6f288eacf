import { z } from "zod";
import { restaurantRefSchema } from "./items.ts";
import { pageQuery, pageSchema } from "./paging.ts";

/**
 * A profile's Stats: what its owner's visible reviews add up to over a period (a calendar year,
 * or the last 12 months up to and including the current one). Months are UTC calendar months:
 * the app keeps no time zone per person, and one rule for every viewer keeps the owner's and a
 * visitor's charts alike.
 */
export const STATS_LIMITS = {
  /** The years a period may name: a review before 2000 or after 2100 cannot exist here. */
  yearMin: 2000,
  yearMax: 2100,
  /** The last-12-months period. */
  recentMonths: 12,
  topWords: 10,
  topRestaurants: 5,
  favouriteDishes: 5,
  /** First times per page of the timeline. */
  firstsPage: 20,
} as const;

/**
 * Words that say nothing about what someone eats, dropped from the top words of dish names:
 * articles, linking words and the names every dish carries.
 */
export const STATS_STOP_WORDS: readonly string[] = [
  "a",
  "an",
  "and",
  "at",
  "by",
  "de",
  "del",
  "di",
  "for",
  "from",
  "in",
  "la",
  "le",
  "of",
  "on",
  "or",
  "our",
  "the",
  "to",
  "with",
  "dish",
  "special",
  "house",
];

const yearMessage = `Year must be between ${STATS_LIMITS.yearMin} and ${STATS_LIMITS.yearMax}`;

/** `?year=YYYY`: a calendar year; without it, the last 12 months. */
export const statsQuery = z.object({
  year: z.coerce
    .number({ error: yearMessage })
    .int(yearMessage)
    .min(STATS_LIMITS.yearMin, yearMessage)
    .max(STATS_LIMITS.yearMax, yearMessage)
    .optional(),
});

export type StatsQuery = z.infer<typeof statsQuery>;

/** `?year=&cursor=` of the first-times timeline: a year's first times, else every one. */
export const statsFirstsQuery = statsQuery.extend({ cursor: pageQuery.shape.cursor });

export type StatsFirstsQuery = z.infer<typeof statsFirstsQuery>;

/** One UTC calendar month of the period. */
const statsMonthSchema = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  /** Dish reviews written that month. */
  dishes: z.number().int(),
  /** Different restaurants reviewed that month (dish or restaurant reviews). */
  restaurants: z.number().int(),
  /** The sum of that month's dish costs (a restaurant review's price tier is no spending). */
  spending: z.number(),
  /** Reviews that were the person's first at their restaurant. */
  newPlaces: z.number().int(),
  /** Reviews at a restaurant the person had reviewed before. */
  returns: z.number().int(),
});

export type StatsMonthDto = z.infer<typeof statsMonthSchema>;

export const statsSchema = z.object({
  /** The period: the year asked for, or null for the last 12 months. */
  year: z.number().int().nullable(),
  /** Years with at least one visible review, newest first: what the year picker offers. */
  years: z.array(z.number().int()),
  totals: z.object({
    reviews: z.number().int(),
    dishes: z.number().int(),
    restaurants: z.number().int(),
    spending: z.number(),
  }),
  /** Every month of the period, oldest first, months without reviews as zeros. */
  months: z.array(statsMonthSchema),
  /** The average rating (one decimal), null without reviews. */
  averageRating: z.number().nullable(),
  /** How many reviews gave each rating, 1 to 5, all five present. */
  ratings: z.array(z.object({ rating: z.number().int(), count: z.number().int() })),
  /** The most frequent words of dish names (each dish review counts a word once). */
  topWords: z.array(z.object({ word: z.string(), count: z.number().int() })),
  /** Where they went most: reviews per restaurant, the latest visit breaking ties. */
  topRestaurants: z.array(z.object({ restaurant: restaurantRefSchema, reviews: z.number().int() })),
  /** Their highest rated dishes, the newest first among equal ratings. */
  favouriteDishes: z.array(
    z.object({
      reviewId: z.string(),
      title: z.string(),
      rating: z.number().int(),
      createdAt: z.string(),
      restaurant: restaurantRefSchema,
    }),
  ),
});

export type StatsDto = z.infer<typeof statsSchema>;

/**
 * One entry of the first-times timeline: the review that was a dish's first (same restaurant,
 * same name whatever its accents, case or spacing) or a restaurant's first.
 */
const statsFirstSchema = z.object({
  kind: z.enum(["dish", "restaurant"]),
  reviewId: z.string(),
  reviewType: z.enum(["dish", "restaurant"]),
  /** The dish's name for a dish; the restaurant's name for a restaurant. */
  title: z.string(),
  rating: z.number().int(),
  /** Its "Date visited" (`YYYY-MM-DD`): the timeline's order and what it shows. */
  visitedOn: z.string(),
  createdAt: z.string(),
  restaurant: restaurantRefSchema,
});

export type StatsFirstDto = z.infer<typeof statsFirstSchema>;

export const statsFirstsPageSchema = pageSchema(statsFirstSchema);

export type StatsFirstsPage = z.infer<typeof statsFirstsPageSchema>;

/** PUT /api/profile/stats-visibility: whether others see the owner's Stats tab. */
export const statsVisibilityInput = z.object({ public: z.boolean() });

export const statsVisibilitySchema = z.object({ public: z.boolean() });

export type StatsVisibilityDto = z.infer<typeof statsVisibilitySchema>;
