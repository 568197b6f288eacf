import {
  type AuthorDto,
  type ImageDto,
  imageVariantUrls,
  type RestaurantRefDto,
  type ReviewDto,
} from "#domain/content.ts";

// SQL rows → API DTOs for reviews (and, through the shared helpers, posts). The feed module
// reuses these so a review looks the same wherever it is listed.

/** An image row of review_images or post_images, as drizzle or raw SQL returns it. */
export interface ImageRowLike {
  id: string;
  imageUrl: string;
  displayOrder: number;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  altText: string | null;
}

export function toImageDto(row: ImageRowLike): ImageDto {
  return {
    id: row.id,
    url: row.imageUrl,
    ...imageVariantUrls(row.imageUrl),
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    alt: row.altText,
    displayOrder: row.displayOrder,
  };
}

/** Raw SQL image rows (snake_case, as the feed selects them). */
export function toImageDtoFromSql(row: {
  id: string;
  image_url: string;
  display_order: number;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  alt_text: string | null;
}): ImageDto {
  return toImageDto({
    id: row.id,
    imageUrl: row.image_url,
    displayOrder: Number(row.display_order),
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    altText: row.alt_text,
  });
}

export interface AuthorRowLike {
  id: string;
  username: string;
  slug: string | null;
  fullName: string | null;
  avatarUrl: string | null;
}

export function toAuthorDto(row: AuthorRowLike): AuthorDto {
  return {
    id: row.id,
    username: row.username,
    slug: row.slug,
    fullName: row.fullName,
    avatarUrl: row.avatarUrl,
  };
}

export interface RestaurantRefRowLike {
  id: string;
  name: string;
  address: string | null;
  slug: string | null;
  priceLevel: number | null;
}

export function toRestaurantRefDto(row: RestaurantRefRowLike): RestaurantRefDto {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    slug: row.slug,
    priceLevel: row.priceLevel,
  };
}

export interface ReviewRowLike {
  id: string;
  userId: string;
  reviewType: "dish" | "restaurant";
  title: string;
  description: string | null;
  rating: number;
  cost: number | string | null;
  likeCount: number;
  commentCount: number;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface ViewerFacts {
  /** The signed-in caller's id, or null for visitors. */
  viewerId: string | null;
  likedByMe: boolean;
}

export function toReviewDto(
  review: ReviewRowLike,
  author: AuthorRowLike,
  restaurant: RestaurantRefRowLike,
  images: readonly ImageRowLike[],
  viewer: ViewerFacts,
): ReviewDto {
  return {
    id: review.id,
    itemType: "review",
    reviewType: review.reviewType,
    title: review.title,
    description: review.description,
    rating: Number(review.rating),
    cost: review.cost === null ? null : Number(review.cost),
    restaurant: toRestaurantRefDto(restaurant),
    author: toAuthorDto(author),
    images: [...images].sort((a, b) => a.displayOrder - b.displayOrder).map(toImageDto),
    likeCount: Number(review.likeCount),
    commentCount: Number(review.commentCount),
    likedByMe: viewer.viewerId ? viewer.likedByMe : null,
    isOwner: viewer.viewerId !== null && viewer.viewerId === review.userId,
    createdAt: new Date(review.createdAt).toISOString(),
    updatedAt: new Date(review.updatedAt).toISOString(),
  };
}
