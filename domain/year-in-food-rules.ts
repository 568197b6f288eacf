// No zod here: screens read these without loading the schemas (issue 26).

import type { YearCountsDto } from "./year-in-food.ts";

export const YEAR_MIN = 1970;

export const YEAR_MAX = 9999;

/** A year in a path is four digits (yearParam, domain/year-in-food.ts). */
export const YEAR_DIGITS = /^[0-9]{4}$/;

export const isRecapYear = (year: number) => year >= YEAR_MIN && year <= YEAR_MAX;

/** The year a page's path names, as yearParam reads it, or undefined where it would refuse it. */
export function pathYear(raw: string): number | undefined {
  const year = Number(raw);
  return YEAR_DIGITS.test(raw) && isRecapYear(year) ? year : undefined;
}

export const yearInFoodMessages = {
  entry: "Your year in food",
  entryFor: (year: number) => `Your ${year} in food`,
  title: (name: string, year: number) => `${name}'s ${year} in food`,
  ownTitle: (year: number) => `Your ${year} in food`,
  description: (counts: YearCountsDto) =>
    `${counted(counts.reviews, "review")} · ${counted(counts.dishes, "dish", "dishes")} · ` +
    `${counted(counts.restaurants, "restaurant")} · ${counted(counts.newPlaces, "new place")}`,
  reviews: "Reviews",
  dishes: "Dishes",
  restaurants: "Restaurants",
  newPlaces: "New places",
  topDishes: "Top dishes",
  noDishes: "No dish reviews this year.",
  mapTitle: "The year's map",
  mostLiked: "Most liked review",
  noReviews: "No reviews this year.",
  otherYears: "Other years",
  share: "Share",
  /** The menu of the year's images. */
  download: "Download",
  downloadImage: "Download image",
  downloadStory: "Download story image",
  linkCopied: "Link copied",
  shareFailed: "Couldn't share the link",
  notYet: (year: number) => `Your ${year} in food opens on December 1.`,
  notYetHint: "Keep reviewing: everything you add until then counts.",
  loading: "Loading the year in food",
  loadFailed: "We couldn't load this year in food",
  notFound: "This year in food is not available.",
  backToProfile: "Back to profile",
  /** The card's brand line, subtitle under the year and each top dish's rating. */
  cardBrand: "Tasted",
  cardSubtitle: (name: string) => `${name}'s year in food`,
  cardRating: (rating: number) => `${rating}/5`,
} as const;

function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
