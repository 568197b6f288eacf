// Rows for tests, inserted straight through drizzle (not the API), so a module's tests do not
// depend on another module's routes. Every helper has defaults; pass only what a test is about.
import { type SQL, sql } from "drizzle-orm";
import type { Role } from "#domain/profile.ts";
import type { Executor } from "#server/db/client.ts";
import { user } from "#server/db/schema/auth.ts";
import { type NewUserReport, userReports } from "#server/db/schema/moderation.ts";
import { type NewPost, type NewPostImage, postImages, posts } from "#server/db/schema/posts.ts";
import { type NewProfile, profiles, userRoles } from "#server/db/schema/profiles.ts";
import { type NewRestaurant, restaurants } from "#server/db/schema/restaurants.ts";
import {
  type NewReview,
  type NewReviewImage,
  reviewImages,
  reviews,
} from "#server/db/schema/reviews.ts";
import { comments, follows, postComments } from "#server/db/schema/social.ts";

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

/** A dish review; creates a restaurant when none is given. */
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

/** Gives a person a role (they keep one row in user_roles). */
export async function setRole(db: Executor, userId: string, role: Role) {
  await db
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
}

/**
 * A comment on a review or a post (its id), visible unless told; a visible one counts in its
 * item's comment_count, as the comments service keeps it.
 */
export async function createComment(
  db: Executor,
  values: { userId: string; content?: string; isHidden?: boolean } & (
    | { reviewId: string }
    | { postId: string }
  ),
) {
  const { userId, content = `Comment ${next()}`, isHidden = false } = values;
  const onReview = "reviewId" in values;
  const comment = first(
    onReview
      ? await db
          .insert(comments)
          .values({ reviewId: values.reviewId, userId, content, isHidden })
          .returning({ id: comments.id })
      : await db
          .insert(postComments)
          .values({ postId: values.postId, userId, content, isHidden })
          .returning({ id: postComments.id }),
    "comment",
  );
  if (!isHidden) {
    const item = onReview ? reviews : posts;
    await db
      .update(item)
      .set({ commentCount: sql`${item.commentCount} + 1` })
      .where(sql`${item.id} = ${onReview ? values.reviewId : values.postId}`);
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
