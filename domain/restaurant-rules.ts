// No zod here: screens read these without loading the schemas (issue 26).

import type { PlaceSuggestion } from "./places.ts";
import type { RestaurantInput, RestaurantValues } from "./restaurant.ts";

/** The restaurant page's location actions. */
export const restaurantLocationMessages = {
  directions: "Directions",
  add: "Add location",
  edit: "Edit location",
  dialogTitle: "Where is it?",
  save: "Save location",
  saved: "Location saved",
  saveFailed: "Could not save the location",
  /** A place with a pin and no address: its link opens the pin. */
  openPin: "Open in maps",
} as const;

/** The restaurant page's Follow button (its follows feed "{restaurant} has a new deal"). */
export const restaurantFollowMessages = {
  follow: "Follow",
  following: "Following",
  signInRequired: "Please sign in to follow restaurants",
  updateFailed: "Failed to update follow status",
  followerCount: (count: number) => (count === 1 ? "1 follower" : `${count} followers`),
} as const;

/** The restaurant a place from the maps service describes, as a review names it. */
export function restaurantFromPlace(place: PlaceSuggestion) {
  return {
    name: place.name,
    address: place.address,
    placeId: place.placeId,
    lat: place.latitude,
    lng: place.longitude,
    phone: place.phone,
    website: place.website,
    priceLevel: place.priceLevel,
    googleRating: place.googleRating,
  } satisfies RestaurantInput & RestaurantValues;
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

/** A restaurant page's tabs: posts about it, its dish reviews, its restaurant reviews. */
export const restaurantTabs = ["posts", "dishes", "restaurant"] as const;

export const restaurantPageMessages = {
  searchDishes: "Search dishes...",
  noPosts: "No posts yet",
  noDishes: "No dish reviews yet",
  /**
   * Also what a place without a rating says where it is shown with one (Nearby, a list's map):
   * its rating is its restaurant reviews'.
   */
  noRestaurantReviews: "No restaurant reviews yet",
  noDishMatches: "No dishes found matching your search",
  noRestaurantMatches: "No restaurant reviews found matching your search",
} as const;
