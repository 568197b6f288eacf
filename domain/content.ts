// The shapes of reviews and posts as the API returns them (GET /api/reviews/:id, the feed,
// profiles, restaurant pages). Shared by server mappers and the web client. camelCase,
// ISO dates, null for "not set".

export type ItemType = "review" | "post";
export type ReviewType = "dish" | "restaurant";

/**
 * One stored picture. `url` is the large variant (1280 px wide at most); `url480` the small
 * one for cards and `srcset`. width/height are the large variant's size so the page reserves
 * the box before the file arrives; placeholder is a base64 thumbhash painted meanwhile.
 */
export interface ImageDto {
  id: string;
  url: string;
  url480: string;
  url1280: string;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  alt: string | null;
  displayOrder: number;
}

export interface AuthorDto {
  id: string;
  username: string;
  slug: string | null;
  fullName: string | null;
  avatarUrl: string | null;
}

export interface RestaurantRefDto {
  id: string;
  name: string;
  address: string | null;
  slug: string | null;
  priceLevel: number | null;
}

interface ContentBase {
  id: string;
  title: string;
  restaurant: RestaurantRefDto | null;
  author: AuthorDto;
  images: ImageDto[];
  likeCount: number;
  commentCount: number;
  /** null when nobody is signed in. */
  likedByMe: boolean | null;
  /** Whether the signed-in caller wrote it (Edit/Delete menu); false for visitors. */
  isOwner: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ReviewDto extends ContentBase {
  itemType: "review";
  reviewType: ReviewType;
  /** Dish name or restaurant name (spec 3 `title`). */
  description: string | null;
  rating: number;
  /** Dish: amount paid or null. Restaurant: the price tier 1-4 (dollar signs) or null. */
  cost: number | null;
  restaurant: RestaurantRefDto;
}

export interface PostDto extends ContentBase {
  itemType: "post";
  content: string | null;
}

export type ContentDto = ReviewDto | PostDto;

/** A file uploaded ahead of the review or post that will use it (POST /api/uploads/images). */
export interface UploadedImageDto {
  id: string;
  url: string;
  url480: string;
  url1280: string;
  width: number;
  height: number;
  placeholder: string;
}

/**
 * Variant naming: the stored image_url is the 1280 variant, `<base>-1280.webp`, and the small
 * variant sits beside it as `<base>-480.webp`. Any other address (older rows, seeds) is its
 * own small variant.
 */
const LARGE_SUFFIX = "-1280.webp";
const SMALL_SUFFIX = "-480.webp";

export function imageVariantUrls(imageUrl: string): { url480: string; url1280: string } {
  if (!imageUrl.endsWith(LARGE_SUFFIX)) return { url480: imageUrl, url1280: imageUrl };
  return {
    url480: `${imageUrl.slice(0, -LARGE_SUFFIX.length)}${SMALL_SUFFIX}`,
    url1280: imageUrl,
  };
}

export const IMAGE_VARIANT_SUFFIXES = { large: LARGE_SUFFIX, small: SMALL_SUFFIX } as const;
