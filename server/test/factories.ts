// Rows for tests, inserted straight through drizzle (not the API), so a module's tests do not
// depend on another module's routes. Every helper has defaults; pass only what a test is about.
import { type SQL, sql } from "drizzle-orm";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { Role } from "#domain/profile.ts";
import type { Executor } from "#server/db/client.ts";
import { user } from "#server/db/schema/auth.ts";
import { deals, type NewDeal } from "#server/db/schema/deals.ts";
import { type NewUserReport, userReports } from "#server/db/schema/moderation.ts";
import { type NewNotification, notifications } from "#server/db/schema/notifications.ts";
import { type NewPost, type NewPostImage, postImages, posts } from "#server/db/schema/posts.ts";
import { type NewProfile, profiles, userRoles } from "#server/db/schema/profiles.ts";
import { type NewRestaurant, restaurants } from "#server/db/schema/restaurants.ts";
import {
  type NewReview,
  type NewReviewImage,
  reviewImages,
  reviews,
} from "#server/db/schema/reviews.ts";
import { follows } from "#server/db/schema/social.ts";
import { itemTables } from "#server/modules/items/item-tables.ts";

/** Any column may also be raw SQL, e.g. a microsecond timestamp `sql\`'…'::timestamptz\``. */
type Values<T> = { [K in keyof T]?: T[K] | SQL };

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

function first<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`factory: no ${what} returned`);
  return row;
}

/** An auth user and its profile (profiles.id references user.id). Signs nobody in. */
export async function createUser(db: Executor, overrides: Partial<NewProfile> = {}) {
  const n = next();
  const id = overrides.id ?? `factory-user-${n}-${Math.random().toString(36).slice(2, 8)}`;
  const username = overrides.username ?? `factory_${n}`;
  await db
    .insert(user)
    .values({ id, name: "", email: `${id}@example.com` })
    .onConflictDoNothing();
  return first(
    await db
      .insert(profiles)
      .values({ id, username, slug: username, fullName: null, ...overrides })
      .returning(),
    "profile",
  );
}

/**
 * `count` people with ids plan-1 … plan-`count` and usernames plan_1 …, in two statements: the
 * authors of the generated rows that query plan tests need in numbers.
 */
export async function createPlanUsers(db: Executor, count: number): Promise<void> {
  await db.execute(sql`
    insert into "user" (id, name, email)
    select 'plan-' || g, '', 'plan' || g || '@example.com' from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into profiles (id, username, slug)
    select 'plan-' || g, 'plan_' || g, 'plan_' || g from generate_series(1, ${count}) g`);
}

/** The dishes generated reviews are named after: a word of a search matches one in forty. */
const planDishNames = [
  "Ramen",
  "Tacos",
  "Pizza",
  "Pad thai",
  "Pho",
  "Burrito",
  "Lasagna",
  "Sushi",
  "Biryani",
  "Falafel",
  "Paella",
  "Goulash",
  "Dumplings",
  "Curry",
  "Bibimbap",
  "Croissant",
  "Gnocchi",
  "Shawarma",
  "Ceviche",
  "Risotto",
  "Laksa",
  "Moussaka",
  "Pierogi",
  "Tagine",
  "Empanada",
  "Gyoza",
  "Kebab",
  "Quiche",
  "Schnitzel",
  "Souvlaki",
  "Tempura",
  "Udon",
  "Waffles",
  "Arepa",
  "Borscht",
  "Cannoli",
  "Dosa",
  "Enchilada",
  "Fondue",
  "Hummus",
];
const PLAN_DISHES = sql`array[${sql.join(
  planDishNames.map((name) => sql`${name}`),
  sql`, `,
)}]::text[]`;
const PLAN_DISH_COUNT = planDishNames.length;

/**
 * Content in bulk for query plan tests, in a few statements: `people` plan users (see
 * createPlanUsers) with a tenth as many restaurants; each person writes 20 reviews (a third
 * restaurant reviews, one in fifty hidden, half with a photo), 10 posts and 5 deals, follows 20 others,
 * and every item gets two likes, a comment and the like notifications; every dish is someone's
 * Want to try entry (a third of them tried), as are the restaurants. The planner then sees
 * tables in realistic proportions: one person's, one item's or one restaurant's rows are a
 * small share of each, so it picks the plans it would pick at scale.
 */
export async function createPlanContent(db: Executor, people: number): Promise<void> {
  await createPlanUsers(db, people);
  const person = (n: SQL) => sql`'plan-' || (1 + (${n}) % ${people})`;
  await db.execute(sql`
    insert into restaurants (name, address, price_level)
    select 'Plan place ' || g, g || ' Plan Street', case when g % 3 > 0 then 1 + g % 4 end
      from generate_series(1, ${Math.ceil(people / 10)}) g`);
  await db.execute(sql`
    with places as (select id, row_number() over (order by id) as n from restaurants)
    insert into reviews (user_id, restaurant_id, review_type, title, description, rating, cost,
                         is_hidden, created_at, visited_on, category, rank_position)
    select ${person(sql`g`)}, places.id,
           case when g % 3 = 0 then 'restaurant' else 'dish' end,
           (${PLAN_DISHES})[1 + g % ${PLAN_DISH_COUNT}] || ' ' || g,
           'Notes ' || g, 1 + g % 5, case when g % 4 > 0 then g % 30 end, g % 50 = 0,
           now() - g * interval '1 minute',
           ((now() - g * interval '1 minute') at time zone 'UTC')::date,
           -- A quarter of the dishes ranked, in five categories (ADR 0030).
           case when g % 3 > 0 and g % 4 = 0 then 'Plan ' || g % 5 end,
           case when g % 3 > 0 and g % 4 = 0 then g end
      from generate_series(1, ${people * 20}) g
      join places on places.n = 1 + g % (select count(*) from places)`);
  await db.execute(sql`
    insert into posts (user_id, restaurant_id, title, content, is_hidden, created_at)
    select ${person(sql`g`)}, null, 'Plan post ' || g, 'Words ' || g, g % 40 = 0,
           now() - g * interval '2 minutes'
      from generate_series(1, ${people * 10}) g`);
  // Five deals a person at the plan places: a third weekly, the rest until a moment, half of
  // those already ended.
  await db.execute(sql`
    with places as (select id, row_number() over (order by id) as n from restaurants)
    insert into deals (user_id, restaurant_id, title, time_zone, ends_at, week_days,
                       starts_minute, ends_minute, is_hidden, created_at)
    select ${person(sql`g`)}, places.id, 'Plan deal ' || g, 'America/New_York',
           case when g % 3 = 0 then null
                else now() + (case when g % 2 = 0 then 1 else -1 end) * g * interval '1 minute'
           end,
           case when g % 3 = 0 then 31 end, case when g % 3 = 0 then 960 end,
           case when g % 3 = 0 then 1140 end, g % 50 = 0, now() - g * interval '3 minutes'
      from generate_series(1, ${people * 5}) g
      join places on places.n = 1 + g % (select count(*) from places)`);
  for (const [table, images, likes, comments, itemId] of [
    ["reviews", "review_images", "likes", "comments", "review_id"],
    ["posts", "post_images", "post_likes", "post_comments", "post_id"],
    ["deals", "deal_images", "deal_likes", "deal_comments", "deal_id"],
  ] as const) {
    const item = sql.identifier(itemId);
    const numbered = sql`(select id, user_id, row_number() over (order by id) as n
                            from ${sql.identifier(table)}) i`;
    await db.execute(sql`
      insert into ${sql.identifier(images)} (${item}, image_url, width, height)
      select id, '/uploads/plan/' || n || '.webp', 800, 600 from ${numbered} where n % 2 = 0`);
    await db.execute(sql`
      insert into ${sql.identifier(likes)} (user_id, ${item})
      select ${person(sql`i.n * 7 + k`)}, id from ${numbered}, generate_series(1, 2) k`);
    await db.execute(sql`
      insert into ${sql.identifier(comments)} (${item}, user_id, content)
      select id, ${person(sql`i.n * 3`)}, 'Comment ' || n from ${numbered}`);
    await db.execute(sql`
      insert into notifications (type, user_id, actor_id, ${item}, is_read)
      select 'new_like', i.user_id, l.user_id, i.id, i.n % 5 > 0
        from ${numbered} join ${sql.identifier(likes)} l on l.${item} = i.id
       where l.user_id <> i.user_id`);
  }
  await db.execute(sql`
    insert into want_to_try (user_id, kind, restaurant_id, dish_name, dish_key, source_review_id,
                             tried_at)
    select ${person(sql`i.n * 11`)}, 'dish', i.restaurant_id, i.title, lower(i.title), i.id,
           case when i.n % 3 = 0 then now() - i.n * interval '1 minute' end
      from (select id, restaurant_id, title, row_number() over (order by id) as n
              from reviews where review_type = 'dish') i
    on conflict do nothing`);
  await db.execute(sql`
    insert into want_to_try (user_id, kind, restaurant_id)
    select ${person(sql`r.n * 13 + k`)}, 'restaurant', r.id
      from (select id, row_number() over (order by id) as n from restaurants) r,
           generate_series(1, 10) k
    on conflict do nothing`);
  await db.execute(sql`
    insert into follows (follower_id, following_id)
    select 'plan-' || u, ${person(sql`u + k`)}
      from generate_series(1, ${people}) u, generate_series(1, 20) k`);
}

export async function createRestaurant(db: Executor, overrides: Partial<NewRestaurant> = {}) {
  const n = next();
  return first(
    await db
      .insert(restaurants)
      .values({ name: `Restaurant ${n}`, address: "1 Main St, Springfield", ...overrides })
      .returning(),
    "restaurant",
  );
}

/**
 * A dish review; creates a restaurant when none is given. Backdated with `createdAt` and no
 * `visitedOn`, it was visited the day it was posted (UTC), as the migration dated old reviews.
 */
export async function createReview(db: Executor, values: { userId: string } & Values<NewReview>) {
  const restaurantId = values.restaurantId ?? (await createRestaurant(db)).id;
  return first(
    await db
      .insert(reviews)
      .values({
        reviewType: "dish",
        title: `Dish ${next()}`,
        description: "Tasty",
        rating: 4,
        cost: 12.5,
        ...(values.createdAt instanceof Date
          ? { visitedOn: values.createdAt.toISOString().slice(0, 10) }
          : {}),
        ...values,
        restaurantId,
      })
      .returning(),
    "review",
  );
}

export async function createPost(db: Executor, values: { userId: string } & Values<NewPost>) {
  return first(
    await db
      .insert(posts)
      .values({ title: `Post ${next()}`, content: "Hello", ...values })
      .returning(),
    "post",
  );
}

/** A deal that runs for another day unless `values` say otherwise. */
export async function createDeal(
  db: Executor,
  values: { userId: string; restaurantId: string } & Values<NewDeal>,
) {
  return first(
    await db
      .insert(deals)
      .values({
        title: `Deal ${next()}`,
        timeZone: "UTC",
        endsAt: new Date(Date.now() + 86_400_000),
        ...values,
      })
      .returning(),
    "deal",
  );
}

export async function createReviewImage(
  db: Executor,
  values: { reviewId: string } & Values<NewReviewImage>,
) {
  return first(
    await db
      .insert(reviewImages)
      .values({ imageUrl: `/uploads/test/${next()}.webp`, width: 800, height: 600, ...values })
      .returning(),
    "review image",
  );
}

export async function createPostImage(
  db: Executor,
  values: { postId: string } & Values<NewPostImage>,
) {
  return first(
    await db
      .insert(postImages)
      .values({ imageUrl: `/uploads/test/${next()}.webp`, width: 800, height: 600, ...values })
      .returning(),
    "post image",
  );
}

export async function createFollow(db: Executor, followerId: string, followingId: string) {
  await db.insert(follows).values({ followerId, followingId }).onConflictDoNothing();
}

/** A like of an item, counted in its like_count as the likes service keeps it. */
export async function createLike(db: Executor, kind: ItemKind, itemId: string, userId: string) {
  const { items: item, likes, likeItemId } = itemTables[kind];
  await db.execute(sql`
    insert into ${likes} (user_id, ${sql.identifier(likeItemId.name)}) values (${userId}, ${itemId})`);
  await db
    .update(item)
    .set({ likeCount: sql`${item.likeCount} + 1` })
    .where(sql`${item.id} = ${itemId}`);
}

/** A notification as the services write it (unread unless told). */
export async function createNotification(
  db: Executor,
  values: Pick<NewNotification, "type" | "userId" | "actorId"> & Values<NewNotification>,
) {
  return first(await db.insert(notifications).values(values).returning(), "notification");
}

/** Gives a person a role (they keep one row in user_roles). */
export async function setRole(db: Executor, userId: string, role: Role) {
  await db
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
}

/**
 * A comment on a review, a post or a deal (its id), visible unless told; a visible one counts in
 * its item's comment_count, as the comments service keeps it.
 */
export async function createComment(
  db: Executor,
  values: { userId: string; content?: string; isHidden?: boolean } & (
    | { reviewId: string }
    | { postId: string }
    | { dealId: string }
  ),
) {
  const { userId, content = `Comment ${next()}`, isHidden = false } = values;
  const [kind, itemId]: [ItemKind, string] =
    "reviewId" in values
      ? ["review", values.reviewId]
      : "postId" in values
        ? ["post", values.postId]
        : ["deal", values.dealId];
  const { items, comments: table, commentItemId } = itemTables[kind];
  const result = await db.execute<{ id: string }>(sql`
    insert into ${table} (${sql.identifier(commentItemId.name)}, user_id, content, is_hidden)
    values (${itemId}, ${userId}, ${content}, ${isHidden})
    returning id`);
  const comment = first(result.rows, "comment");
  if (!isHidden) {
    await db
      .update(items)
      .set({ commentCount: sql`${items.commentCount} + 1` })
      .where(sql`${items.id} = ${itemId}`);
  }
  return comment;
}

/** A report as filed, pending unless told otherwise (a handled one needs reviewedAt). */
export async function createReportRow(
  db: Executor,
  values: Pick<NewUserReport, "reporterId" | "reportedType" | "reportedId"> & Values<NewUserReport>,
) {
  return first(
    await db
      .insert(userReports)
      .values({ reason: "spam", ...values })
      .returning(),
    "report",
  );
}
