import {
  FOR_YOU_LIMITS,
  type ForYouDismissalInput,
  type ForYouDto,
  type ForYouItemDto,
  type ForYouReasonDto,
} from "#domain/for-you.ts";
import { forYouMessages } from "#domain/for-you-rules.ts";
import type { Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import type { PicksComputer } from "./for-you.picks.ts";
import {
  type ForYouRow,
  insertDismissal,
  selectForYou,
  selectPicksState,
} from "./for-you.queries.ts";

export interface ForYouContext {
  db: Executor;
  now: Date;
  picks: Pick<PicksComputer, "now" | "later">;
}

const REFRESH_AFTER_MS = FOR_YOU_LIMITS.refreshAfterMinutes * 60 * 1000;

/** The strongest reason the row has: a named followed person, followed people, taste, crowd. */
function reasonOf(row: ForYouRow): ForYouReasonDto {
  const followedLovers = Number(row.followed_lovers);
  if (followedLovers === 1 && row.person_id !== null && row.person_username !== null) {
    return {
      kind: "followedPerson",
      person: {
        id: row.person_id,
        username: row.person_username,
        slug: row.person_slug,
        fullName: row.person_full_name,
      },
      rating: Number(row.person_rating),
    };
  }
  if (followedLovers > 1) return { kind: "followedCount", count: followedLovers };
  const tasteLovers = Number(row.taste_lovers);
  if (tasteLovers > 0) return { kind: "taste", count: tasteLovers };
  return { kind: "popular", count: Number(row.lately_lovers) };
}

function toItem(row: ForYouRow): ForYouItemDto {
  return {
    key: row.dish_key === "" ? row.restaurant_id : `${row.restaurant_id}:${row.dish_key}`,
    restaurant: {
      id: row.restaurant_id,
      name: row.name,
      address: row.address,
      slug: row.slug,
      priceLevel: row.price_level,
    },
    dishName: row.dish_name,
    reason: reasonOf(row),
    score: Number(row.score),
  };
}

/**
 * GET /api/for-you: the viewer's best predicted restaurants and dishes (ADR 0033), read from
 * their stored picks with everyone's visibility applied now. Picks that are missing, or that
 * predate a rating, edit or follow of the viewer's, are computed first: they expect to see
 * what they just did. Picks that are only old are answered, and refreshed in the background.
 * `sharpen` while they have rated fewer than a handful of things: their page is then mostly
 * what people they follow, and everyone, loved.
 */
export async function getForYou(ctx: ForYouContext, viewerId: string): Promise<ForYouDto> {
  const state = await selectPicksState(ctx.db, viewerId);
  if (!state?.current) {
    await ctx.picks.now(viewerId);
  } else if (ctx.now.getTime() - new Date(state.computed_at).getTime() > REFRESH_AFTER_MS) {
    ctx.picks.later(viewerId);
  }
  const rows = await selectForYou(ctx.db, viewerId);
  // Every row carries the viewer's rating count; with no candidates at all, none does.
  const ownRatings = rows.length > 0 ? Number(rows[0]?.own_ratings) : 0;
  return {
    items: rows.map(toItem),
    sharpen: ownRatings < FOR_YOU_LIMITS.sharpenBelow,
  };
}

/** POST /api/for-you/dismissals: "Not interested"; the item never comes back. */
export async function dismiss(
  db: Executor,
  viewerId: string,
  input: ForYouDismissalInput,
): Promise<void> {
  const stored = await insertDismissal(db, viewerId, input.restaurantId, input.dishName);
  if (!stored) throw ApiError.notFound(forYouMessages.restaurantNotFound);
}
