import { type SQL, sql } from "drizzle-orm";
import { YEAR_TOP_DISHES } from "#domain/year-in-food.ts";
import type { Executor } from "#server/db/client.ts";
import type { TimeRange } from "#server/modules/food-map/food-map.queries.ts";
import { itemColumns } from "#server/modules/items/items.queries.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";

// Every read here is one person's visible reviews visited in one year: a range of
// reviews_user_visited_idx (user, visited_on), so a year costs what that year holds, however
// long the person has been reviewing.

/** The date of a range bound (a UTC midnight as an ISO instant), for comparing dates visited. */
const dayOf = (instant: string) => sql`${instant.slice(0, 10)}::date`;

/** The calendar year `year` in UTC, as the reads bound their reviews. */
export function yearRange(year: number): TimeRange {
  return {
    from: new Date(Date.UTC(year, 0, 1)).toISOString(),
    to: new Date(Date.UTC(year + 1, 0, 1)).toISOString(),
  };
}

export interface YearPersonRow extends Record<string, unknown> {
  id: string;
  username: string;
  full_name: string | null;
  slug: string | null;
  avatar_url: string | null;
  stats_public: boolean;
  /** The year of their earliest visible date visited; null without any. */
  first_year: number | null;
}

/**
 * The person `profileId` as `viewerId` may see their years: themselves always; anyone else only
 * while the person's stats are public and neither has blocked the other nor is the person's
 * account waiting to be deleted. No row otherwise.
 */
export function yearPersonSql(profileId: string, viewerId: string | undefined): SQL {
  const mayView =
    viewerId === profileId
      ? sql`true`
      : sql`(p.stats_public and ${visibleAuthorSql(viewerId, sql`p.id`)})`;
  return sql`
    select p.id, p.username, p.full_name, p.slug, p.avatar_url, p.stats_public,
           (select extract(year from min(r.visited_on))::int
              from reviews r where r.user_id = p.id and not r.is_hidden) as first_year
      from profiles p
     where p.id = ${profileId} and ${mayView}`;
}

export async function selectYearPerson(
  db: Executor,
  profileId: string,
  viewerId: string | undefined,
): Promise<YearPersonRow | undefined> {
  return (await db.execute<YearPersonRow>(yearPersonSql(profileId, viewerId))).rows[0];
}

export interface YearCountsRow extends Record<string, unknown> {
  reviews: number;
  dishes: number;
  restaurants: number;
  new_places: number;
}

/**
 * The year's counts in one statement. A new place is a restaurant reviewed that year and never
 * before it: one probe per restaurant of reviews_restaurant_created_idx for an earlier visible
 * review of the person's.
 */
export function yearCountsSql(userId: string, during: TimeRange): SQL {
  return sql`
    with yr as materialized (
      select r.restaurant_id, r.review_type
        from reviews r
       where r.user_id = ${userId} and not r.is_hidden
         and r.visited_on >= ${dayOf(during.from)} and r.visited_on < ${dayOf(during.to)})
    select count(*)::int as reviews,
           (count(*) filter (where yr.review_type = 'dish'))::int as dishes,
           count(distinct yr.restaurant_id)::int as restaurants,
           (select count(*)::int from (select distinct restaurant_id from yr) places
             where not exists (
               select 1 from reviews e
                where e.restaurant_id = places.restaurant_id and e.user_id = ${userId}
                  and not e.is_hidden and e.visited_on < ${dayOf(during.from)})) as new_places
      from yr`;
}

export async function selectYearCounts(
  db: Executor,
  userId: string,
  during: TimeRange,
): Promise<YearCountsRow> {
  const [row] = (await db.execute<YearCountsRow>(yearCountsSql(userId, during))).rows;
  return row ?? { reviews: 0, dishes: 0, restaurants: 0, new_places: 0 };
}

/**
 * The year's top dish reviews as an items-kernel page: highest rated, then most liked, then
 * newest. The sort key packs rating and likes into one number, exactly: like_count is an int4
 * (below 2^31) and rating × 2^31 + likes stays far below 2^53.
 */
export function topDishesPage(userId: string, during: TimeRange): SQL {
  return sql`
    select ${itemColumns("review", "r")},
           (r.rating::float8 * 2147483648 + r.like_count) as sort_key
      from reviews r
     where r.user_id = ${userId} and r.review_type = 'dish' and not r.is_hidden
       and r.visited_on >= ${dayOf(during.from)} and r.visited_on < ${dayOf(during.to)}
     order by sort_key desc, r.created_at desc, r.id desc
     limit ${YEAR_TOP_DISHES}`;
}

/** The year's most liked review (dish or restaurant) as a page of one; newest on a tie. */
export function mostLikedPage(userId: string, during: TimeRange): SQL {
  return sql`
    select ${itemColumns("review", "r")}, r.like_count::float8 as sort_key
      from reviews r
     where r.user_id = ${userId} and not r.is_hidden
       and r.visited_on >= ${dayOf(during.from)} and r.visited_on < ${dayOf(during.to)}
     order by sort_key desc, r.created_at desc, r.id desc
     limit 1`;
}
