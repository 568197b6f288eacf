import { z } from "zod";
import { itemSorts } from "./item-lists.ts";
import { itemSchema, type ReviewType } from "./items.ts";
import { ITEM_LIMITS } from "./items-rules.ts";
import { pageQuery, pageSchema } from "./paging.ts";
import { restaurantTabs } from "./restaurant-rules.ts";
import { optionalText, requiredText, searchText } from "./text-input.ts";
import { savedByFollowedCountSchema } from "./want-to-try.ts";

export const restaurantMessages = {
  nameRequired: "Restaurant name is required",
  nameTooLong: "Restaurant name must be less than 200 characters",
  notFound: "Restaurant not found",
  addressTooLong: "Address must be less than 200 characters",
  pinIncomplete: "A pin needs both a latitude and a longitude",
  locationRequired: "Give an address or a pin",
  locationForbidden: "Only the person who added this place or a moderator can change its location",
} as const;

/** PUT|DELETE /api/restaurants/:id/follow: the caller's follow and the place's new count. */
export const restaurantFollowStateSchema = z.object({
  following: z.boolean(),
  followerCount: z.number().int(),
});

export type RestaurantFollowState = z.infer<typeof restaurantFollowStateSchema>;

/**
 * A place's address: free text with the limits of a name. Both the new-place form and a later
 * location edit use it, so one rule holds for every address a person types.
 */
const addressText = optionalText(ITEM_LIMITS.titleMax, restaurantMessages.addressTooLong);

const latitude = z.number().min(-90).max(90).nullish();

const longitude = z.number().min(-180).max(180).nullish();

/** A pin is both coordinates or none: half a position is no position. */
function hasWholePin(value: { lat?: number | null | undefined; lng?: number | null | undefined }) {
  return (
    (value.lat === null || value.lat === undefined) ===
    (value.lng === null || value.lng === undefined)
  );
}

/** A restaurant as chosen from place search or typed by hand, sent with a new review or post. */
export const restaurantInput = z
  .object({
    name: requiredText(ITEM_LIMITS.titleMax, {
      required: restaurantMessages.nameRequired,
      tooLong: restaurantMessages.nameTooLong,
    }),
    address: addressText,
    placeId: optionalText(300, "Place id is too long"),
    lat: latitude,
    lng: longitude,
    phone: optionalText(50, "Phone is too long"),
    website: optionalText(500, "Website is too long"),
    priceLevel: z.number().int().min(1).max(4).nullish(),
    googleRating: z.number().min(0).max(5).nullish(),
  })
  .refine(hasWholePin, { message: restaurantMessages.pinIncomplete, path: ["lat"] });

export type RestaurantInput = z.input<typeof restaurantInput>;

export type RestaurantValues = z.output<typeof restaurantInput>;

/**
 * PUT /api/restaurants/:id/location: the address and pin its creator or a moderator gives a
 * place. Either may be left out, not both; leaving one out clears it.
 */
export const restaurantLocationInput = z
  .object({ address: addressText, lat: latitude, lng: longitude })
  .refine(hasWholePin, { message: restaurantMessages.pinIncomplete, path: ["lat"] })
  .refine((value) => value.address !== null || (value.lat !== null && value.lat !== undefined), {
    message: restaurantMessages.locationRequired,
    path: ["address"],
  });

export type RestaurantLocationInput = z.input<typeof restaurantLocationInput>;

/**
 * A place's rating, one rule wherever a restaurant is shown with one (its page's "Restaurant
 * rating", a list's entries and the list's map pins): the mean of the ratings its visible
 * restaurant reviews gave, by people the viewer may see, to one decimal; null while it has
 * none. Dish reviews rate dishes, not the place: a dish keeps its own rating beside it.
 */
export const PLACE_RATING_REVIEW_TYPE = "restaurant" satisfies ReviewType;

/** The place's rating from the mean of its restaurant reviews' ratings (SQL's avg, or null). */
export function placeRating(restaurantReviewsAverage: number | string | null): number | null {
  if (restaurantReviewsAverage === null) return null;
  return Math.round(Number(restaurantReviewsAverage) * 10) / 10;
}

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
  city: z.string().nullable(),
  region: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  /** Whether the viewer may give the place its address and pin (its creator, a moderator). */
  canEditLocation: z.boolean(),
  /**
   * Whether its address or position came from OpenStreetMap, whose licence (ODbL) asks for its
   * credit wherever its data is shown: a place chosen from OSM's suggestions, or a pin this
   * server's OSM provider turned into an address, city and region.
   */
  osmCredit: z.boolean(),
  /** Google's level when known, else derived from what reviewers said and paid. */
  priceLevel: z.number().int().nullable(),
  priceLevelSource: z.enum(["google", "reviews"]).nullable(),
  googleRating: z.number().nullable(),
  /** How many people follow the place. */
  followerCount: z.number().int(),
  /** Whether the viewer follows it; null for visitors. */
  followedByMe: z.boolean().nullable(),
  stats: z.object({
    dishRating: ratingStatSchema,
    restaurantRating: ratingStatSchema,
    postCount: z.number().int(),
    /** Deals not past their end (the Deals tab). */
    dealCount: z.number().int(),
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

export type RestaurantTab = (typeof restaurantTabs)[number];

/**
 * GET /api/restaurants/:id/items: one tab of a restaurant page, keyset paged; hidden items never
 * appear. `q` searches titles and texts; posts sort by date only.
 */
export const restaurantItemsQuery = pageQuery.extend({
  tab: z.enum(restaurantTabs),
  sort: z.enum(itemSorts).default("recent"),
  q: searchText,
});

export const restaurantItemsPageSchema = pageSchema(itemSchema);

export type RestaurantItemsPage = z.infer<typeof restaurantItemsPageSchema>;

/** The most reviews by followed people a restaurant page shows above its tabs. */
export const FOLLOWED_REVIEWS_LIMIT = 10;

/**
 * GET /api/restaurants/:id/followed-reviews: the newest visible reviews of this restaurant by
 * people the signed-in viewer follows (at most FOLLOWED_REVIEWS_LIMIT; empty for visitors), so
 * friends' opinions come first; and how many of them want to try it.
 */
export const followedReviewsSchema = z.object({
  items: z.array(itemSchema),
  /** How many of the people the viewer follows reviewed here in all. */
  reviewerCount: z.number().int(),
  savedByFollowedCount: savedByFollowedCountSchema,
});

export type FollowedReviewsDto = z.infer<typeof followedReviewsSchema>;
