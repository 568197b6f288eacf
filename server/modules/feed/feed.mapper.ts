import {
  type AuthorDto,
  type ImageDto,
  imageVariantUrls,
  type PostDto,
  type RestaurantRefDto,
  type ReviewDto,
} from "#domain/content.ts";
import { authorDisplayName, authorHandle } from "#domain/feed.ts";
import type { FeedRow, ImageRow } from "./feed.queries.ts";

/**
 * The spec's feed item derived fields (section 3) on top of the shared content DTOs:
 * userName is the full name, else username, else "Anonymous"; userHandler the slug, else
 * username.
 */
interface DerivedFields {
  userName: string;
  userHandler: string;
}
export type FeedReviewDto = ReviewDto & DerivedFields;
export type FeedPostDto = PostDto & DerivedFields;
export type FeedItemDto = FeedReviewDto | FeedPostDto;

// The feed reads reviews and posts in one raw UNION query, so it maps its own rows (the
// reviews/posts mappers take drizzle rows of one table) into the same DTO types.

export function toImageDto(row: ImageRow): ImageDto {
  return {
    id: row.id,
    url: row.image_url,
    ...imageVariantUrls(row.image_url),
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    alt: row.alt_text,
    displayOrder: row.display_order,
  };
}

function isoDate(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function toFeedItemDto(
  row: FeedRow,
  images: ImageDto[],
  viewerId: string | undefined,
): FeedItemDto {
  const author: AuthorDto = {
    id: row.user_id,
    username: row.author_username,
    slug: row.author_slug,
    fullName: row.author_full_name,
    avatarUrl: row.author_avatar_url,
  };
  const restaurant: RestaurantRefDto | null =
    row.restaurant_id && row.restaurant_name
      ? {
          id: row.restaurant_id,
          name: row.restaurant_name,
          address: row.restaurant_address,
          slug: row.restaurant_slug,
          priceLevel: row.restaurant_price_level,
        }
      : null;
  const base = {
    id: row.id,
    title: row.title,
    author,
    userName: authorDisplayName(author),
    userHandler: authorHandle(author),
    images,
    likeCount: Number(row.like_count),
    commentCount: Number(row.comment_count),
    likedByMe: viewerId ? row.liked_by_me === true : null,
    isOwner: viewerId === row.user_id,
    // ISO with milliseconds for display; paging uses the microsecond text in the cursor.
    createdAt: new Date(row.created_at_text).toISOString(),
    updatedAt: isoDate(row.updated_at),
  };
  if (row.kind === "review" && restaurant) {
    return {
      ...base,
      itemType: "review",
      reviewType: row.review_type ?? "dish",
      description: row.body,
      rating: Number(row.rating),
      cost: row.cost === null ? null : Number(row.cost),
      restaurant,
    };
  }
  return { ...base, itemType: "post", restaurant, content: row.body };
}
