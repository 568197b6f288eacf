import tzLookup from "@photostructure/tz-lookup";
import type { z } from "zod";
import { minuteOfDay } from "#domain/deal-when.ts";
import { type DealValues, dayBits } from "#domain/deals.ts";
import { dealMessages } from "#domain/deals-rules.ts";
import type { DealDto } from "#domain/items.ts";
import { NEARBY_LIMITS, type NearbyDealsDto, type nearbyQuery } from "#domain/nearby.ts";
import type { PageQuery } from "#domain/paging.ts";
import { ApiError } from "#server/http/errors.ts";
import { createItem, type ItemContext, toItemDtos } from "#server/modules/items/items.service.ts";
import { notifyDealFollowers } from "#server/modules/restaurants/restaurant-follows.queries.ts";
import {
  checkRestaurant,
  existingRestaurantId,
  findOrCreateRestaurant,
} from "#server/modules/restaurants/restaurants.service.ts";
import { decodeCursor, keysetPage, pageLimit } from "#server/modules/shared/keyset.ts";
import { readWidening } from "#server/modules/shared/nearby-circle.ts";
import {
  insertDeal,
  lastWindowEndSql,
  selectNearbyDeals,
  selectRestaurantDeals,
  selectRestaurantPins,
} from "./deals.queries.ts";

/**
 * The zone a deal's hours are in: the restaurant's, from its position (an offline lookup,
 * docs/decisions/0029), else the author's browser's, else UTC for an API client that sent none.
 */
function dealTimeZone(
  restaurant: { latitude: number | null; longitude: number | null },
  authorZone: string | null,
): string {
  if (restaurant.latitude !== null && restaurant.longitude !== null) {
    return tzLookup(restaurant.latitude, restaurant.longitude);
  }
  return authorZone ?? "UTC";
}

/** The columns of a schedule; a weekly deal's last day ends at its last window's end. */
function scheduleColumns(schedule: DealValues["schedule"], timeZone: string) {
  if (schedule.kind === "ends") return { endsAt: new Date(schedule.endsAt) };
  const windows = {
    weekDays: dayBits(schedule.days),
    startsMinute: minuteOfDay(schedule.from),
    endsMinute: minuteOfDay(schedule.to),
    lastDay: schedule.lastDay,
  };
  return {
    ...windows,
    endsAt: windows.lastDay === null ? null : lastWindowEndSql(windows, timeZone),
  };
}

type FollowerNotification = Awaited<ReturnType<typeof notifyDealFollowers>>[number];

/**
 * Tells each follower's open pages and push subscriptions of their new notification, in the
 * background once the deal committed: a place may have thousands of followers, and the author's
 * answer must not wait for a round trip per follower (the rows themselves were one statement).
 */
function announceToFollowers(ctx: ItemContext, notified: readonly FollowerNotification[]): void {
  if (notified.length === 0) return;
  void (async () => {
    for (const { id, recipientId } of notified) {
      // publish never throws: a lost hint only delays the follower's refetch.
      await ctx.events.publish(recipientId, { type: "notification" });
      ctx.push.notify(recipientId, id);
    }
  })();
}

/**
 * A deal at its restaurant (found or created) with its photos, all or nothing, through the
 * items kernel. Its hours are read in the restaurant's zone, and a deal whose end has passed
 * there is refused. The place's followers are notified in the deal's transaction and told
 * after it commits.
 */
export async function createDeal(ctx: ItemContext, input: DealValues): Promise<DealDto> {
  const checked = await checkRestaurant(ctx.places, input.restaurant, ctx.log);
  // Written by the transaction below; stays empty when the submission key answers an earlier deal.
  let followers: FollowerNotification[] = [];
  const deal = await createItem(ctx, "deal", input.images, async (tx, author) => {
    const restaurant = await findOrCreateRestaurant(tx, checked, author.id);
    const timeZone = dealTimeZone(restaurant, input.timeZone);
    const deal = await insertDeal(tx, {
      userId: author.id,
      restaurantId: restaurant.id,
      title: input.title,
      details: input.details,
      timeZone,
      ...scheduleColumns(input.schedule, timeZone),
    });
    // The request's check saw only the instant; a last day is a date in the restaurant's zone.
    if (deal.ended) throw ApiError.badRequest(dealMessages.alreadyEnded);
    followers = await notifyDealFollowers(tx, {
      id: deal.id,
      authorId: author.id,
      restaurantId: restaurant.id,
    });
    return deal.id;
  });
  announceToFollowers(ctx, followers);
  return deal;
}

/** A restaurant's deals that have not ended, newest first, keyset paged; 404 for an unknown one. */
export async function listRestaurantDeals(
  ctx: Pick<ItemContext, "db" | "user">,
  id: string,
  query: PageQuery,
  at = new Date(),
): Promise<{ items: DealDto[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor, ["deal"]) : undefined;
  const restaurantId = await existingRestaurantId(ctx.db, id);
  const limit = pageLimit(query);
  const rows = await selectRestaurantDeals(ctx.db, {
    restaurantId,
    viewerId: ctx.user?.id,
    at,
    after,
    limit: limit + 1,
  });
  const page = keysetPage(rows, limit, (last) => ({
    createdAt: last.created_at_text,
    id: last.id,
    kind: "deal",
  }));
  const items = await toItemDtos(ctx.db, page.rows, ctx.user?.id);
  return { items: items as DealDto[], nextCursor: page.nextCursor };
}

/**
 * GET /api/nearby/deals: the active deals (as a restaurant's Deals tab lists them) at pinned
 * places around the caller, nearest first, in the circle Nearby's places use, widened the same
 * way when it holds too few (ADR 0028). The position is used for this answer only.
 */
export async function listNearbyDeals(
  ctx: Pick<ItemContext, "db" | "user">,
  query: z.output<typeof nearbyQuery>,
  at = new Date(),
): Promise<NearbyDealsDto> {
  const centre = { lat: query.lat, lng: query.lng };
  const { radius, rows } = await readWidening(query.radius, (circle) =>
    selectNearbyDeals(ctx.db, {
      centre,
      radius: circle,
      viewerId: ctx.user?.id,
      at,
      limit: NEARBY_LIMITS.shown,
    }),
  );
  const items = (await toItemDtos(ctx.db, rows, ctx.user?.id)) as DealDto[];
  // The rows come nearest first: each restaurant's first row is its place in the answer.
  const distances = new Map<string, number>();
  for (const row of rows) {
    if (row.restaurant_id && !distances.has(row.restaurant_id)) {
      distances.set(row.restaurant_id, Math.round(Number(row.sort_key)));
    }
  }
  const pins = await selectRestaurantPins(ctx.db, [...distances.keys()]);
  const places = [...distances].flatMap(([restaurantId, distance]) => {
    const location = pins.get(restaurantId);
    return location ? [{ restaurantId, distance, location }] : [];
  });
  return { radius, items, places };
}
