import tzLookup from "@photostructure/tz-lookup";
import { minuteOfDay } from "#domain/deal-when.ts";
import {
  type DealDto,
  type DealSchedule,
  type DealValues,
  dayBits,
  daysOfBits,
  dealMessages,
  timeOfDay,
} from "#domain/deals.ts";
import { isUuid } from "#domain/ids.ts";
import type { PageQuery } from "#domain/paging.ts";
import { ApiError } from "#server/http/errors.ts";
import { deleteImageFiles } from "#server/media/photo-files.ts";
import { authorFields, imagesByItem, itemKey } from "#server/modules/items/items.mapper.ts";
import { claimItemPhotos, type ItemContext } from "#server/modules/items/items.service.ts";
import {
  checkRestaurant,
  existingRestaurantId,
  findOrCreateRestaurant,
} from "#server/modules/restaurants/restaurants.service.ts";
import { ensureCallerProfile } from "#server/modules/shared/accounts.ts";
import { decodeCursor, keysetPage, pageLimit } from "#server/modules/shared/keyset.ts";
import {
  type DealRow,
  deleteDealRow,
  insertDeal,
  insertDealImages,
  lastWindowEndSql,
  lockDeal,
  selectDealImages,
  selectRestaurantDeals,
  selectViewableDeal,
} from "./deals.queries.ts";

const dealNotFound = () => ApiError.notFound(dealMessages.notFound);

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

function toSchedule(row: DealRow): DealSchedule {
  if (row.week_days === null || row.starts_minute === null || row.ends_minute === null) {
    return { kind: "ends", endsAt: new Date(row.ends_at ?? 0).toISOString() };
  }
  return {
    kind: "weekly",
    days: daysOfBits(Number(row.week_days)),
    from: timeOfDay(Number(row.starts_minute)),
    to: timeOfDay(Number(row.ends_minute)),
    lastDay: row.last_day,
  };
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

async function toDealDtos(ctx: ItemContext, rows: readonly DealRow[]): Promise<DealDto[]> {
  const images = imagesByItem(
    await selectDealImages(
      ctx.db,
      rows.map((row) => row.id),
    ),
  );
  const viewerId = ctx.user?.id;
  return rows.map((row) => ({
    id: row.id,
    itemType: "deal",
    title: row.title,
    details: row.details,
    ...authorFields(row),
    images: images.get(itemKey("deal", row.id)) ?? [],
    restaurant: {
      id: row.restaurant_id,
      name: row.restaurant_name,
      address: row.restaurant_address,
      slug: row.restaurant_slug,
      priceLevel: row.restaurant_price_level,
    },
    timeZone: row.time_zone,
    schedule: toSchedule(row),
    isOnNow: row.is_on_now === true,
    hasEnded: row.has_ended === true,
    isOwner: viewerId === row.user_id,
    isHidden: row.is_hidden === true,
    createdAt: new Date(row.created_at_text).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
}

/** One deal as the caller may see it; hidden (unless theirs), unknown and blocked are 404. */
export async function getDeal(ctx: ItemContext, id: string, at = new Date()): Promise<DealDto> {
  const row = isUuid(id) ? await selectViewableDeal(ctx.db, id, ctx.user?.id, at) : undefined;
  if (!row) throw dealNotFound();
  const [deal] = await toDealDtos(ctx, [row]);
  if (!deal) throw dealNotFound();
  return deal;
}

/**
 * A deal at its restaurant (found or created) with its photos, all or nothing. Its hours are
 * read in the restaurant's zone, and a deal whose end has passed there is refused.
 */
export async function createDeal(ctx: ItemContext, input: DealValues): Promise<DealDto> {
  const user = ctx.user;
  if (!user) throw ApiError.unauthorized();
  const checked = await checkRestaurant(ctx.places, input.restaurant, ctx.log);
  await ensureCallerProfile(ctx.db, user, ctx.adminEmails);
  const dealId = await ctx.db.transaction(async (tx) => {
    const restaurant = await findOrCreateRestaurant(tx, checked, user.id);
    const timeZone = dealTimeZone(restaurant, input.timeZone);
    const deal = await insertDeal(tx, {
      userId: user.id,
      restaurantId: restaurant.id,
      title: input.title,
      details: input.details,
      timeZone,
      ...scheduleColumns(input.schedule, timeZone),
    });
    // The request's check saw only the instant; a last day is a date in the restaurant's zone.
    if (deal.ended) throw ApiError.badRequest(dealMessages.alreadyEnded);
    await insertDealImages(tx, deal.id, await claimItemPhotos(tx, user.id, input.images));
    return deal.id;
  });
  return getDeal(ctx, dealId);
}

/** Deletes the caller's own deal; its photos' files go once the rows are gone. */
export async function deleteDeal(ctx: ItemContext, id: string): Promise<void> {
  const user = ctx.user;
  if (!user) throw ApiError.unauthorized();
  const imageUrls = await ctx.db.transaction(async (tx) => {
    const deal = isUuid(id) ? await lockDeal(tx, id) : undefined;
    if (!deal) throw dealNotFound();
    if (deal.userId !== user.id) throw ApiError.forbidden("You can only change your own deals");
    const images = await selectDealImages(tx, [deal.id]);
    await deleteDealRow(tx, deal.id);
    return images.map((image) => image.imageUrl);
  });
  await deleteImageFiles(ctx.storage, ctx.log, imageUrls);
}

/** A restaurant's deals that have not ended, newest first, keyset paged; 404 for an unknown one. */
export async function listRestaurantDeals(
  ctx: ItemContext,
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
  return { items: await toDealDtos(ctx, page.rows), nextCursor: page.nextCursor };
}
