import { type SQL, sql } from "drizzle-orm";
import { FOR_YOU_LIMITS, FOR_YOU_WEIGHTS, LOVED_RATING } from "#domain/for-you.ts";
import type { Executor } from "#server/db/client.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";

/**
 * A dish's key in SQL: its name without accents, case or repeated spaces (as dishKey() in
 * domain/want-to-try.ts keys saved dishes), so "Crème Brûlée" and "creme  brulee" are one dish.
 * Dismissals store it, and the recommendation compares with it, so both use this one expression.
 */
const dishKeySql = (name: SQL) =>
  sql`lower(tasted_unaccent(regexp_replace(btrim(${name}), '\\s+', ' ', 'g')))`;

/** A review's item: '' for the restaurant itself, the dish's key for a dish review. */
const itemKeyOf = (review: string) =>
  sql`(case when ${sql.raw(review)}.review_type = 'dish'
            then ${dishKeySql(sql.raw(`${review}.title`))} else '' end)`;

/**
 * One person's newest loves, each with its item key and a spelling of its name: read from
 * reviews_author_feed_idx (their visible reviews, newest first), the rating checked on the row.
 */
const lovesOf = (personId: SQL) => sql`
  select r.restaurant_id, ${itemKeyOf("r")} as dish_key, r.title, r.rating
    from reviews r
   where r.user_id = ${personId} and not r.is_hidden and r.rating >= ${LOVED_RATING}
   order by r.created_at desc, r.id desc
   limit ${FOR_YOU_LIMITS.lovesPerPerson}`;

export interface ForYouRow extends Record<string, unknown> {
  restaurant_id: string;
  dish_key: string;
  dish_name: string | null;
  name: string;
  address: string | null;
  slug: string | null;
  price_level: number | null;
  taste_lovers: number;
  followed_lovers: number;
  lately_lovers: number;
  /** The one followed person who loved it, when exactly one did. */
  person_id: string | null;
  person_username: string | null;
  person_slug: string | null;
  person_full_name: string | null;
  person_rating: number | null;
  score: number;
  /** How many things the viewer has rated (the same on every row). */
  own_ratings: number;
}

/**
 * The viewer's "For you" page in one statement (ADR 0033):
 * 1. their newest FOR_YOU_LIMITS.ownRatings ratings, averaged per restaurant (a dish's rating
 *    says how they liked the place too, and restaurants are shared far more often than
 *    spellings of a dish);
 * 2. at each such restaurant the viewer loved, the newest ratersPerItem ratings by others
 *    (reviews_restaurant_created_idx): a love there counts 1 toward the person's agreement,
 *    anything less −unsharedLove, the sum divided by the square root of how many ratings were
 *    read (so that rating much is not agreeing much); the best `neighbours` people the viewer
 *    may see (visibleAuthorSql) with agreement above 0 are the neighbours;
 * 3. each neighbour's and each followed person's (the newest `followed` follows, people the
 *    viewer may see) newest loves, and the loves among everyone's newest `lately` reviews (a
 *    fixed stretch of reviews_feed_idx) by people the viewer may see, grouped per item; the
 *    neighbours' and everyone's loves of a dish also count for its restaurant (grouping sets:
 *    loving a dish there says the place is worth a visit; measured in ADR 0033), the followed
 *    people's do not, since their reason names the rating they gave that very item;
 * 4. the items in any of them that the viewer has not reviewed (a restaurant: nothing there;
 *    a dish: that dish) nor dismissed, scored by FOR_YOU_WEIGHTS, the best `shown`.
 * Every person counted or named passed the one visibility rule, so no count includes someone
 * the viewer may not see (a private account they are not approved for, a block, a leaving one).
 */
export function forYouSql(viewerId: string): SQL {
  const visible = (person: SQL) => visibleAuthorSql(viewerId, person);
  const { taste, followed, followedCap, popular, unsharedLove } = FOR_YOU_WEIGHTS;
  return sql`
    with reviewed as (
      select r.restaurant_id, ${itemKeyOf("r")} as dish_key, r.rating, r.created_at, r.id
        from reviews r where r.user_id = ${viewerId}),
    my_places as (
      select restaurant_id, avg(rating)::float8 as rating
        from (select * from reviewed order by created_at desc, id desc
               limit ${FOR_YOU_LIMITS.ownRatings}) newest
       group by restaurant_id),
    peers as (
      select o.user_id,
             (sum(case when o.rating >= ${LOVED_RATING} then 1 else ${-unsharedLove}::float8 end)
              / sqrt(count(*)))::float8 as agreement
        from my_places m
        cross join lateral (
          select r.user_id, r.rating from reviews r
           where r.restaurant_id = m.restaurant_id and not r.is_hidden
             and r.user_id <> ${viewerId}
           order by r.created_at desc, r.id desc
           limit ${FOR_YOU_LIMITS.ratersPerItem}) o
       where m.rating >= ${LOVED_RATING}
       group by o.user_id),
    neighbours as (
      select p.user_id, p.agreement from peers p
       where p.agreement > 0 and ${visible(sql`p.user_id`)}
       order by p.agreement desc, p.user_id
       limit ${FOR_YOU_LIMITS.neighbours}),
    taste as (
      select restaurant_id, dish_key, title, lovers, taste_sum
        from (select l.restaurant_id, grouping(l.dish_key) as whole_place,
                     case when grouping(l.dish_key) = 1 then '' else l.dish_key end as dish_key,
                     min(l.title) as title, count(distinct n.user_id)::int as lovers,
                     sum(n.agreement * (l.rating - 3))::float8 as taste_sum
                from neighbours n cross join lateral (${lovesOf(sql`n.user_id`)}) l
               group by grouping sets ((l.restaurant_id), (l.restaurant_id, l.dish_key))) g
       where g.whole_place = 1 or g.dish_key <> ''),
    followed_people as (
      select f.following_id as user_id from follows f
       where f.follower_id = ${viewerId} and ${visible(sql`f.following_id`)}
       order by f.created_at desc, f.id desc
       limit ${FOR_YOU_LIMITS.followed}),
    followed_loves as (
      select l.restaurant_id, l.dish_key, fp.user_id, min(l.title) as title,
             max(l.rating) as rating
        from followed_people fp cross join lateral (${lovesOf(sql`fp.user_id`)}) l
       group by l.restaurant_id, l.dish_key, fp.user_id),
    followed as (
      select restaurant_id, dish_key, min(title) as title, count(*)::int as lovers,
             sum(rating - 3)::int as stars, min(user_id) as user_id, max(rating) as rating
        from followed_loves group by restaurant_id, dish_key),
    lately as (
      select restaurant_id, dish_key, title, lovers
        from (select l.restaurant_id, grouping(l.dish_key) as whole_place,
                     case when grouping(l.dish_key) = 1 then '' else l.dish_key end as dish_key,
                     min(l.title) as title, count(distinct l.user_id)::int as lovers
                from (select r.restaurant_id, ${itemKeyOf("r")} as dish_key, r.title, r.user_id,
                             r.rating
                        from (select * from reviews r where not r.is_hidden
                               order by r.created_at desc, r.id desc
                               limit ${FOR_YOU_LIMITS.lately}) r
                       where r.rating >= ${LOVED_RATING} and r.user_id <> ${viewerId}
                         and ${visible(sql`r.user_id`)}) l
               group by grouping sets ((l.restaurant_id), (l.restaurant_id, l.dish_key))) g
       where g.whole_place = 1 or g.dish_key <> ''),
    candidates as (
      select restaurant_id, dish_key from taste
      union select restaurant_id, dish_key from followed
      union select restaurant_id, dish_key from lately),
    totals as (
      select (select coalesce(sum(agreement), 0) from neighbours) as agreement,
             (select coalesce(max(lovers), 0) from lately) as most_lately,
             (select count(*)::int from reviewed) as own_ratings)
    select c.restaurant_id, c.dish_key,
           case when c.dish_key = '' then null
                else coalesce(fo.title, t.title, la.title) end as dish_name,
           rest.name, rest.address, rest.slug, rest.price_level,
           coalesce(t.lovers, 0) as taste_lovers, coalesce(fo.lovers, 0) as followed_lovers,
           coalesce(la.lovers, 0) as lately_lovers,
           p.id as person_id, p.username as person_username, p.slug as person_slug,
           p.full_name as person_full_name, case when p.id is null then null else fo.rating end
             as person_rating,
           (${taste}::float8 * (case when totals.agreement > 0
                             then coalesce(t.taste_sum, 0) / totals.agreement else 0 end)
            + ${followed}::float8 * least(coalesce(fo.stars, 0), ${followedCap}::int)
            + ${popular}::float8 * (case when totals.most_lately > 0
                                 then coalesce(la.lovers, 0)::float8 / totals.most_lately
                                 else 0 end))::float8 as score,
           totals.own_ratings
      from candidates c
      cross join totals
      join restaurants rest on rest.id = c.restaurant_id
      left join taste t on t.restaurant_id = c.restaurant_id and t.dish_key = c.dish_key
      left join followed fo on fo.restaurant_id = c.restaurant_id and fo.dish_key = c.dish_key
      left join lately la on la.restaurant_id = c.restaurant_id and la.dish_key = c.dish_key
      left join profiles p on fo.lovers = 1 and p.id = fo.user_id
     where not exists (
             select 1 from reviewed rv where rv.restaurant_id = c.restaurant_id
                and (c.dish_key = '' or rv.dish_key = c.dish_key))
       and not exists (
             select 1 from for_you_dismissals d
              where d.user_id = ${viewerId} and d.restaurant_id = c.restaurant_id
                and d.dish_key = c.dish_key)
     order by score desc, c.restaurant_id, c.dish_key
     limit ${FOR_YOU_LIMITS.shown}`;
}

export async function selectForYou(db: Executor, viewerId: string): Promise<ForYouRow[]> {
  return (await db.execute<ForYouRow>(forYouSql(viewerId))).rows;
}

/**
 * Records "Not interested" in a restaurant (no dish name) or a dish there; saying it twice keeps
 * the first. False when the restaurant does not exist.
 */
export async function insertDismissal(
  db: Executor,
  userId: string,
  restaurantId: string,
  dishName: string | null,
): Promise<boolean> {
  const key = dishName === null ? sql`''` : dishKeySql(sql`${dishName}::text`);
  const result = await db.execute(sql`
    insert into for_you_dismissals (user_id, restaurant_id, dish_key)
    select ${userId}, r.id, ${key} from restaurants r where r.id = ${restaurantId}
    on conflict (user_id, restaurant_id, dish_key)
      do update set created_at = for_you_dismissals.created_at
    returning 1`);
  return result.rows.length > 0;
}
