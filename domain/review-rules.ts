// No zod here: screens read these without loading the schemas (issue 26).

import type { ReviewType } from "./items.ts";

/** A dish review's ranking category (ADR 0030): at most this long. */
export const CATEGORY_MAX = 40;

/** What the Category field suggests after the person's own earlier categories. */
export const RANKING_CATEGORIES = [
  "Ramen",
  "Pizza",
  "Tacos",
  "Burger",
  "Dumplings",
  "Sushi",
  "Pho",
  "Curry",
  "Fried chicken",
  "Pasta",
  "Sandwich",
  "Ice cream",
] as const;

export const reviewMessages = {
  dishRequired: "Dish name is required",
  dishTooLong: "Dish name must be less than 200 characters",
  ratingRequired: "Rating is required",
  ratingInvalid: "Please select a rating",
  costInvalid: "Cost must be a positive amount",
  costDecimals: "Cost can have at most 2 decimal places",
  costTooLarge: "Cost is too large",
  priceRangeInvalid: "Price range must be between 0 and 4",
  reviewTooLong: "Review must be less than 2000 characters",
  photoRequired: "Please add at least one photo for dish reviews",
  visitedInFuture: "Date visited can't be in the future",
  visitedInvalid: "Please enter a valid date",
  category: "Category",
  categoryPlaceholder: "e.g. Ramen",
  categoryTooLong: `Category must be at most ${CATEGORY_MAX} characters`,
  // Toasts.
  dishPosted: "Dish review posted successfully!",
  addAnotherDish: "Add another dish from this visit",
  restaurantPosted: "Restaurant review posted successfully!",
  reviewUpdated: "Review updated successfully!",
  deleteTitle: "Delete Review",
  deleteConfirm: "Are you sure you want to delete this review? This action cannot be undone.",
  reviewDeleted: "Review deleted successfully!",
  postFailed: "Failed to post review",
  saveFailed: "Failed to save review",
  deleteFailed: "Failed to delete review",
  signInToReview: "Please sign in to post a review",
  // Kept on the device with no network (docs/decisions/0040).
  waitingToPost: "Waiting to post",
  waitingHint: "Your review will be posted when you're back online.",
  discardWaiting: "Discard this review?",
  discardWaitingText: "It has not been posted yet. It will be deleted from this device.",
  // A waiting review the server refused: the reason, then what its author can do.
  waitingRefused: "Not posted",
  waitingRefusedHint: "Open it to edit it, or discard it.",
} as const;

/** The success toast of a newly posted review. */
export function postedMessage(reviewType: ReviewType): string {
  return reviewType === "dish" ? reviewMessages.dishPosted : reviewMessages.restaurantPosted;
}

/** Today's `YYYY-MM-DD` on this device (the form's default and its "future" bound). */
export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

/** A ranked dish's score as shown: "7.0". */
export function formatScore(score: number): string {
  return score.toFixed(1);
}

/** A dish's cost with two decimals: 15.5 → "15.50". */
export function formatCost(amount: number): string {
  return amount.toFixed(2);
}

export const diaryMessages = {
  tab: "Diary",
  empty: "No reviews yet",
  loading: "Loading reviews...",
} as const;
