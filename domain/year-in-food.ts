import { z } from "zod";
import { mapPlaceSchema } from "./food-map.ts";
import { reviewSchema } from "./items.ts";
import { isRecapYear, YEAR_DIGITS, YEAR_MAX, YEAR_MIN } from "./year-in-food-rules.ts";

/**
 * Year in Food: a person's recap of one calendar year (UTC) of their visible reviews. A year
 * opens on December 1 of that year; every year from their first review's up to the last one
 * that opened stays reachable. The owner always sees theirs; others only while the owner's
 * stats are public and no block stands between them.
 */

/** The month (0-based, UTC) from which the current year's recap opens: December. */
export const YEAR_OPENS_MONTH = 11;

/** How many dishes the recap's top list holds. */
export const YEAR_TOP_DISHES = 5;

/** The card drawn for link previews: the size chat apps expect of a large preview. */
export const YEAR_CARD_SIZE = { width: 1200, height: 630 } as const;

/** The same recap upright, the size apps that take stories expect (9:16). */
export const YEAR_STORY_SIZE = { width: 1080, height: 1920 } as const;

/** A year from the path: four digits, 1970-9999; anything else is a 400. */
export const yearParam = z
  .string()
  .regex(YEAR_DIGITS, "Year must be four digits")
  .transform(Number)
  .refine(isRecapYear, `Year must be ${YEAR_MIN}-${YEAR_MAX}`);

/** The first moment (UTC) `year`'s recap may be seen: December 1 of that year. */
export function yearOpensAt(year: number): Date {
  return new Date(Date.UTC(year, YEAR_OPENS_MONTH, 1));
}

/** The newest year whose recap is open at `now`: this year from December 1, else last year. */
export function lastOpenYear(now: Date): number {
  const year = now.getUTCFullYear();
  return now.getUTCMonth() >= YEAR_OPENS_MONTH ? year : year - 1;
}

/** GET /api/profiles/:id/years */
export const yearListSchema = z.object({
  /** The years one may open, newest first (empty before the person's first review). */
  years: z.array(z.number().int()),
  /** This year, while its recap is not open yet, with the moment it opens; else null. */
  upcoming: z.object({ year: z.number().int(), opensAt: z.string() }).nullable(),
});

export type YearListDto = z.infer<typeof yearListSchema>;

const yearCountsSchema = z.object({
  /** Visible reviews written that year, dishes and restaurants alike. */
  reviews: z.number().int(),
  /** Dish reviews among them. */
  dishes: z.number().int(),
  /** Different restaurants reviewed that year. */
  restaurants: z.number().int(),
  /** Restaurants reviewed that year for the first time ever. */
  newPlaces: z.number().int(),
});

export type YearCountsDto = z.infer<typeof yearCountsSchema>;

/** GET /api/profiles/:id/years/:year */
export const yearInFoodSchema = z.object({
  year: z.number().int(),
  person: z.object({
    id: z.string(),
    username: z.string(),
    fullName: z.string().nullable(),
    slug: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
  counts: yearCountsSchema,
  /** The year's best dish reviews: highest rated, then most liked, then newest. */
  topDishes: z.array(reviewSchema),
  /** The year's most liked review (newest on a tie); null without reviews. */
  mostLiked: reviewSchema.nullable(),
  /** The restaurants reviewed that year, for the year's map. */
  places: z.array(mapPlaceSchema),
  /** The other years one may open, newest first. */
  years: z.array(z.number().int()),
});

export type YearInFoodDto = z.infer<typeof yearInFoodSchema>;
