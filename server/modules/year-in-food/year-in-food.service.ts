import { createHash } from "node:crypto";
import type { YearCardFormat } from "#domain/year-card-path.ts";
import {
  lastOpenYear,
  YEAR_OPENS_MONTH,
  type YearInFoodDto,
  type YearListDto,
  yearOpensAt,
} from "#domain/year-in-food.ts";
import { yearInFoodMessages } from "#domain/year-in-food-rules.ts";
import type { Database } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { selectMapPlaces } from "#server/modules/food-map/food-map.queries.ts";
import { toPlaceDto } from "#server/modules/food-map/food-map.service.ts";
import { selectItemRows } from "#server/modules/items/items.queries.ts";
import { toItemDtos } from "#server/modules/items/items.service.ts";
import { profileNotFound } from "#server/modules/shared/people.ts";
import {
  mostLikedPage,
  selectYearCounts,
  selectYearPerson,
  topDishesPage,
  type YearPersonRow,
  yearRange,
} from "./year-in-food.queries.ts";

export interface YearContext {
  db: Database;
  /** The signed-in viewer, undefined for visitors. */
  viewerId: string | undefined;
  /** The moment the request is answered at: which years are open depends on it. */
  now: Date;
}

/** The pages' sort key (rating and likes, or likes), then newest: all descending. */
const HIGHEST_FIRST = { direction: "desc", keyed: true } as const;

/** The person as the viewer may see their years, or the profiles' 404. */
async function yearPerson(ctx: YearContext, profileId: string): Promise<YearPersonRow> {
  const person = await selectYearPerson(ctx.db, profileId, ctx.viewerId);
  if (!person) throw profileNotFound();
  return person;
}

/** From the year of the first review up to the last open one, newest first. */
function openYears(person: YearPersonRow, now: Date): number[] {
  if (person.first_year === null) return [];
  const years: number[] = [];
  for (let year = lastOpenYear(now); year >= person.first_year; year -= 1) years.push(year);
  return years;
}

/** GET /api/profiles/:id/years */
export async function getYears(ctx: YearContext, profileId: string): Promise<YearListDto> {
  const person = await yearPerson(ctx, profileId);
  const thisYear = ctx.now.getUTCFullYear();
  return {
    years: openYears(person, ctx.now),
    upcoming:
      ctx.now.getUTCMonth() < YEAR_OPENS_MONTH
        ? { year: thisYear, opensAt: yearOpensAt(thisYear).toISOString() }
        : null,
  };
}

/**
 * GET /api/profiles/:id/years/:year. A year before the first review, or one not open yet, is a
 * 404 like a person the viewer may not see.
 */
export async function getYear(
  ctx: YearContext,
  profileId: string,
  year: number,
): Promise<YearInFoodDto> {
  return readYear(ctx, await yearPerson(ctx, profileId), year);
}

async function readYear(
  ctx: YearContext,
  person: YearPersonRow,
  year: number,
): Promise<YearInFoodDto> {
  const years = openYears(person, ctx.now);
  if (!years.includes(year)) throw ApiError.notFound(yearInFoodMessages.notFound);
  const during = yearRange(year);
  const [counts, topRows, likedRows, placeRows] = await Promise.all([
    selectYearCounts(ctx.db, person.id, during),
    selectItemRows(ctx.db, topDishesPage(person.id, during), {
      viewerId: ctx.viewerId,
      order: HIGHEST_FIRST,
    }),
    selectItemRows(ctx.db, mostLikedPage(person.id, during), {
      viewerId: ctx.viewerId,
      order: HIGHEST_FIRST,
    }),
    selectMapPlaces(ctx.db, person.id, false, during),
  ]);
  const [topDishes, liked] = await Promise.all([
    toItemDtos(ctx.db, topRows, ctx.viewerId),
    toItemDtos(ctx.db, likedRows, ctx.viewerId),
  ]);
  const mostLiked = liked[0];
  return {
    year,
    person: {
      id: person.id,
      username: person.username,
      fullName: person.full_name,
      slug: person.slug,
      avatarUrl: person.avatar_url,
    },
    counts: {
      reviews: counts.reviews,
      dishes: counts.dishes,
      restaurants: counts.restaurants,
      newPlaces: counts.new_places,
    },
    topDishes: topDishes.filter((item) => item.itemType === "review"),
    mostLiked: mostLiked?.itemType === "review" ? mostLiked : null,
    places: placeRows.map(toPlaceDto),
    years: years.filter((other) => other !== year),
  };
}

/** What the year's card draws, and the version of it that names its ETag. */
export interface YearCard {
  recap: YearInFoodDto;
  format: YearCardFormat;
  etag: string;
  /** Whether anyone may see it (public stats), so shared caches may keep it. */
  isPublic: boolean;
}

/** Bumped whenever the card's drawing changes, so cached cards of the old look are replaced. */
const CARD_VERSION = 2;

/**
 * GET /api/profiles/:id/years/:year/{card|story}.png: the recap the image draws, with its ETag
 * (the format's own: a card and a story of the same year are different images).
 */
export async function getYearCard(
  ctx: YearContext,
  profileId: string,
  year: number,
  format: YearCardFormat,
): Promise<YearCard> {
  const person = await yearPerson(ctx, profileId);
  const recap = await readYear(ctx, person, year);
  const drawn = {
    version: CARD_VERSION,
    format,
    year,
    name: recap.person.fullName,
    username: recap.person.username,
    counts: recap.counts,
    dishes: recap.topDishes.map((dish) => [dish.title, dish.rating, dish.restaurant.name]),
  };
  const hash = createHash("sha256").update(JSON.stringify(drawn)).digest("base64url");
  return { recap, format, etag: `"${hash.slice(0, 27)}"`, isPublic: person.stats_public };
}
