import type { PostDto } from "#domain/content.ts";
import { type PostUpdateValues, type PostValues, reviewMessages } from "#domain/review.ts";
import type { Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { findOrCreateRestaurant, isUuid } from "#server/modules/restaurants/restaurants.service.ts";
import { type ContentContext, ensureAuthor } from "#server/modules/reviews/reviews.service.ts";
import { applyImageEdits } from "#server/modules/uploads/image-edits.ts";
import { claimUploads, deleteImageFiles } from "#server/modules/uploads/uploads.service.ts";
import { toPostDto } from "./posts.mapper.ts";
import {
  deletePostImagesByIds,
  deletePostRow,
  findPostForUpdate,
  insertPost,
  insertPostImages,
  selectPostDetail,
  selectPostImages,
  updatePostImage,
  updatePostRow,
} from "./posts.queries.ts";

export async function getPost(ctx: ContentContext, id: string): Promise<PostDto> {
  if (!isUuid(id)) throw ApiError.notFound(reviewMessages.postNotFound);
  const viewerId = ctx.user?.id ?? null;
  const row = await selectPostDetail(ctx.db, id, viewerId);
  if (!row) throw ApiError.notFound(reviewMessages.postNotFound);
  const images = await selectPostImages(ctx.db, id);
  return toPostDto(row.post, row.author, row.restaurant, images, {
    viewerId,
    likedByMe: row.likedByMe === true,
  });
}

/** Post, optional restaurant (found or created) and photos in one transaction. */
export async function createPost(ctx: ContentContext, input: PostValues): Promise<PostDto> {
  const user = await ensureAuthor(ctx);
  const postId = await ctx.db.transaction(async (tx) => {
    const restaurant = input.restaurant ? await findOrCreateRestaurant(tx, input.restaurant) : null;
    const post = await insertPost(tx, {
      userId: user.id,
      restaurantId: restaurant?.id ?? null,
      title: input.title,
      content: input.content,
    });
    const claimed = await claimUploads(
      tx,
      user.id,
      input.images.map((image) => ({ uploadId: image.uploadId, alt: image.alt })),
    );
    await insertPostImages(
      tx,
      claimed.map((image, index) => ({ ...image, postId: post.id, displayOrder: index })),
    );
    return post.id;
  });
  return getPost(ctx, postId);
}

async function ownPostForUpdate(ctx: ContentContext, tx: Executor, id: string) {
  if (!ctx.user) throw ApiError.unauthorized();
  if (!isUuid(id)) throw ApiError.notFound(reviewMessages.postNotFound);
  const post = await findPostForUpdate(tx, id);
  if (!post) throw ApiError.notFound(reviewMessages.postNotFound);
  if (post.userId !== ctx.user.id) throw ApiError.forbidden("You can only change your own posts");
  return { user: ctx.user, post };
}

export async function updatePost(
  ctx: ContentContext,
  id: string,
  input: PostUpdateValues,
): Promise<PostDto> {
  const removedUrls = await ctx.db.transaction(async (tx) => {
    const { user, post } = await ownPostForUpdate(ctx, tx, id);
    const changes: Parameters<typeof updatePostRow>[2] = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.content !== undefined) changes.content = input.content;
    await updatePostRow(tx, post.id, changes);
    if (input.images === undefined) return [];
    const existing = await selectPostImages(tx, post.id);
    const { removedUrls } = await applyImageEdits(tx, user.id, existing, input.images, {
      deleteByIds: deletePostImagesByIds,
      update: updatePostImage,
      insert: (t, images) =>
        insertPostImages(
          t,
          images.map((image) => ({ ...image, postId: post.id })),
        ),
    });
    return removedUrls;
  });
  await deleteImageFiles(ctx.storage, ctx.log, removedUrls);
  return getPost(ctx, id);
}

export async function deletePost(ctx: ContentContext, id: string): Promise<void> {
  const imageUrls = await ctx.db.transaction(async (tx) => {
    const { post } = await ownPostForUpdate(ctx, tx, id);
    const images = await selectPostImages(tx, post.id);
    await deletePostImagesByIds(
      tx,
      images.map((image) => image.id),
    );
    await deletePostRow(tx, post.id);
    return images.map((image) => image.imageUrl);
  });
  await deleteImageFiles(ctx.storage, ctx.log, imageUrls);
}
