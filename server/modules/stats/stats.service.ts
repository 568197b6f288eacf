import type { RestaurantRefDto } from "#domain/items.ts";
import {
  STATS_LIMITS,
  type StatsDto,
  type StatsFirstsPage,
  type StatsFirstsQuery,
  type StatsMonthDto,
  type StatsQuery,
  type StatsVisibilityDto,
} from "#domain/stats.ts";
import type { Database } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { decodeKeyedCursor, keysetPage } from "#server/modules/shared/keyset.ts";
import { profileNotFound } from "#server/modules/shared/people.ts";
import {
  type FavouriteDishRow,
  type FirstRow,
  type RatingRow,
  type RestaurantColumns,
  readRows,
  type StatsMonthRow,
  type StatsScope,
  setStatsPublic,
  statsFavouriteDishesSql,
  statsFirstsSql,
  statsMonthsSql,
  statsRatingsSql,
  statsTopRestaurantsSql,
  statsVisible,
  statsWordsSql,
  statsYearsSql,
  type TopRestaurantRow,
  type WordRow,
} from "./stats.queries.ts";

const FIRST_KINDS = ["dish", "restaurant"] as const;

/** `YYYY-MM` of a UTC month counted from year 0 (`index` = year * 12 + month - 1). */
function monthKey(index: number): string {
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

const monthStart = (index: number) =>
  new Date(Date.UTC(Math.floor(index / 12), index % 12, 1)).toISOString();

/**
 * The period's months (oldest first) and its half-open range: a calendar year, or the last
 * `recentMonths` months up to and including the current UTC one.
 */
export function statsPeriod(year: number | undefined, now = new Date()) {
  const last = year === undefined ? now.getUTCFullYear() * 12 + now.getUTCMonth() : year * 12 + 11;
  const first = year === undefined ? last - STATS_LIMITS.recentMonths + 1 : year * 12;
  const months: string[] = [];
  for (let index = first; index <= last; index++) months.push(monthKey(index));
  return { months, from: monthStart(first), to: monthStart(last + 1) };
}

function restaurantRef(row: RestaurantColumns): RestaurantRefDto {
  return {
    id: row.restaurant_id,
    name: row.restaurant_name,
    address: row.restaurant_address,
    slug: row.restaurant_slug,
    priceLevel: row.restaurant_price_level === null ? null : Number(row.restaurant_price_level),
  };
}

function toMonth(month: string, row: StatsMonthRow | undefined): StatsMonthDto {
  return {
    month,
    dishes: row?.dishes ?? 0,
    restaurants: row?.restaurants ?? 0,
    spending: Number(row?.spending ?? 0),
    newPlaces: row?.new_places ?? 0,
    returns: row?.returns ?? 0,
  };
}

async function ensureVisible(db: Database, ownerId: string, viewerId: string | undefined) {
  // Someone else's private stats, a blocked pair and an unknown id all read as "not found".
  if (!(await statsVisible(db, ownerId, viewerId))) throw profileNotFound();
}

/** GET /api/profiles/:id/stats: the owner's stats over a year or the last 12 months. */
export async function getStats(
  db: Database,
  ownerId: string,
  viewerId: string | undefined,
  query: StatsQuery,
): Promise<StatsDto> {
  await ensureVisible(db, ownerId, viewerId);
  const { months, from, to } = statsPeriod(query.year);
  const scope: StatsScope = { ownerId, viewerId, from, to };
  const monthRows = await readRows<StatsMonthRow>(db, statsMonthsSql(scope));
  const ratingRows = await readRows<RatingRow>(db, statsRatingsSql(scope));
  const words = await readRows<WordRow>(db, statsWordsSql(scope));
  const top = await readRows<TopRestaurantRow>(db, statsTopRestaurantsSql(scope));
  const favourites = await readRows<FavouriteDishRow>(db, statsFavouriteDishesSql(scope));
  const years = await readRows<{ year: number }>(db, statsYearsSql(ownerId, viewerId));

  const byMonth = new Map(monthRows.map((row) => [row.month, row]));
  const total = byMonth.get(null);
  const ratingCounts = new Map(ratingRows.map((row) => [row.rating, row.count]));
  return {
    year: query.year ?? null,
    years: years.map((row) => row.year),
    totals: {
      reviews: total?.reviews ?? 0,
      dishes: total?.dishes ?? 0,
      restaurants: total?.restaurants ?? 0,
      spending: Number(total?.spending ?? 0),
    },
    months: months.map((month) => toMonth(month, byMonth.get(month))),
    averageRating:
      total?.average_rating === null || total === undefined ? null : Number(total.average_rating),
    ratings: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: ratingCounts.get(rating) ?? 0 })),
    topWords: words.map(({ word, count }) => ({ word, count })),
    topRestaurants: top.map((row) => ({ restaurant: restaurantRef(row), reviews: row.reviews })),
    favouriteDishes: favourites.map((row) => ({
      reviewId: row.id,
      title: row.title,
      rating: row.rating,
      createdAt: new Date(row.created_at).toISOString(),
      restaurant: restaurantRef(row),
    })),
  };
}

/**
 * GET /api/profiles/:id/stats/firsts: the first-times timeline, newest visit first, keyset
 * paged; the first times visited in a year, or every one without a year.
 */
export async function getStatsFirsts(
  db: Database,
  ownerId: string,
  viewerId: string | undefined,
  query: StatsFirstsQuery,
): Promise<StatsFirstsPage> {
  const after =
    query.cursor === undefined ? undefined : decodeKeyedCursor(query.cursor, FIRST_KINDS);
  // The key is a whole day number; anything else was not made here.
  if (after && !Number.isInteger(after.key)) {
    throw ApiError.badRequest("Invalid cursor", "INVALID_CURSOR");
  }
  await ensureVisible(db, ownerId, viewerId);
  const { from, to } =
    query.year === undefined
      ? {
          from: statsPeriod(STATS_LIMITS.yearMin).from,
          to: statsPeriod(STATS_LIMITS.yearMax).to,
        }
      : statsPeriod(query.year);
  const pageSize = STATS_LIMITS.firstsPage;
  const rows = await readRows<FirstRow>(
    db,
    statsFirstsSql({ ownerId, viewerId, from, to, after, limit: pageSize + 1 }),
  );
  const page = keysetPage(rows, pageSize, (last) => ({
    createdAt: last.created_at,
    id: last.id,
    kind: last.kind,
    key: Number(last.visited_day),
  }));
  return {
    items: page.rows.map((row) => ({
      kind: row.kind,
      reviewId: row.id,
      reviewType: row.review_type,
      title: row.kind === "restaurant" ? row.restaurant_name : row.title,
      rating: row.rating,
      visitedOn: row.visited_on,
      createdAt: new Date(row.created_at).toISOString(),
      restaurant: restaurantRef(row),
    })),
    nextCursor: page.nextCursor,
  };
}

/** PUT /api/profile/stats-visibility: the owner shows or hides their Stats tab to others. */
export async function setStatsVisibility(
  db: Database,
  userId: string,
  value: boolean,
): Promise<StatsVisibilityDto> {
  await setStatsPublic(db, userId, value);
  return { public: value };
}
