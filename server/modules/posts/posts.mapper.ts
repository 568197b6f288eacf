import type { PostDto } from "#domain/content.ts";
import {
  type AuthorRowLike,
  type ImageRowLike,
  type RestaurantRefRowLike,
  toAuthorDto,
  toImageDto,
  toRestaurantRefDto,
  type ViewerFacts,
} from "#server/modules/reviews/reviews.mapper.ts";

export interface PostRowLike {
  id: string;
  userId: string;
  title: string;
  content: string | null;
  likeCount: number;
  commentCount: number;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export function toPostDto(
  post: PostRowLike,
  author: AuthorRowLike,
  restaurant: RestaurantRefRowLike | null,
  images: readonly ImageRowLike[],
  viewer: ViewerFacts,
): PostDto {
  return {
    id: post.id,
    itemType: "post",
    title: post.title,
    content: post.content,
    restaurant: restaurant ? toRestaurantRefDto(restaurant) : null,
    author: toAuthorDto(author),
    images: [...images].sort((a, b) => a.displayOrder - b.displayOrder).map(toImageDto),
    likeCount: Number(post.likeCount),
    commentCount: Number(post.commentCount),
    likedByMe: viewer.viewerId ? viewer.likedByMe : null,
    isOwner: viewer.viewerId !== null && viewer.viewerId === post.userId,
    createdAt: new Date(post.createdAt).toISOString(),
    updatedAt: new Date(post.updatedAt).toISOString(),
  };
}
