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
 * The prediction (FOR_YOU_WEIGHTS), from an item's sums over the people behind it and the
 * viewer's totals: the one formula both computing the picks and reading them use.
 */
function scoreSql(parts: {
  tasteSum: SQL;
  agreement: SQL;
  followedStars: SQL;
  latelyLovers: SQL;
  mostLately: SQL;
}): SQL {
  const { taste, followed, followedCap, popular } = FOR_YOU_WEIGHTS;
  return sql`(${taste}::float8 * (case when ${parts.agreement} > 0
                                  then ${parts.tasteSum} / ${parts.agreement} else 0 end)
     + ${followed}::float8 * least(${parts.followedStars}, ${followedCap}::int)
     + ${popular}::float8 * (case when ${parts.mostLately} > 0
                               then ${parts.latelyLovers}::float8 / ${parts.mostLately}
                               else 0 end))::float8`;
}

/**
 * What the viewer's picks are computed from, as one text: their number of ratings, the
 * newest one's time and the last edit among the newest `ownRatings` (the ones taste reads), and
 * their number of follows and the newest one's time. Read from the viewer's own index entries
 * (at most ownRatings rows fetched); any rating, edit, deletion, follow or unfollow changes it.
 */
function inputsSql(viewerId: string): SQL {
  const epoch = (value: SQL) => sql`coalesce(extract(epoch from ${value})::text, '')`;
  return sql`concat_ws(':',
    (select count(*) from reviews r where r.user_id = ${viewerId}),
    (select ${epoch(sql`max(n.created_at)`)} || '/' || ${epoch(sql`max(n.updated_at)`)}
       from (select r.created_at, r.updated_at from reviews r where r.user_id = ${viewerId}
              order by r.created_at desc, r.id desc
              limit ${FOR_YOU_LIMITS.ownRatings}) n),
    (select count(*) || '/' || ${epoch(sql`max(f.created_at)`)}
       from follows f where f.follower_id = ${viewerId}))`;
}

/**
 * Computes and stores the viewer's picks in one statement (ADR 0033):
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
 *    fixed stretch of reviews_feed_idx) by people the viewer may see, grouped per item and
 *    person; the neighbours' and everyone's loves of a dish also count for its restaurant
 *    (grouping sets: loving a dish there says the place is worth a visit; measured in ADR
 *    0033), the followed people's do not, since their reason names the rating they gave that
 *    very item;
 * 4. the items in any of them that the viewer has not reviewed (a restaurant: nothing there;
 *    a dish: that dish) nor dismissed, scored (scoreSql): the best `kept` are stored in
 *    for_you_picks with the people behind each (replacing the viewer's previous picks), and
 *    for_you_states says when, from which inputs, and the totals the score divides by.
 * Every person counted or named passed the one visibility rule, so no count includes someone
 * the viewer may not see (a private account they are not approved for, a block, a leaving one);
 * reading the picks checks them again (readPicksSql), for what changed since.
 */
export function computePicksSql(viewerId: string, computedAt: Date): SQL {
  const visible = (person: SQL) => visibleAuthorSql(viewerId, person);
  const { unsharedLove } = FOR_YOU_WEIGHTS;
  /** An item's people of one kind, per item, from rows of (item, person): grouping sets. */
  const perItem = sql`case when grouping(l.dish_key) = 1 then '' else l.dish_key end`;
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
    taste_loves as (
      select l.restaurant_id, grouping(l.dish_key) as whole_place, ${perItem} as dish_key,
             n.user_id, min(l.title) as title,
             sum(n.agreement * (l.rating - 3))::float8 as weight
        from neighbours n cross join lateral (${lovesOf(sql`n.user_id`)}) l
       group by grouping sets ((l.restaurant_id, n.user_id),
                               (l.restaurant_id, l.dish_key, n.user_id))),
    taste as (
      select restaurant_id, dish_key, min(title) as title,
             array_agg(user_id order by user_id) as people,
             array_agg(weight order by user_id) as weights, sum(weight)::float8 as taste_sum
        from taste_loves where whole_place = 1 or dish_key <> ''
       group by restaurant_id, dish_key),
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
      select restaurant_id, dish_key, min(title) as title, sum(rating - 3)::int as stars,
             array_agg(user_id order by user_id) as people,
             array_agg(rating order by user_id)::smallint[] as ratings
        from followed_loves group by restaurant_id, dish_key),
    lately_loves as (
      select l.restaurant_id, grouping(l.dish_key) as whole_place, ${perItem} as dish_key,
             l.user_id, min(l.title) as title
        from (select r.restaurant_id, ${itemKeyOf("r")} as dish_key, r.title, r.user_id
                from (select * from reviews r where not r.is_hidden
                       order by r.created_at desc, r.id desc
                       limit ${FOR_YOU_LIMITS.lately}) r
               where r.rating >= ${LOVED_RATING} and r.user_id <> ${viewerId}
                 and ${visible(sql`r.user_id`)}) l
       group by grouping sets ((l.restaurant_id, l.user_id),
                               (l.restaurant_id, l.dish_key, l.user_id))),
    lately as (
      select restaurant_id, dish_key, min(title) as title, count(*)::int as lovers,
             array_agg(user_id order by user_id) as people
        from lately_loves where whole_place = 1 or dish_key <> ''
       group by restaurant_id, dish_key),
    candidates as (
      select restaurant_id, dish_key from taste
      union select restaurant_id, dish_key from followed
      union select restaurant_id, dish_key from lately),
    totals as (
      select (select coalesce(sum(agreement), 0) from neighbours) as agreement,
             (select coalesce(max(lovers), 0) from lately) as most_lately,
             (select count(*)::int from reviewed) as own_ratings),
    ranked as (
      select c.restaurant_id, c.dish_key,
             case when c.dish_key = '' then null
                  else coalesce(fo.title, t.title, la.title) end as dish_name,
             coalesce(t.people, '{}') as taste_people, coalesce(t.weights, '{}') as taste_weights,
             coalesce(fo.people, '{}') as followed_people,
             coalesce(fo.ratings, '{}') as followed_ratings,
             coalesce(la.people, '{}') as lately_people
        from candidates c
        cross join totals
        left join taste t on t.restaurant_id = c.restaurant_id and t.dish_key = c.dish_key
        left join followed fo on fo.restaurant_id = c.restaurant_id and fo.dish_key = c.dish_key
        left join lately la on la.restaurant_id = c.restaurant_id and la.dish_key = c.dish_key
       where not exists (
               select 1 from reviewed rv where rv.restaurant_id = c.restaurant_id
                  and (c.dish_key = '' or rv.dish_key = c.dish_key))
         and not exists (
               select 1 from for_you_dismissals d
                where d.user_id = ${viewerId} and d.restaurant_id = c.restaurant_id
                  and d.dish_key = c.dish_key)
       order by ${scoreSql({
         tasteSum: sql`coalesce(t.taste_sum, 0)`,
         agreement: sql`totals.agreement`,
         followedStars: sql`coalesce(fo.stars, 0)`,
         latelyLovers: sql`coalesce(la.lovers, 0)`,
         mostLately: sql`totals.most_lately`,
       })} desc, c.restaurant_id, c.dish_key
       limit ${FOR_YOU_LIMITS.kept}),
    stored as (
      insert into for_you_picks (user_id, restaurant_id, dish_key, dish_name, taste_people,
                                 taste_weights, followed_people, followed_ratings, lately_people)
      select ${viewerId}, restaurant_id, dish_key, dish_name, taste_people, taste_weights,
             followed_people, followed_ratings, lately_people
        from ranked
      on conflict (user_id, restaurant_id, dish_key) do update
        set dish_name = excluded.dish_name, taste_people = excluded.taste_people,
            taste_weights = excluded.taste_weights, followed_people = excluded.followed_people,
            followed_ratings = excluded.followed_ratings, lately_people = excluded.lately_people),
    dropped as (
      delete from for_you_picks p
       where p.user_id = ${viewerId}
         and not exists (select 1 from ranked r
                          where r.restaurant_id = p.restaurant_id and r.dish_key = p.dish_key))
    insert into for_you_states (user_id, computed_at, inputs, neighbour_people,
                                neighbour_agreements, most_lately, own_ratings)
    select ${viewerId}, ${computedAt.toISOString()}::timestamptz, ${inputsSql(viewerId)},
           coalesce((select array_agg(user_id order by user_id) from neighbours), '{}'),
           coalesce((select array_agg(agreement order by user_id) from neighbours), '{}'),
           totals.most_lately, totals.own_ratings
      from totals
    on conflict (user_id) do update
      set computed_at = excluded.computed_at, inputs = excluded.inputs,
          neighbour_people = excluded.neighbour_people,
          neighbour_agreements = excluded.neighbour_agreements,
          most_lately = excluded.most_lately, own_ratings = excluded.own_ratings`;
}

export async function computePicks(db: Executor, viewerId: string, computedAt: Date) {
  await db.execute(computePicksSql(viewerId, computedAt));
}

export interface PicksState extends Record<string, unknown> {
  computed_at: Date | string;
  /** False when the viewer rated, edited, deleted, followed or unfollowed since. */
  current: boolean;
}

export const picksStateSql = (viewerId: string) => sql`
  select s.computed_at, s.inputs = ${inputsSql(viewerId)} as current
    from for_you_states s where s.user_id = ${viewerId}`;

/** When the viewer's picks were computed and whether from their inputs as they are now. */
export async function selectPicksState(
  db: Executor,
  viewerId: string,
): Promise<PicksState | undefined> {
  return (await db.execute<PicksState>(picksStateSql(viewerId))).rows[0];
}

/**
 * The viewer's page from their stored picks: every person behind a pick (and every
 * neighbour, whose agreements the taste part divides by) is checked again with the one
 * visibility rule, and must still have a profile; the counts, the one followed person named
 * and the score are taken from those who pass, so a block, a private account or a leaving one
 * since the picks were computed takes effect at once, and a pick nobody visible is behind
 * leaves. Dismissals are applied here too; the best `shown` are answered.
 */
export function readPicksSql(viewerId: string): SQL {
  const others = (ids: SQL) => sql`${ids} where x.id not in (select id from hidden)`;
  return sql`
    with state as (select * from for_you_states s where s.user_id = ${viewerId}),
    picks as (
      select p.* from for_you_picks p
       where p.user_id = ${viewerId}
         and not exists (
               select 1 from for_you_dismissals d
                where d.user_id = ${viewerId} and d.restaurant_id = p.restaurant_id
                  and d.dish_key = p.dish_key)),
    people as (
      select unnest(p.taste_people || p.followed_people || p.lately_people) as id from picks p
      union select unnest(s.neighbour_people) from state s),
    hidden as (
      select u.id from people u
       where not (${visibleAuthorSql(viewerId, sql`u.id`)}
                  -- A probe per person, as a value: an EXISTS here may be planned as a hash of
                  -- every profile once the picks table's statistics promise many people.
                  and (select pr.id from profiles pr where pr.id = u.id) is not null)),
    totals as (
      select coalesce(sum(x.agreement), 0)::float8 as agreement
        from state s,
             ${others(sql`unnest(s.neighbour_people, s.neighbour_agreements) as x(id, agreement)`)}),
    shown as (
      select p.restaurant_id, p.dish_key, p.dish_name, t.lovers as taste_lovers, t.taste_sum,
             f.lovers as followed_lovers, f.stars, f.user_id, f.rating, l.lovers as lately_lovers
        from picks p
        cross join lateral (
          select count(*)::int as lovers, coalesce(sum(x.weight), 0)::float8 as taste_sum
            from ${others(sql`unnest(p.taste_people, p.taste_weights) as x(id, weight)`)}) t
        cross join lateral (
          select count(*)::int as lovers, coalesce(sum(x.rating - 3), 0)::int as stars,
                 min(x.id) as user_id, max(x.rating) as rating
            from ${others(sql`unnest(p.followed_people, p.followed_ratings) as x(id, rating)`)}) f
        cross join lateral (
          select count(*)::int as lovers
            from ${others(sql`unnest(p.lately_people) as x(id)`)}) l),
    best as (
      select s.*, ${scoreSql({
        tasteSum: sql`s.taste_sum`,
        agreement: sql`totals.agreement`,
        followedStars: sql`s.stars`,
        latelyLovers: sql`s.lately_lovers`,
        mostLately: sql`state.most_lately`,
      })} as score, state.own_ratings
        from shown s cross join totals cross join state
       where s.taste_lovers + s.followed_lovers + s.lately_lovers > 0
       order by score desc, s.restaurant_id, s.dish_key
       limit ${FOR_YOU_LIMITS.shown})
    select b.restaurant_id, b.dish_key, b.dish_name,
           rest.name, rest.address, rest.slug, rest.price_level,
           b.taste_lovers, b.followed_lovers, b.lately_lovers,
           p.id as person_id, p.username as person_username, p.slug as person_slug,
           p.full_name as person_full_name, case when p.id is null then null else b.rating end
             as person_rating,
           b.score, b.own_ratings
      from best b
      join restaurants rest on rest.id = b.restaurant_id
      left join profiles p on b.followed_lovers = 1 and p.id = b.user_id
     order by b.score desc, b.restaurant_id, b.dish_key`;
}

export async function selectForYou(db: Executor, viewerId: string): Promise<ForYouRow[]> {
  return (await db.execute<ForYouRow>(readPicksSql(viewerId))).rows;
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
