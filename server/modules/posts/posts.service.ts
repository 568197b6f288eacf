import type { PostDto } from "#domain/items.ts";
import type { PostUpdateValues, PostValues } from "#domain/post.ts";
import { createItem, type ItemContext, updateItem } from "#server/modules/items/items.service.ts";
import {
  checkRestaurant,
  findOrCreateRestaurant,
} from "#server/modules/restaurants/restaurants.service.ts";
import { insertPost, updatePostRow } from "./posts.queries.ts";

/** A post with its optional restaurant (found or created) and its photos, all or nothing. */
export async function createPost(ctx: ItemContext, input: PostValues): Promise<PostDto> {
  const checked = input.restaurant
    ? await checkRestaurant(ctx.places, input.restaurant, ctx.log)
    : null;
  return createItem(ctx, "post", input.images, async (tx, author) => {
    const restaurant = checked ? await findOrCreateRestaurant(tx, checked, author.id) : null;
    const post = await insertPost(tx, {
      userId: author.id,
      restaurantId: restaurant?.id ?? null,
      title: input.title,
      content: input.content,
    });
    return post.id;
  });
}

/** Owner only; the restaurant a post mentions is chosen when it is created. */
export async function updatePost(
  ctx: ItemContext,
  id: string,
  input: PostUpdateValues,
): Promise<PostDto> {
  return updateItem(ctx, "post", id, input.images, async (tx, post) => {
    const changes: Parameters<typeof updatePostRow>[2] = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.content !== undefined) changes.content = input.content;
    await updatePostRow(tx, post.id, changes);
  });
}
