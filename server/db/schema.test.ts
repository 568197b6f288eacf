import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import {
  isForeignKeyViolation,
  PG_CHECK_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgConstraint,
  pgErrorCode,
} from "#server/db/errors.ts";
import { user } from "#server/db/schema/auth.ts";
import { userReports } from "#server/db/schema/moderation.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import { posts } from "#server/db/schema/posts.ts";
import { profiles, userRoles } from "#server/db/schema/profiles.ts";
import { restaurants } from "#server/db/schema/restaurants.ts";
import { reviewImages, reviews } from "#server/db/schema/reviews.ts";
import { comments, follows, likes } from "#server/db/schema/social.ts";
import { appTableNames, getTestDatabase, resetDatabase } from "#server/test/database.ts";

let handle: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  handle = await getTestDatabase();
  db = handle.db;
}, 60_000);

beforeEach(async () => {
  await resetDatabase(db);
});

/** Migrations in server/db/migrations/meta/_journal.json. */
const migrationCount = (
  JSON.parse(readFileSync(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

async function expectPgError(query: PromiseLike<unknown>, code: string, constraint?: string) {
  let caught: unknown;
  try {
    await query;
  } catch (error) {
    caught = error;
  }
  expect(caught, "query should have failed").toBeDefined();
  expect(pgErrorCode(caught)).toBe(code);
  if (constraint) expect(pgConstraint(caught)).toBe(constraint);
}

let sequence = 0;
/** A profile and the auth user it belongs to (profiles.id references user.id). */
async function createProfile(overrides: Partial<typeof profiles.$inferInsert> = {}) {
  sequence += 1;
  const username = overrides.username ?? `user_${sequence}`;
  const id = overrides.id ?? `id${sequence}`;
  await db
    .insert(user)
    .values({ id, name: "", email: `${id}@example.com` })
    .onConflictDoNothing();
  const [row] = await db
    .insert(profiles)
    .values({ id, username, slug: username, ...overrides })
    .returning();
  if (!row) throw new Error("no profile");
  return row;
}

async function createRestaurant(overrides: Partial<typeof restaurants.$inferInsert> = {}) {
  const [row] = await db
    .insert(restaurants)
    .values({ name: "Noodle Bar", ...overrides })
    .returning();
  if (!row) throw new Error("no restaurant");
  return row;
}

async function createReview(
  userId: string,
  restaurantId: string,
  overrides: Partial<typeof reviews.$inferInsert> = {},
) {
  const [row] = await db
    .insert(reviews)
    .values({
      userId,
      restaurantId,
      reviewType: "dish",
      title: "Spicy Ramen",
      rating: 4,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("no review");
  return row;
}

async function explain(query: ReturnType<typeof sql>): Promise<string> {
  const result = await db.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`);
  return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
}

describe("migrations", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("opening the same PGlite data dir twice re-applies nothing", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "tasted-migrate-"));
    dirs.push(dataDir);
    const first = await openDatabase({ dataDir: join(dataDir, "nested", "dir") });
    await first.db.insert(user).values({ id: "keep", name: "", email: "keep@example.com" });
    await first.db.insert(profiles).values({ id: "keep", username: "keeper", slug: "keeper" });
    await first.close();

    const second = await openDatabase({ dataDir: join(dataDir, "nested", "dir") });
    try {
      const applied = await second.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied.rows[0]?.n).toBe(migrationCount);
      const kept = await second.db.select().from(profiles);
      expect(kept.map((p) => p.username)).toEqual(["keeper"]);
      await second.ping();
    } finally {
      await second.close();
      await second.close(); // close is idempotent
    }
    // Creating a PGlite database and running every migration: 5 s on a quiet machine, past 60 s
    // at a load average above 20 (it timed out there).
  }, 180_000);

  it.runIf(process.env.TEST_DB === "postgres")(
    "concurrent opens of one PostgreSQL database migrate once",
    async () => {
      const current = await db.execute<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.pathname = `/${current.rows[0]?.name}`;
      const opened = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), dataDir: "unused" })),
      );
      await Promise.all(opened.map((h) => h.close()));
      const applied = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied.rows[0]?.n).toBe(migrationCount);
    },
    60_000,
  );

  it("the search extension is installed", async () => {
    const result = await db.execute<{ extname: string }>(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(result.rows).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DB === "postgres")(
    "PostgreSQL sessions run without JIT compilation",
    async () => {
      const result = await db.execute<{ jit: string }>(sql`show jit`);
      expect(result.rows[0]?.jit).toBe("off");
    },
  );

  it("resetDatabase covers every table", () => {
    expect([...appTableNames].sort()).toEqual(
      [
        "account",
        "action_limits",
        "image_uploads",
        "avatar_uploads",
        "jwks",
        "rate_limit",
        "session",
        "sign_in_failures",
        "two_factor",
        "user",
        "verification",
        "comments",
        "comment_mentions",
        "post_comment_mentions",
        "review_mentions",
        "post_mentions",
        "follows",
        "follow_requests",
        "likes",
        "moderation_actions",
        "notifications",
        "post_comments",
        "post_images",
        "post_likes",
        "posts",
        "deals",
        "deal_images",
        "deal_likes",
        "deal_votes",
        "deal_comments",
        "deal_comment_mentions",
        "profiles",
        "restaurants",
        "restaurant_follows",
        "review_images",
        "reviews",
        "user_reports",
        "user_roles",
        "want_to_try",
        "for_you_dismissals",
        "for_you_picks",
        "for_you_states",
        "imports",
        "item_submissions",
        "import_items",
        "lists",
        "list_entries",
        "list_follows",
        "user_blocks",
        "user_mutes",
        "data_exports",
        "account_deletions",
        "notification_settings",
        "push_subscriptions",
      ].sort(),
    );
  });
});

describe("checks", () => {
  it("rejects ratings outside 1-5", async () => {
    const user = await createProfile();
    const restaurant = await createRestaurant();
    await expectPgError(
      createReview(user.id, restaurant.id, { rating: 0 }),
      PG_CHECK_VIOLATION,
      "reviews_rating_range",
    );
    await expectPgError(
      createReview(user.id, restaurant.id, { rating: 6 }),
      PG_CHECK_VIOLATION,
      "reviews_rating_range",
    );
    await createReview(user.id, restaurant.id, { rating: 1 });
    await createReview(user.id, restaurant.id, { rating: 5 });
  });

  it("rejects an unknown review type", async () => {
    const user = await createProfile();
    const restaurant = await createRestaurant();
    await expectPgError(
      createReview(user.id, restaurant.id, { reviewType: "x" as "dish" }),
      PG_CHECK_VIOLATION,
      "reviews_review_type_valid",
    );
  });

  it("rejects a price level above 4 and keeps cost and rating numeric", async () => {
    await expectPgError(
      createRestaurant({ priceLevel: 5 }),
      PG_CHECK_VIOLATION,
      "restaurants_price_level_range",
    );
    const restaurant = await createRestaurant({ priceLevel: 4, googleRating: 4.5 });
    expect(restaurant.googleRating).toBe(4.5);
    const user = await createProfile();
    const review = await createReview(user.id, restaurant.id, { cost: 12.5 });
    expect(review.cost).toBe(12.5);
    await expectPgError(
      createReview(user.id, restaurant.id, { cost: -1 }),
      PG_CHECK_VIOLATION,
      "reviews_cost_non_negative",
    );
  });

  it("rejects a negative counter", async () => {
    const user = await createProfile();
    const review = await createReview(user.id, (await createRestaurant()).id);
    expect(review.likeCount).toBe(0);
    await expectPgError(
      db.update(reviews).set({ likeCount: -1 }).where(eq(reviews.id, review.id)),
      PG_CHECK_VIOLATION,
      "reviews_like_count_non_negative",
    );
    await expectPgError(
      db.update(profiles).set({ followerCount: -1 }).where(eq(profiles.id, user.id)),
      PG_CHECK_VIOLATION,
      "profiles_follower_count_non_negative",
    );
  });

  it("accepts only the known roles, one per user", async () => {
    const user = await createProfile();
    await db.insert(userRoles).values({ userId: user.id, role: "admin" });
    await expectPgError(
      db.insert(userRoles).values({ userId: user.id, role: "moderator" }),
      PG_UNIQUE_VIOLATION,
    );
    const other = await createProfile();
    await expectPgError(
      db.insert(userRoles).values({ userId: other.id, role: "root" as "admin" }),
      PG_CHECK_VIOLATION,
      "user_roles_role_valid",
    );
  });

  it("keeps notifications to known types and one target", async () => {
    const recipient = await createProfile();
    const actor = await createProfile();
    await expectPgError(
      db
        .insert(notifications)
        .values({ type: "poke" as "new_like", userId: recipient.id, actorId: actor.id }),
      PG_CHECK_VIOLATION,
      "notifications_type_valid",
    );
    const [row] = await db
      .insert(notifications)
      .values({ type: "new_follower", userId: recipient.id, actorId: actor.id })
      .returning();
    expect(row?.isRead).toBe(false);
  });

  it("starts reports pending and requires reviewed_at once acted on", async () => {
    const reporter = await createProfile();
    const [report] = await db
      .insert(userReports)
      .values({ reporterId: reporter.id, reportedType: "user", reportedId: "x", reason: "spam" })
      .returning();
    expect(report?.status).toBe("pending");
    await expectPgError(
      db.update(userReports).set({ status: "resolved" }),
      PG_CHECK_VIOLATION,
      "user_reports_reviewed_at_matches_status",
    );
    await db
      .update(userReports)
      .set({ status: "resolved", reviewedBy: reporter.id, reviewedAt: new Date() });
    await expectPgError(
      db.update(userReports).set({ status: "closed" as "resolved" }),
      PG_CHECK_VIOLATION,
      "user_reports_status_valid",
    );
  });
});

describe("uniqueness", () => {
  it("allows one like per user and review", async () => {
    const user = await createProfile();
    const review = await createReview(user.id, (await createRestaurant()).id);
    await db.insert(likes).values({ userId: user.id, reviewId: review.id });
    await expectPgError(
      db.insert(likes).values({ userId: user.id, reviewId: review.id }),
      PG_UNIQUE_VIOLATION,
      "likes_pkey",
    );
  });

  it("rejects self-follows and duplicate follows", async () => {
    const a = await createProfile();
    const b = await createProfile();
    await expectPgError(
      db.insert(follows).values({ followerId: a.id, followingId: a.id }),
      PG_CHECK_VIOLATION,
      "follows_not_self",
    );
    await db.insert(follows).values({ followerId: a.id, followingId: b.id });
    await db.insert(follows).values({ followerId: b.id, followingId: a.id });
    await expectPgError(
      db.insert(follows).values({ followerId: a.id, followingId: b.id }),
      PG_UNIQUE_VIOLATION,
      "follows_follower_following_unique",
    );
  });

  it("requires lowercase usernames of 3-30 letters, digits and underscores", async () => {
    await expectPgError(
      createProfile({ username: "Alice", slug: "alice" }),
      PG_CHECK_VIOLATION,
      "profiles_username_format",
    );
    await expectPgError(createProfile({ username: "al", slug: "al" }), PG_CHECK_VIOLATION);
    await expectPgError(
      createProfile({ username: "a".repeat(31), slug: "a31" }),
      PG_CHECK_VIOLATION,
    );
    await expectPgError(createProfile({ username: "al-ice", slug: "al-ice" }), PG_CHECK_VIOLATION);
    await createProfile({ username: "alice_99", slug: "alice_99" });
    // Temporary usernames given at sign-up: user_ plus up to 25 lowercase characters.
    await createProfile({ username: `user_${"k3x9".repeat(6)}a`, slug: "temp-1" });
    await createProfile({ username: "user_0f1e2d3c", slug: "temp-2" });
  });

  it("rejects duplicate usernames and slugs", async () => {
    await createProfile({ username: "alice", slug: "alice" });
    await expectPgError(
      createProfile({ username: "alice", slug: "alice-2" }),
      PG_UNIQUE_VIOLATION,
      "profiles_username_unique",
    );
    await expectPgError(
      createProfile({ username: "alice2", slug: "alice" }),
      PG_UNIQUE_VIOLATION,
      "profiles_slug_unique",
    );
    await createRestaurant({ slug: "ny-new-york-noodle-bar", googlePlaceId: "place-1" });
    // Several restaurants may lack a slug or a place id.
    await createRestaurant();
    await createRestaurant();
    await expectPgError(
      createRestaurant({ slug: "ny-new-york-noodle-bar" }),
      PG_UNIQUE_VIOLATION,
      "restaurants_slug_unique",
    );
    await expectPgError(
      createRestaurant({ googlePlaceId: "place-1" }),
      PG_UNIQUE_VIOLATION,
      "restaurants_google_place_id_unique",
    );
  });
});

describe("deletes", () => {
  it("deleting the auth user removes the profile and role", async () => {
    const gone = await createProfile();
    await db.insert(userRoles).values({ userId: gone.id, role: "user" });
    await db.delete(user).where(eq(user.id, gone.id));
    expect(await db.select().from(profiles)).toEqual([]);
    expect(await db.select().from(userRoles)).toEqual([]);
    await expectPgError(
      db.insert(profiles).values({ id: "no-such-user", username: "orphan", slug: "orphan" }),
      "23503",
      "profiles_id_user_id_fk",
    );
  });

  it("deleting a profile removes everything it authored", async () => {
    const gone = await createProfile();
    const stays = await createProfile();
    const restaurant = await createRestaurant();
    const goneReview = await createReview(gone.id, restaurant.id);
    const staysReview = await createReview(stays.id, restaurant.id);
    await db.insert(reviewImages).values({ reviewId: goneReview.id, imageUrl: "/a.webp" });
    await db.insert(likes).values([
      { userId: gone.id, reviewId: staysReview.id },
      { userId: stays.id, reviewId: goneReview.id },
    ]);
    await db.insert(comments).values([
      { userId: gone.id, reviewId: staysReview.id, content: "yum" },
      { userId: stays.id, reviewId: goneReview.id, content: "nice" },
    ]);
    await db.insert(follows).values({ followerId: stays.id, followingId: gone.id });
    await db.insert(userRoles).values({ userId: gone.id, role: "user" });
    await db
      .insert(notifications)
      .values({ type: "new_like", userId: stays.id, actorId: gone.id, reviewId: staysReview.id });
    const [report] = await db
      .insert(userReports)
      .values({
        reporterId: gone.id,
        reportedType: "review",
        reportedId: staysReview.id,
        reason: "spam",
      })
      .returning();

    await db.delete(profiles).where(eq(profiles.id, gone.id));

    expect(await db.select({ id: reviews.id }).from(reviews)).toEqual([{ id: staysReview.id }]);
    expect(await db.select().from(reviewImages)).toEqual([]);
    expect(await db.select().from(likes)).toEqual([]);
    expect(await db.select().from(comments)).toEqual([]);
    expect(await db.select().from(follows)).toEqual([]);
    expect(await db.select().from(userRoles)).toEqual([]);
    expect(await db.select().from(notifications)).toEqual([]);
    // The report outlives its reporter.
    const reports = await db.select().from(userReports);
    expect(reports.map((r) => [r.id, r.reporterId])).toEqual([[report?.id, null]]);
  });

  it("a restaurant with reviews cannot be deleted; its posts lose the link", async () => {
    const user = await createProfile();
    const reviewed = await createRestaurant();
    await createReview(user.id, reviewed.id);
    const refused = await db
      .delete(restaurants)
      .where(eq(restaurants.id, reviewed.id))
      .then(() => undefined)
      .catch((error: unknown) => error);
    expect(isForeignKeyViolation(refused, "reviews_restaurant_id_restaurants_id_fk")).toBe(true);
    const mentioned = await createRestaurant({ name: "Cafe" });
    const [post] = await db
      .insert(posts)
      .values({ userId: user.id, restaurantId: mentioned.id, title: "Brunch" })
      .returning();
    await db.delete(restaurants).where(eq(restaurants.id, mentioned.id));
    const [after] = await db
      .select()
      .from(posts)
      .where(eq(posts.id, post?.id ?? ""));
    expect(after?.restaurantId).toBeNull();
  });
});

describe("search", () => {
  it("fills the generated full-text columns", async () => {
    const user = await createProfile({
      username: "noodle_fan",
      slug: "noodle_fan",
      fullName: "Ann Lee",
    });
    const restaurant = await createRestaurant({
      name: "Ichiran",
      address: "132 W 31st St, New York",
    });
    await createReview(user.id, restaurant.id, { title: "Spicy Ramen", description: "Rich broth" });
    await createReview(user.id, restaurant.id, { title: "Gyoza", description: null });
    await db.insert(posts).values({ userId: user.id, title: "Ramen crawl", content: null });

    const found = await db
      .select({ title: reviews.title })
      .from(reviews)
      .where(sql`${reviews.searchVector} @@ to_tsquery('simple', 'ramen')`);
    expect(found).toEqual([{ title: "Spicy Ramen" }]);
    const byDescription = await db
      .select({ title: reviews.title })
      .from(reviews)
      .where(sql`${reviews.searchVector} @@ plainto_tsquery('simple', 'broth')`);
    expect(byDescription).toEqual([{ title: "Spicy Ramen" }]);
    const postHits = await db
      .select({ title: posts.title })
      .from(posts)
      .where(sql`${posts.searchVector} @@ to_tsquery('simple', 'ramen')`);
    expect(postHits).toEqual([{ title: "Ramen crawl" }]);
    const restaurantHits = await db
      .select({ name: restaurants.name })
      .from(restaurants)
      .where(sql`${restaurants.searchVector} @@ to_tsquery('simple', 'york')`);
    expect(restaurantHits).toEqual([{ name: "Ichiran" }]);
    const profileHits = await db
      .select({ username: profiles.username })
      .from(profiles)
      .where(sql`${profiles.searchVector} @@ to_tsquery('simple', 'lee')`);
    expect(profileHits).toEqual([{ username: "noodle_fan" }]);

    // Editing the title regenerates the vector.
    await db.update(reviews).set({ title: "Tonkotsu" }).where(eq(reviews.title, "Spicy Ramen"));
    const afterEdit = await db
      .select({ title: reviews.title })
      .from(reviews)
      .where(sql`${reviews.searchVector} @@ to_tsquery('simple', 'tonkotsu')`);
    expect(afterEdit).toEqual([{ title: "Tonkotsu" }]);
  });

  it("matches typos with trigram similarity", async () => {
    const user = await createProfile();
    const restaurant = await createRestaurant();
    await createReview(user.id, restaurant.id, { title: "Spicy Ramen" });
    await createReview(user.id, restaurant.id, { title: "Caesar Salad" });
    const similar = await db
      .select({ title: reviews.title })
      .from(reviews)
      .where(sql`similarity(${reviews.title}, 'ramn') > 0.2`);
    expect(similar).toEqual([{ title: "Spicy Ramen" }]);
    const fuzzy = await db
      .select({ title: reviews.title })
      .from(reviews)
      .where(sql`word_similarity('ramen', ${reviews.title}) > 0.5`);
    expect(fuzzy).toEqual([{ title: "Spicy Ramen" }]);
  });
});

describe("indexes", () => {
  it("serves the feed and its later pages from an index", async () => {
    const user = await createProfile();
    const restaurant = await createRestaurant();
    await db.execute(sql`
      insert into reviews (user_id, restaurant_id, review_type, title, rating, is_hidden, created_at)
      select ${user.id}, ${restaurant.id}, 'dish', 'Dish ' || g, 1 + g % 5, g % 50 = 0,
             now() - g * interval '1 minute'
      from generate_series(1, 2000) as g`);
    await db.execute(sql`analyze reviews`);

    const firstPage = await explain(
      sql`select id, title from reviews where not is_hidden order by created_at desc, id desc limit 20`,
    );
    expect(firstPage).not.toMatch(/Seq Scan on reviews/);
    expect(firstPage).toMatch(/Index Scan using reviews_feed_idx/);

    const [cursor] = await db
      .select({ createdAt: reviews.createdAt, id: reviews.id })
      .from(reviews)
      .where(sql`not ${reviews.isHidden}`)
      .orderBy(sql`${reviews.createdAt} desc, ${reviews.id} desc`)
      .offset(1000)
      .limit(1);
    const laterPage = await explain(
      sql`select id, title from reviews where not is_hidden
          and (created_at, id) < (${cursor?.createdAt.toISOString()}::timestamptz, ${cursor?.id}::uuid)
          order by created_at desc, id desc limit 20`,
    );
    expect(laterPage).not.toMatch(/Seq Scan on reviews/);
    expect(laterPage).toMatch(/reviews_feed_idx/);

    const profilePage = await explain(
      sql`select id from reviews where user_id = ${user.id} and not is_hidden
          order by created_at desc, id desc limit 20`,
    );
    expect(profilePage).not.toMatch(/Seq Scan on reviews/);
    expect(profilePage).not.toMatch(/Sort/);
  });
});
