import { z } from "zod";

/** Spec 5 and 9: review, post and photo rules with the exact messages users see. */
export const CONTENT_LIMITS = {
  titleMax: 200,
  bodyMax: 2000,
  ratingMin: 1,
  ratingMax: 5,
  priceRangeMax: 4,
  imagesMax: 10,
  imageMaxBytes: 10 * 1024 * 1024,
  altMax: 300,
  /** Largest cost numeric(10,2) holds comfortably; no dish costs more. */
  costMax: 1_000_000,
  placeSearchMin: 2,
  placeSearchRadiusMeters: 5000,
  /** Suggestions farther than this show no distance (spec 9). */
  distanceShownWithinMeters: 50_000,
  /** Suggestions this close show a pin marker (spec 9). */
  nearbyWithinMeters: 2000,
} as const;

export const EARTH_RADIUS_METERS = 6_371_000;

export const reviewMessages = {
  restaurantRequired: "Restaurant name is required",
  restaurantTooLong: "Restaurant name must be less than 200 characters",
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
  tooManyPhotos: "You can add at most 10 photos",
  altTooLong: "Image description must be less than 300 characters",
  imageTooLarge: "Image must be less than 10MB",
  imageInvalidType: "Please upload an image file",
  uploadInvalid: "Photo upload not found; please upload it again",
  titleRequired: "Title is required",
  titleTooLong: "Title must be less than 200 characters",
  contentTooLong: "Content must be less than 2000 characters",
  placeQueryTooShort: "Search must be at least 2 characters",
  reviewNotFound: "Review not found",
  postNotFound: "Post not found",
  restaurantNotFound: "Restaurant not found",
  // Toasts (spec 8).
  dishPosted: "Dish review posted successfully!",
  restaurantPosted: "Restaurant review posted successfully!",
  postCreated: "Post created successfully!",
  reviewUpdated: "Review updated successfully!",
  reviewDeleted: "Review deleted successfully!",
  postFailed: "Failed to post review",
  saveFailed: "Failed to save review",
  createPostFailed: "Failed to create post",
  deleteFailed: "Failed to delete review",
  noPlaces: "No restaurants found. You can still enter manually.",
  signInToReview: "Please sign in to post a review",
  signInToPost: "Please sign in to create a post",
} as const;

/** "Failed to upload image: {reason}" (spec 8). */
export function uploadFailedMessage(reason: string): string {
  return `Failed to upload image: ${reason}`;
}

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

export const ratingInput = z
  .number({ error: reviewMessages.ratingRequired })
  .int(reviewMessages.ratingInvalid)
  .min(CONTENT_LIMITS.ratingMin, reviewMessages.ratingInvalid)
  .max(CONTENT_LIMITS.ratingMax, reviewMessages.ratingInvalid);

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
    if (amount > CONTENT_LIMITS.costMax) {
      ctx.addIssue({ code: "custom", message: reviewMessages.costTooLarge });
      return z.NEVER;
    }
    return Math.round(amount * 100) / 100;
  });

/** Form price range 0-4; 0 or empty means "not given" (stored as null). */
export const priceRangeInput = z
  .number()
  .int(reviewMessages.priceRangeInvalid)
  .min(0, reviewMessages.priceRangeInvalid)
  .max(CONTENT_LIMITS.priceRangeMax, reviewMessages.priceRangeInvalid)
  .nullish()
  .transform((value) => (value ? value : null));

export const descriptionInput = optionalText(CONTENT_LIMITS.bodyMax, reviewMessages.reviewTooLong);

/** A restaurant as chosen from place search or typed by hand. */
export const restaurantInput = z.object({
  name: z
    .string({ error: reviewMessages.restaurantRequired })
    .trim()
    .min(1, reviewMessages.restaurantRequired)
    .max(CONTENT_LIMITS.titleMax, reviewMessages.restaurantTooLong),
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

/** A photo uploaded ahead through POST /api/uploads/images, in display order (first = Main). */
export const imageRefInput = z.object({
  uploadId: z.uuid(reviewMessages.uploadInvalid),
  alt: optionalText(CONTENT_LIMITS.altMax, reviewMessages.altTooLong),
});
export type ImageRefInput = z.input<typeof imageRefInput>;

const imagesInput = z
  .array(imageRefInput)
  .max(CONTENT_LIMITS.imagesMax, reviewMessages.tooManyPhotos);

export const dishReviewInput = z.object({
  reviewType: z.literal("dish"),
  restaurant: restaurantInput,
  /** The dish name. */
  title: z
    .string({ error: reviewMessages.dishRequired })
    .trim()
    .min(1, reviewMessages.dishRequired)
    .max(CONTENT_LIMITS.titleMax, reviewMessages.dishTooLong),
  rating: ratingInput,
  cost: costInput,
  description: descriptionInput,
  images: z
    .array(imageRefInput, { error: reviewMessages.photoRequired })
    .min(1, reviewMessages.photoRequired)
    .max(CONTENT_LIMITS.imagesMax, reviewMessages.tooManyPhotos),
});
export type DishReviewInput = z.input<typeof dishReviewInput>;

export const restaurantReviewInput = z.object({
  reviewType: z.literal("restaurant"),
  restaurant: restaurantInput,
  rating: ratingInput,
  priceRange: priceRangeInput,
  description: descriptionInput,
  images: imagesInput.default([]),
});
export type RestaurantReviewInput = z.input<typeof restaurantReviewInput>;

/** POST /api/reviews. */
export const createReviewInput = z.discriminatedUnion("reviewType", [
  dishReviewInput,
  restaurantReviewInput,
]);
export type CreateReviewInput = z.input<typeof createReviewInput>;
export type CreateReviewValues = z.output<typeof createReviewInput>;

/**
 * PATCH /api/reviews/:id. The restaurant never changes; `images`, when given, is the complete
 * new list in order: existing photos by imageId, new ones by uploadId.
 */
export const reviewImageEditInput = z.union([
  z.object({
    imageId: z.uuid(reviewMessages.uploadInvalid),
    /** Absent keeps the photo's description; null or "" removes it. */
    alt: z.string().trim().max(CONTENT_LIMITS.altMax, reviewMessages.altTooLong).nullish(),
  }),
  imageRefInput,
]);
export type ReviewImageEditInput = z.input<typeof reviewImageEditInput>;

const imagesEditInput = z
  .array(reviewImageEditInput)
  .max(CONTENT_LIMITS.imagesMax, reviewMessages.tooManyPhotos);

export const reviewUpdateInput = z.object({
  /** Dish name; ignored for restaurant reviews (their title is the restaurant's name). */
  title: z
    .string({ error: reviewMessages.dishRequired })
    .trim()
    .min(1, reviewMessages.dishRequired)
    .max(CONTENT_LIMITS.titleMax, reviewMessages.dishTooLong)
    .optional(),
  rating: ratingInput.optional(),
  /** Dish reviews: the amount. */
  cost: costInput.optional(),
  /** Restaurant reviews: the price range. */
  priceRange: priceRangeInput.optional(),
  description: descriptionInput.optional(),
  images: imagesEditInput.optional(),
});
export type ReviewUpdateInput = z.input<typeof reviewUpdateInput>;
export type ReviewUpdateValues = z.output<typeof reviewUpdateInput>;

const postTitle = z
  .string({ error: reviewMessages.titleRequired })
  .trim()
  .min(1, reviewMessages.titleRequired)
  .max(CONTENT_LIMITS.titleMax, reviewMessages.titleTooLong);
const postContent = optionalText(CONTENT_LIMITS.bodyMax, reviewMessages.contentTooLong);

/** POST /api/posts. */
export const postInput = z.object({
  title: postTitle,
  content: postContent,
  restaurant: restaurantInput.nullish().transform((value) => value ?? null),
  images: imagesInput.default([]),
});
export type PostInput = z.input<typeof postInput>;
export type PostValues = z.output<typeof postInput>;

/** PATCH /api/posts/:id; `images` as for reviews. */
export const postUpdateInput = z.object({
  title: postTitle.optional(),
  content: postContent.optional(),
  images: imagesEditInput.optional(),
});
export type PostUpdateInput = z.input<typeof postUpdateInput>;
export type PostUpdateValues = z.output<typeof postUpdateInput>;

// ---------------------------------------------------------------------------------------------
// Slugs

function slugWords(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** "Lobster Roll!" → "lobster-roll": used by /view/{type}/{slug-title} links (spec 2). */
export function slugifyTitle(title: string): string {
  return slugWords(title);
}

const US_STATE_ZIP = /^([a-z]{2})(?:\s+\d{4,5}(?:-\d{4})?)?$/i;

/**
 * City and state (or region) from a formatted address such as
 * "123 Main St, Springfield, IL 62701, USA". Returns nothing it cannot find with confidence.
 */
export function addressLocality(address: string): { city?: string; state?: string } {
  const parts = address
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  for (let index = parts.length - 1; index >= 1; index--) {
    const match = US_STATE_ZIP.exec(parts[index] ?? "");
    if (match?.[1]) {
      // "USA" is three letters and never matches; a two-letter part before a street is a state.
      return { state: match[1].toLowerCase(), city: parts[index - 1] };
    }
  }
  // No state: "street, City, Country" or "street, 75001 Paris, France" → the city part.
  if (parts.length >= 3) {
    const city = (parts[parts.length - 2] ?? "").replace(/\d+/g, "").trim();
    if (city) return { city };
  }
  return {};
}

/**
 * Spec 3: the lowercased name, non-alphanumerics removed, spaces turned into hyphens, prefixed
 * by state-city when the address is known. Uniqueness (-2, -3 …) is the server's job.
 */
export function restaurantSlug(name: string, address?: string | null): string {
  const base = slugWords(name) || "restaurant";
  if (!address) return base;
  const { city, state } = addressLocality(address);
  const prefix = [state, city]
    .filter((part): part is string => Boolean(part))
    .map(slugWords)
    .filter((part) => part.length > 0)
    .join("-");
  return prefix ? `${prefix}-${base}` : base;
}

/** The n-th candidate for a taken slug: "x", "x-2", "x-3" … */
export function numberedSlug(base: string, attempt: number): string {
  return attempt <= 1 ? base : `${base}-${attempt}`;
}

// ---------------------------------------------------------------------------------------------
// Prices, costs, distances

/** Spec 9: tier from the average cost of restaurant-type reviews that have a cost. */
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

/** Two decimals (spec 9): 15.5 → "15.50". */
export function formatCost(amount: number): string {
  return amount.toFixed(2);
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance in metres (haversine, Earth radius 6371000 m, spec 9). */
export function haversineMeters(a: LatLng, b: LatLng): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "1.2 km" within 50 km; null beyond (no distance shown). */
export function formatDistance(meters: number | null | undefined): string | null {
  if (meters === null || meters === undefined || !Number.isFinite(meters)) return null;
  if (meters > CONTENT_LIMITS.distanceShownWithinMeters) return null;
  return `${(meters / 1000).toFixed(1)} km`;
}

/** Within 2 km: the suggestion shows a pin marker. */
export function isNearby(meters: number | null | undefined): boolean {
  return meters !== null && meters !== undefined && meters <= CONTENT_LIMITS.nearbyWithinMeters;
}

/** Spec 3: a place suggestion from the maps service (or our own restaurants). */
export interface PlaceSuggestion {
  placeId: string | null;
  /** Set when the suggestion is a restaurant we already know. */
  restaurantId: string | null;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  website: string | null;
  priceLevel: number | null;
  googleRating: number | null;
  /** Metres from the caller's position, when one was given. */
  distance: number | null;
}

export const placeSearchQuery = z.object({
  q: z
    .string({ error: reviewMessages.placeQueryTooShort })
    .trim()
    .min(CONTENT_LIMITS.placeSearchMin, reviewMessages.placeQueryTooShort)
    .max(200),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});
