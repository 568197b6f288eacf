import { and, asc, eq, gt, isNotNull, isNull, like, or, type SQL, sql } from "drizzle-orm";
import type { RestaurantTab } from "#domain/restaurant.ts";
import type { Executor } from "#server/db/client.ts";
import { unaccented } from "#server/db/columns.ts";
import { type NewRestaurant, type Restaurant, restaurants } from "#server/db/schema/restaurants.ts";
import {
  itemListSql,
  itemTabTarget,
  type ViewedItemListWindow,
} from "#server/modules/items/item-list.queries.ts";
import { itemColumns } from "#server/modules/items/items.queries.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";

export async function findRestaurantById(db: Executor, id: string) {
  const [row] = await db.select().from(restaurants).where(eq(restaurants.id, id)).limit(1);
  return row;
}

export async function findRestaurantBySlug(db: Executor, slug: string) {
  const [row] = await db.select().from(restaurants).where(eq(restaurants.slug, slug)).limit(1);
  return row;
}

export async function findRestaurantByPlaceId(db: Executor, placeId: string) {
  const [row] = await db
    .select()
    .from(restaurants)
    .where(eq(restaurants.googlePlaceId, placeId))
    .limit(1);
  return row;
}

/** Same name and same address (or both without one), ignoring case. */
export async function findRestaurantByNameAndAddress(
  db: Executor,
  name: string,
  address: string | null,
): Promise<Restaurant | undefined> {
  const [row] = await db
    .select()
    .from(restaurants)
    .where(
      and(
        sql`lower(${restaurants.name}) = lower(${name})`,
        sql`lower(coalesce(${restaurants.address}, '')) = lower(${address ?? ""})`,
      ),
    )
    .orderBy(restaurants.createdAt)
    .limit(1);
  return row;
}

/** Slugs equal to `base` or numbered from it (`base-2`, …). */
export async function slugsLike(db: Executor, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: restaurants.slug })
    .from(restaurants)
    .where(or(eq(restaurants.slug, base), like(restaurants.slug, `${base}-%`)));
  return new Set(rows.map((row) => row.slug).filter((slug): slug is string => slug !== null));
}

export async function insertRestaurant(db: Executor, values: NewRestaurant): Promise<Restaurant> {
  const [row] = await db.insert(restaurants).values(values).returning();
  if (!row) throw new Error("restaurant was not inserted");
  return row;
}

export async function updateRestaurantLocation(
  db: Executor,
  id: string,
  values: Pick<
    NewRestaurant,
    "address" | "latitude" | "longitude" | "city" | "region" | "placeSource"
  >,
): Promise<Restaurant> {
  const [row] = await db.update(restaurants).set(values).where(eq(restaurants.id, id)).returning();
  if (!row) throw new Error("restaurant location was not updated");
  return row;
}

/**
 * The next restaurants (by id, after `afterId`) with a pin and no city: what the locality
 * backfill still has to name. Rows without a pin are never among them.
 */
export async function restaurantsWithoutLocality(
  db: Executor,
  afterId: string | null,
  limit: number,
): Promise<{ id: string; latitude: number; longitude: number }[]> {
  const rows = await db
    .select({
      id: restaurants.id,
      latitude: restaurants.latitude,
      longitude: restaurants.longitude,
    })
    .from(restaurants)
    .where(
      and(
        isNotNull(restaurants.latitude),
        isNotNull(restaurants.longitude),
        isNull(restaurants.city),
        afterId === null ? undefined : gt(restaurants.id, afterId),
      ),
    )
    .orderBy(asc(restaurants.id))
    .limit(limit);
  return rows.flatMap(({ id, latitude, longitude }) =>
    latitude === null || longitude === null ? [] : [{ id, latitude, longitude }],
  );
}

/**
 * Sets a restaurant's city and region, and the provider they came from, unless it has a city by
 * now (someone gave the place a new location meanwhile): true when it was set.
 */
export async function fillRestaurantLocality(
  db: Executor,
  id: string,
  locality: Pick<NewRestaurant, "city" | "region" | "placeSource">,
): Promise<boolean> {
  const rows = await db
    .update(restaurants)
    .set(locality)
    .where(and(eq(restaurants.id, id), isNull(restaurants.city)))
    .returning({ id: restaurants.id });
  return rows.length > 0;
}

export async function setRestaurantSlug(db: Executor, id: string, slug: string) {
  const [row] = await db
    .update(restaurants)
    .set({ slug })
    .where(and(eq(restaurants.id, id), sql`${restaurants.slug} is null`))
    .returning();
  return row;
}

export interface RestaurantStatsRow extends Record<string, unknown> {
  dish_avg: string | number | null;
  dish_count: string | number;
  restaurant_avg: string | number | null;
  restaurant_count: string | number;
  /** Average price range (1-4) that restaurant reviews gave; they store it in their cost. */
  restaurant_price_avg: string | number | null;
  /** Average amount paid for a dish, for the derived price tier. */
  dish_cost_avg: string | number | null;
  post_count: string | number;
  deal_count: string | number;
  /** Whether the viewer follows the place; null for visitors. */
  followed_by_viewer: boolean | null;
}

/**
 * Every figure of the restaurant page in one aggregate statement (visible rows only, by people
 * `viewerId` may see): the reviews' figures from reviews_restaurant_rating_idx (it holds type,
 * rating and cost; each row's author is then checked), the posts' count from
 * posts_restaurant_tab_idx, and whether the viewer follows the place (a primary key probe).
 */
export function restaurantStatsSql(restaurantId: string, viewerId: string | undefined): SQL {
  return sql`
    select
      avg(r.rating) filter (where r.review_type = 'dish')::float8 as dish_avg,
      count(*) filter (where r.review_type = 'dish') as dish_count,
      avg(r.rating) filter (where r.review_type = 'restaurant')::float8 as restaurant_avg,
      count(*) filter (where r.review_type = 'restaurant') as restaurant_count,
      avg(r.cost) filter (where r.review_type = 'restaurant' and r.cost is not null)::float8
        as restaurant_price_avg,
      avg(r.cost) filter (where r.review_type = 'dish' and r.cost is not null)::float8
        as dish_cost_avg,
      (select count(*) from posts p
        where p.restaurant_id = ${restaurantId} and not p.is_hidden
          and ${visibleAuthorSql(viewerId, sql`p.user_id`)}) as post_count,
      -- The Deals tab's count: the deals it lists, those not past their end (ADR 0029) nor
      -- reported gone.
      (select count(*) from deals d
        where d.restaurant_id = ${restaurantId} and not d.is_hidden and not d.is_reported_gone
          and (d.ends_at is null or d.ends_at > now())
          and ${visibleAuthorSql(viewerId, sql`d.user_id`)}) as deal_count,
      ${
        viewerId
          ? sql`exists (select 1 from restaurant_follows rf
                  where rf.user_id = ${viewerId} and rf.restaurant_id = ${restaurantId})`
          : sql`null::boolean`
      } as followed_by_viewer
    from reviews r
    where r.restaurant_id = ${restaurantId} and not r.is_hidden
      and ${visibleAuthorSql(viewerId, sql`r.user_id`)}`;
}

export async function selectRestaurantStats(
  db: Executor,
  restaurantId: string,
  viewerId: string | undefined,
): Promise<RestaurantStatsRow> {
  const statement = restaurantStatsSql(restaurantId, viewerId);
  const row = (await db.execute<RestaurantStatsRow>(statement)).rows[0];
  if (!row) throw new Error("stats query returned no row");
  return row;
}

// ---------------------------------------------------------------------------------------------
// Restaurant page tabs

export interface RestaurantItemsParams extends ViewedItemListWindow {
  restaurantId: string;
  tab: RestaurantTab;
}

/**
 * One page of a restaurant tab: the items kernel's list scoped to one restaurant, read through
 * the partial restaurant tab indexes (reviews_restaurant_tab_idx, reviews_restaurant_rating_idx,
 * posts_restaurant_tab_idx).
 */
export function restaurantItemsSql({ restaurantId, tab, ...window }: RestaurantItemsParams): SQL {
  return itemListSql({ ...window, scope: { restaurantId }, target: itemTabTarget(tab) });
}

/**
 * Visible reviews of the restaurant written by people `viewerId` follows (a block removed the
 * follows between the two; someone pending deletion is still followed, so they are checked).
 */
function followedReviewsWhere(restaurantId: string, viewerId: string): SQL {
  return sql`r.restaurant_id = ${restaurantId} and not r.is_hidden
    and r.user_id in (select f.following_id from follows f where f.follower_id = ${viewerId})
    and ${visibleAuthorSql(viewerId, sql`r.user_id`)}`;
}

/**
 * A page of the newest `limit` visible reviews (dish and restaurant alike) of the restaurant by
 * people `viewerId` follows, for the kernel's selectItemRows. Each type's newest come in order from
 * reviews_restaurant_tab_idx, each author looked up in the viewer's follows, so a read stops
 * once `limit` match; the two short lists are then merged. (Ordered by date alone, the planner
 * may walk the whole table's newest-first index and filter it by restaurant.)
 */
export function followedReviewsPage(restaurantId: string, viewerId: string, limit: number): SQL {
  const newestOfType = (type: "dish" | "restaurant") => sql`
    (select ${itemColumns("review", "r")} from reviews r
      where r.review_type = ${type} and ${followedReviewsWhere(restaurantId, viewerId)}
      order by r.created_at desc, r.id desc
      limit ${limit})`;
  return sql`
    ${newestOfType("dish")} union all ${newestOfType("restaurant")}
    order by created_at desc, id desc
    limit ${limit}`;
}

/** How many different people `viewerId` follows wrote a visible review of the restaurant. */
export function followedReviewerCountSql(restaurantId: string, viewerId: string): SQL {
  return sql`
    select count(distinct r.user_id)::int as count from reviews r
     where ${followedReviewsWhere(restaurantId, viewerId)}`;
}

export async function countFollowedReviewers(
  db: Executor,
  restaurantId: string,
  viewerId: string,
): Promise<number> {
  const result = await db.execute<{ count: number }>(
    followedReviewerCountSql(restaurantId, viewerId),
  );
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * How many of a restaurant's newest visible reviews are looked through for its photo: a bound
 * on the work per restaurant, whatever its size.
 */
const RESTAURANT_PHOTO_REVIEWS = 20;

/**
 * A scalar subquery: the first photo among the newest visible reviews by people `viewerId` may
 * see of the restaurant `restaurantId` names (a column of the statement around it), through
 * reviews_restaurant_created_idx; null when none has one. What a saved or listed restaurant
 * shows as its picture.
 */
export function restaurantPhotoSql(restaurantId: SQL, viewerId: string | null): SQL {
  return sql`(
    select ri.image_url
      from (select r.id, r.created_at from reviews r
             where r.restaurant_id = ${restaurantId} and not r.is_hidden
               and ${visibleAuthorSql(viewerId ?? undefined, sql`r.user_id`)}
             order by r.created_at desc, r.id desc
             limit ${RESTAURANT_PHOTO_REVIEWS}) recent
      join review_images ri on ri.review_id = recent.id
     order by recent.created_at desc, recent.id desc, ri.display_order, ri.id
     limit 1)`;
}

/**
 * How many different people `viewerId` follows still want to try the restaurant `restaurantId`
 * names (a parameter, or a column of the statement around it): a scalar subquery. Each followed
 * person counts once however many entries they have there (the restaurant, its dishes), and only
 * followed people count, so never the viewer (follows_not_self). The restaurant's entries come
 * from want_to_try_restaurant_idx, each matched with the viewer's follows (a seek of
 * follows_follower_following_unique, or a hash of the viewer's follows): query-plans.test.ts
 * shows no other index is needed. Only people who let their followers count their saves
 * (want_to_try_visibility 'followers'; 'private' is the default) are counted, a primary-key
 * probe each. A block removed the follows between the two; someone pending deletion is still
 * followed, and not counted (checked only for those who saved it).
 */
export function savedByFollowedSql(restaurantId: SQL, viewerId: string): SQL {
  return sql`(
    select count(*)::int from follows f
     where f.follower_id = ${viewerId}
       and exists (select 1 from want_to_try w
                    where w.restaurant_id = ${restaurantId} and w.user_id = f.following_id
                      and w.tried_at is null)
       and exists (select 1 from profiles wp
                    where wp.id = f.following_id and wp.want_to_try_visibility = 'followers')
       and ${visibleAuthorSql(viewerId, sql`f.following_id`)})`;
}

/** The restaurant page's count of savedByFollowedSql. */
export function savedByFollowedCountSql(restaurantId: string, viewerId: string): SQL {
  return sql`select ${savedByFollowedSql(sql`${restaurantId}::uuid`, viewerId)} as count`;
}

export async function countSavedByFollowed(
  db: Executor,
  restaurantId: string,
  viewerId: string,
): Promise<number> {
  const result = await db.execute<{ count: number }>(
    savedByFollowedCountSql(restaurantId, viewerId),
  );
  return Number(result.rows[0]?.count ?? 0);
}

/** A place an import names, numbered by its position in the file. */
export interface PlaceToMatch {
  index: number;
  name: string;
  address: string | null;
  placeId: string | null;
  lat: number | null;
  lng: number | null;
}

/** How near a pinned place with the same name must be to be the same place (ADR 0031). */
const SAME_PLACE_METERS = 100;

/** `value` as an ILIKE pattern matching exactly it (no wildcards). */
const exactPattern = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The restaurant already in Tasted that each place names, in one statement: the one with its
 * Google place id, else one with the same name (case and accents ignored, found through
 * restaurants_name_trgm_idx) within SAME_PLACE_METERS when both have a pin, or at the same
 * address (case ignored) when either has none. Also whether `userId` has saved that restaurant
 * to Want to try already. Places without a match are left out.
 */
export async function matchKnownRestaurants(
  db: Executor,
  userId: string,
  places: readonly PlaceToMatch[],
): Promise<Map<number, { id: string; name: string; saved: boolean }>> {
  if (places.length === 0) return new Map();
  const given = JSON.stringify(
    places.map((place) => ({ ...place, pattern: exactPattern(place.name) })),
  );
  const result = await db.execute<{ index: number; id: string; name: string; saved: boolean }>(sql`
    select v.index, m.id, m.name,
           exists (select 1 from want_to_try w
                    where w.user_id = ${userId} and w.restaurant_id = m.id
                      and w.kind = 'restaurant') as saved
      from jsonb_to_recordset(${given}::jsonb)
             as v(index int, name text, address text, "placeId" text, lat float8, lng float8,
                  pattern text)
      join lateral (
        select r.id, r.name from restaurants r
         where (v."placeId" is not null and r.google_place_id = v."placeId")
            or (${unaccented(sql`r.name`)} ilike ${unaccented(sql`v.pattern`)}
                and case when v.lat is not null and r.latitude is not null
                         then 2 * 6371000 * asin(least(1, sqrt(
                                power(sin(radians(r.latitude - v.lat) / 2), 2)
                                + cos(radians(v.lat)) * cos(radians(r.latitude))
                                  * power(sin(radians(r.longitude - v.lng) / 2), 2))))
                              <= ${SAME_PLACE_METERS}
                         else lower(coalesce(r.address, '')) = lower(coalesce(v.address, ''))
                    end)
         order by (r.google_place_id is not distinct from v."placeId") desc, r.created_at, r.id
         limit 1) m on true`);
  return new Map(
    result.rows.map((row) => [Number(row.index), { id: row.id, name: row.name, saved: row.saved }]),
  );
}

/**
 * The tables whose rows point at a restaurant: a review, post, deal, saved entry, list entry,
 * dismissal, follow or For you pick of anyone's. Several of them cascade rather than refuse a deletion, so every one is
 * named here (imports.test.ts compares them with the catalogue's foreign keys).
 */
export const RESTAURANT_REFERENCES = [
  "reviews",
  "posts",
  "deals",
  "want_to_try",
  "list_entries",
  "for_you_dismissals",
  "for_you_picks",
  "restaurant_follows",
] as const;

/**
 * Deletes those of `ids` that nothing in RESTAURANT_REFERENCES points at any more: an undone
 * import's places, unless someone has used them since. Returns how many went.
 */
export async function deleteUnusedRestaurants(db: Executor, ids: SQL): Promise<number> {
  const unused = RESTAURANT_REFERENCES.map(
    (table) => sql`not exists (select 1 from ${sql.identifier(table)} where restaurant_id = rs.id)`,
  );
  const result = await db.execute(sql`
    delete from restaurants rs
     where rs.id in (${ids}) and ${sql.join(unused, sql` and `)}
    returning rs.id`);
  return result.rows.length;
}
