import type { ReviewDto } from "#domain/items.ts";
import type { OwnCategoriesDto, RankingsDto, RankPlacement } from "#domain/rankings.ts";
import { rankingMessages } from "#domain/rankings-rules.ts";
import type { Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import type { ItemRow } from "#server/modules/items/items.queries.ts";
import { type ItemContext, toItemDtos, updateItem } from "#server/modules/items/items.service.ts";
import { profileNotFound, visibleProfileExists } from "#server/modules/shared/people.ts";
import {
  lockRankings,
  type RankedDish,
  rankingsSql,
  renumberCategory,
  selectCategoryDishes,
  selectCategorySpelling,
  selectDishRank,
  selectOwnCategories,
  setRank,
} from "./rankings.queries.ts";

// Placing dishes in their categories (ADR 0030). A placement is one row update: the dish takes
// a position between its new neighbours'; only a gap too narrow to split renumbers the category.

/** Where in the category's other dishes (best first) the dish goes: its index, or a tie. */
type Slot = { index: number } | { tieWith: RankedDish };

/** The position for `slot`, or null when its neighbours are too close to put one between. */
function positionFor(others: readonly RankedDish[], slot: Slot): number | null {
  if ("tieWith" in slot) return slot.tieWith.rank_position;
  const above = others[slot.index - 1]?.rank_position;
  const below = others[slot.index]?.rank_position;
  if (above === undefined) return below === undefined ? 1 : below - 1;
  if (below === undefined) return above + 1;
  const middle = above + (below - above) / 2;
  // Equal neighbours are a tie: nothing goes between them, so the dish joins it.
  if (above === below) return above;
  return middle > above && middle < below ? middle : null;
}

/**
 * Gives the dish `id` of the person's `category` the position of `slot` among the category's
 * other dishes, renumbering the category first when the gap is too narrow. Inside the caller's
 * transaction, which holds the person's rankings lock.
 */
async function place(
  tx: Executor,
  userId: string,
  id: string,
  category: string,
  chooseSlot: (others: readonly RankedDish[]) => Slot,
): Promise<void> {
  let others = await selectCategoryDishes(tx, userId, category, id);
  let position = positionFor(others, chooseSlot(others));
  if (position === null) {
    await renumberCategory(tx, userId, category);
    others = await selectCategoryDishes(tx, userId, category, id);
    position = positionFor(others, chooseSlot(others)) ?? 1;
  }
  await setRank(tx, id, category, position);
}

/**
 * A dish's category as written (or cleared): the person's existing spelling of it when they
 * have one, and a first place just above the first dish with fewer stars, so a dish that is
 * never compared still scores within its star band. Same category as before: nothing moves.
 */
export async function setDishCategory(
  tx: Executor,
  review: { id: string; userId: string },
  category: string | null,
): Promise<void> {
  if (category === null) {
    await setRank(tx, review.id, null, null);
    return;
  }
  await lockRankings(tx, review.userId);
  const dish = await selectDishRank(tx, review.id);
  if (!dish) return;
  const spelling = (await selectCategorySpelling(tx, review.userId, category)) ?? category;
  if (spelling === dish.category) return;
  await place(tx, review.userId, review.id, spelling, (others) => {
    const index = others.findIndex((other) => other.rating < dish.rating);
    return { index: index === -1 ? others.length : index };
  });
}

/** PUT /api/reviews/:id/rank: the owner places their ranked dish among its category's others. */
export async function rankDish(
  ctx: ItemContext,
  id: string,
  placement: RankPlacement,
): Promise<ReviewDto> {
  return updateItem(ctx, "review", id, undefined, async (tx, item) => {
    await lockRankings(tx, item.userId);
    const dish = await selectDishRank(tx, item.id);
    if (!dish?.category) throw ApiError.badRequest(rankingMessages.notRankable);
    const category = dish.category;
    await place(tx, item.userId, item.id, category, (others) => {
      const targetId = "tieWithId" in placement ? placement.tieWithId : placement.aboveId;
      if (targetId === null) return { index: others.length };
      const index = others.findIndex((other) => other.id === targetId);
      const target = others[index];
      // The other dish must be of the same person's same category (and not this one).
      if (!target) throw ApiError.badRequest(rankingMessages.notRankable);
      return "tieWithId" in placement ? { tieWith: target } : { index };
    });
  });
}

/** GET /api/profiles/:id/rankings: the person's categories A to Z, each best first. */
export async function getRankings(ctx: ItemContext, profileId: string): Promise<RankingsDto> {
  const viewerId = ctx.user?.id;
  if (!(await visibleProfileExists(ctx.db, profileId, viewerId, "content"))) {
    throw profileNotFound();
  }
  const rows = (await ctx.db.execute<ItemRow>(rankingsSql(profileId, viewerId))).rows;
  const dishes = await toItemDtos(ctx.db, rows, viewerId);
  const byCategory = new Map<string, ReviewDto[]>();
  for (const dish of dishes) {
    if (dish.itemType !== "review" || dish.category === null) continue;
    const list = byCategory.get(dish.category) ?? [];
    list.push(dish);
    byCategory.set(dish.category, list);
  }
  const names = [...byCategory.keys()].sort((a, b) => a.localeCompare(b));
  return { categories: names.map((name) => ({ name, dishes: byCategory.get(name) ?? [] })) };
}

/** GET /api/profile/categories: the caller's own categories, for the form's suggestions. */
export async function getOwnCategories(db: Executor, userId: string): Promise<OwnCategoriesDto> {
  return { categories: await selectOwnCategories(db, userId) };
}
