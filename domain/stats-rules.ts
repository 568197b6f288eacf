// No zod here: screens read these without loading the schemas (issue 26).

import { formatCost } from "./review-rules.ts";

/** A spending amount the way the app shows a dish's cost. */
export function formatSpending(amount: number): string {
  return `$${formatCost(amount)}`;
}

/** `YYYY-MM` → "Mar 2026" (UTC, like the months themselves). */
export function formatStatsMonth(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

export const statsMessages = {
  tabLabel: "Stats",
  loading: "Loading stats",
  loadFailed: "We couldn't load these stats",
  emptyOwn: "No reviews yet. Review a dish or a restaurant and your stats show up here.",
  empty: "No reviews yet.",
  emptyPeriod: "No reviews in this period.",
  periodLabel: "Period",
  recentPeriod: "Last 12 months",
  visibilityLabel: "Show my stats on my profile",
  visibilityHint: "When on, anyone who can see your profile sees this tab.",
  visibilityOn: "Your stats now show on your profile.",
  visibilityOff: "Your stats are now visible to you only.",
  visibilityFailed: "Could not change who sees your stats",
  totalReviews: "Reviews",
  totalDishes: "Dishes",
  totalRestaurants: "Restaurants",
  totalSpending: "Spent",
  averageRating: "Average rating",
  perMonthTitle: "Dishes and restaurants per month",
  ratingsTitle: "Ratings",
  spendingTitle: "Spending per month",
  wordsTitle: "Top words in dish names",
  placesTitle: "New places and returns",
  topRestaurantsTitle: "Most visited restaurants",
  favouritesTitle: "Favourite dishes",
  firstsTitle: "First time trying",
  firstsEmpty: "No first times in this period.",
  showTable: "Table",
  showChart: "Chart",
  viewLabel: (title: string) => `Show ${title} as`,
  month: "Month",
  dishes: "Dishes",
  restaurants: "Restaurants",
  spending: "Spending",
  newPlaces: "New places",
  returns: "Returns",
  rating: "Rating",
  count: "Reviews",
  word: "Word",
  noWords: "No dish names yet.",
  stars: (rating: number) => (rating === 1 ? "1 star" : `${rating} stars`),
  reviewCount: (count: number) => (count === 1 ? "1 review" : `${count} reviews`),
  ratedOf5: (rating: number) => `${rating}/5`,
  firstDish: "First taste",
  firstRestaurant: "First visit",
  chartLabel: (title: string) => `${title} chart; the same figures are in its table view`,
} as const;
