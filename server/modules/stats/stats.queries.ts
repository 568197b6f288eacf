import { type SQL, sql } from "drizzle-orm";
import { STATS_LIMITS, STATS_STOP_WORDS } from "#domain/stats.ts";
import type { Executor } from "#server/db/client.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import { CREATED_AT_TEXT, type KeyedCursor } from "#server/modules/shared/keyset.ts";

// Every statement reads one person's visible reviews through reviews_user_visited_idx
// (user_id, visited_on desc, created_at desc, id desc), a range of dates visited for the period,
// and aggregates in SQL. A review counts in the month of its date visited (a calendar date, so
// the period's UTC bounds are taken as dates; see domain/stats.ts), and first times are the
// first by date visited, paged in that order.

/** Whose stats, seen by whom, over which half-open range of time (ISO instants). */
export interface StatsScope {
  ownerId: string;
  /** The signed-in viewer; undefined for visitors. */
  viewerId: string | undefined;
  from: string;
  to: string;
}

/**
 * Whether `viewerId` may see `ownerId`'s stats: the owner always; anyone else when the owner made
 * them public and the two are not in a block (nor the owner's account waiting to be deleted).
 * Every statement below carries it, so a stat is never read past the rule.
 */
function statsVisibleSql(ownerId: string, viewerId: string | undefined): SQL {
  const allowed = viewerId === ownerId ? sql`true` : sql`p.stats_public`;
  return sql`exists (select 1 from profiles p
                      where p.id = ${ownerId} and ${allowed}
                        and ${visibleAuthorSql(viewerId, sql`p.id`)})`;
}

/** The date of a period bound (a UTC midnight as an ISO instant), for comparing dates visited. */
const dayOf = (instant: string) => sql`${instant.slice(0, 10)}::date`;

/** The scope's visible reviews visited within the period, for a statement reading `reviews r`. */
function inPeriod({ ownerId, viewerId, from, to }: StatsScope): SQL {
  return sql`r.user_id = ${ownerId} and not r.is_hidden
     and r.visited_on >= ${dayOf(from)} and r.visited_on < ${dayOf(to)}
     and ${statsVisibleSql(ownerId, viewerId)}`;
}

/** A date visited's month as `YYYY-MM`. */
const monthOf = (column: SQL) => sql`to_char(${column}, 'YYYY-MM')`;

export interface StatsMonthRow extends Record<string, unknown> {
  /** `YYYY-MM`; null on the row of the whole period. */
  month: string | null;
  reviews: number;
  dishes: number;
  restaurants: number;
  /** numeric as text. */
  spending: string | number;
  new_places: number;
  returns: number;
  /** The period's average rating (one decimal, numeric text); the whole period's row only. */
  average_rating: string | number | null;
}

/**
 * Per month with reviews, and once for the whole period (month null): reviews, dish reviews,
 * different restaurants, dish spending, first visits and returns. A first visit is the person's
 * first visible review at its restaurant ever, so the window runs over everything before the
 * period's end, not only the period.
 */
export function statsMonthsSql(scope: StatsScope): SQL {
  const { ownerId, to } = scope;
  return sql`
    with visits as (
      select r.id, r.restaurant_id, r.review_type, r.rating, r.cost, r.visited_on,
             row_number() over (partition by r.restaurant_id
                                order by r.visited_on, r.created_at, r.id) = 1
               as first_visit
        from reviews r
       where r.user_id = ${ownerId} and not r.is_hidden and r.visited_on < ${dayOf(to)}),
    period as (
      select v.* from visits v
       where v.visited_on >= ${dayOf(scope.from)}
         and ${statsVisibleSql(ownerId, scope.viewerId)})
    select ${monthOf(sql`visited_on`)} as month,
           count(*)::int as reviews,
           (count(*) filter (where review_type = 'dish'))::int as dishes,
           count(distinct restaurant_id)::int as restaurants,
           coalesce(sum(cost) filter (where review_type = 'dish'), 0) as spending,
           (count(*) filter (where first_visit))::int as new_places,
           (count(*) filter (where not first_visit))::int as returns,
           round(avg(rating), 1) as average_rating
      from period
     group by grouping sets ((${monthOf(sql`visited_on`)}), ())`;
}

export interface RatingRow extends Record<string, unknown> {
  rating: number;
  count: number;
}

/** How many of the period's reviews gave each rating (only ratings given appear). */
export function statsRatingsSql(scope: StatsScope): SQL {
  return sql`
    select r.rating, count(*)::int as count from reviews r
     where ${inPeriod(scope)}
     group by r.rating order by r.rating`;
}

export interface WordRow extends Record<string, unknown> {
  word: string;
  count: number;
}

/**
 * The period's most frequent words of dish names: split on anything not a letter or digit,
 * accents and case dropped, stop words and words without a letter left out; a word counts once
 * per review. The most frequent first, ties alphabetical.
 */
export function statsWordsSql(scope: StatsScope): SQL {
  const stopWords = sql.join(
    STATS_STOP_WORDS.map((word) => sql`${word}`),
    sql`, `,
  );
  return sql`
    with words as (
      select distinct r.id, w.word
        from reviews r
       cross join lateral regexp_split_to_table(lower(tasted_unaccent(r.title)), '[^[:alnum:]]+')
             as w(word)
       where ${inPeriod(scope)} and r.review_type = 'dish')
    select word, count(*)::int as count from words
     where word ~ '[[:alpha:]]' and word not in (${stopWords})
     group by word order by count(*) desc, word
     limit ${STATS_LIMITS.topWords}`;
}

/** A restaurant reference's columns, from `rs`. */
const restaurantColumns = sql`rs.id as restaurant_id, rs.name as restaurant_name,
       rs.address as restaurant_address, rs.slug as restaurant_slug,
       rs.price_level as restaurant_price_level`;

export interface RestaurantColumns {
  restaurant_id: string;
  restaurant_name: string;
  restaurant_address: string | null;
  restaurant_slug: string | null;
  restaurant_price_level: number | null;
}

export interface TopRestaurantRow extends RestaurantColumns, Record<string, unknown> {
  reviews: number;
}

/** The restaurants with the most of the period's reviews; the latest visit breaks ties. */
export function statsTopRestaurantsSql(scope: StatsScope): SQL {
  return sql`
    with visits as (
      select r.restaurant_id, count(*)::int as reviews, max(r.visited_on) as last_at
        from reviews r
       where ${inPeriod(scope)}
       group by r.restaurant_id
       order by reviews desc, last_at desc, r.restaurant_id
       limit ${STATS_LIMITS.topRestaurants})
    select v.reviews, ${restaurantColumns}
      from visits v join restaurants rs on rs.id = v.restaurant_id
     order by v.reviews desc, v.last_at desc, v.restaurant_id`;
}

export interface FavouriteDishRow extends RestaurantColumns, Record<string, unknown> {
  id: string;
  title: string;
  rating: number;
  created_at: string;
}

/** The period's highest rated dish reviews, the latest visited first among equal ratings. */
export function statsFavouriteDishesSql(scope: StatsScope): SQL {
  return sql`
    with best as (
      select r.id, r.title, r.rating, r.visited_on, r.created_at, r.restaurant_id
        from reviews r
       where ${inPeriod(scope)} and r.review_type = 'dish'
       order by r.rating desc, r.visited_on desc, r.created_at desc, r.id desc
       limit ${STATS_LIMITS.favouriteDishes})
    select b.id, b.title, b.rating, to_char(b.created_at at time zone 'UTC', ${sql.raw(CREATED_AT_TEXT)})
             as created_at, ${restaurantColumns}
      from best b join restaurants rs on rs.id = b.restaurant_id
     order by b.rating desc, b.visited_on desc, b.created_at desc, b.id desc`;
}

/** The years of visible reviews' dates visited, newest first. */
export function statsYearsSql(ownerId: string, viewerId: string | undefined): SQL {
  return sql`
    select distinct extract(year from r.visited_on)::int as year
      from reviews r
     where r.user_id = ${ownerId} and not r.is_hidden and ${statsVisibleSql(ownerId, viewerId)}
     order by year desc`;
}

export interface FirstRow extends RestaurantColumns, Record<string, unknown> {
  kind: "dish" | "restaurant";
  id: string;
  review_type: "dish" | "restaurant";
  title: string;
  rating: number;
  visited_on: string;
  /** The date visited as days since 1970-01-01: the cursor's key. */
  visited_day: number;
  created_at: string;
}

/**
 * One page of first times, newest visit first: each restaurant's first visible review by the
 * person, and each dish's (a restaurant plus the name as dishKey() keys it: accents, case and
 * repeated spaces dropped), "first" by date visited, then posting time. When one review is both,
 * the restaurant comes first. Keyset on (visited_on, created_at, id, kind), the cursor's key
 * being the date visited's day number; `limit` rows at most.
 */
export function statsFirstsSql(
  scope: StatsScope & { after: KeyedCursor | undefined; limit: number },
): SQL {
  const { ownerId, viewerId, after } = scope;
  const key = sql`btrim(regexp_replace(lower(tasted_unaccent(r.title)), '[[:space:]]+', ' ', 'g'))`;
  const keyset = after
    ? sql`and (f.visited_on, f.created_at, f.id, f.kind)
              < (date '1970-01-01' + ${after.key}::int, ${after.createdAt}::timestamptz,
                 ${after.id}::uuid, ${after.kind})`
    : sql``;
  const visitOrder = sql`order by r.visited_on, r.created_at, r.id`;
  return sql`
    with mine as (
      select r.id, r.restaurant_id, r.review_type, r.title, r.rating, r.visited_on, r.created_at,
             row_number() over (partition by r.restaurant_id ${visitOrder}) as visit,
             row_number() over (partition by r.restaurant_id, r.review_type, ${key}
                                ${visitOrder}) as tasting
        from reviews r
       where r.user_id = ${ownerId} and not r.is_hidden and r.visited_on < ${dayOf(scope.to)}
         and ${statsVisibleSql(ownerId, viewerId)}),
    firsts as (
      select 'restaurant' as kind, m.* from mine m where m.visit = 1
      union all
      select 'dish' as kind, m.* from mine m where m.review_type = 'dish' and m.tasting = 1)
    select f.kind, f.id, f.review_type, f.title, f.rating,
           to_char(f.visited_on, 'YYYY-MM-DD') as visited_on,
           (f.visited_on - date '1970-01-01') as visited_day,
           to_char(f.created_at at time zone 'UTC', ${sql.raw(CREATED_AT_TEXT)}) as created_at,
           ${restaurantColumns}
      from firsts f join restaurants rs on rs.id = f.restaurant_id
     where f.visited_on >= ${dayOf(scope.from)} ${keyset}
     order by f.visited_on desc, f.created_at desc, f.id desc, f.kind desc
     limit ${scope.limit}`;
}

export async function readRows<T extends Record<string, unknown>>(
  db: Executor,
  statement: SQL,
): Promise<T[]> {
  return (await db.execute<T>(statement)).rows;
}

/** Whether the viewer may see the owner's stats (see statsVisibleSql). */
export async function statsVisible(
  db: Executor,
  ownerId: string,
  viewerId: string | undefined,
): Promise<boolean> {
  const result = await db.execute<{ visible: boolean }>(
    sql`select ${statsVisibleSql(ownerId, viewerId)} as visible`,
  );
  return result.rows[0]?.visible === true;
}

/** Sets whether others see the person's stats. */
export async function setStatsPublic(db: Executor, userId: string, value: boolean): Promise<void> {
  await db.execute(sql`update profiles set stats_public = ${value} where id = ${userId}`);
}
