import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ItemSort } from "#domain/item-lists.ts";
import type { ProfileTab } from "#domain/profile.ts";
import { encodeCursor } from "#server/modules/shared/keyset.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpWithProfile } from "#server/test/auth-helpers.ts";
import {
  createFollow,
  createPlanUsers,
  createPost,
  createRestaurant,
  createReview,
  createUser,
} from "#server/test/factories.ts";
import {
  at,
  createTiedReviews,
  crossedCursors,
  expectDishSearch,
  expectEverySortPaged,
  expectPostsSortedByDateOnly,
  expectRefused,
  explainPlan,
  getAllItems,
  getItemPage,
  type ListedItem as Item,
} from "#server/test/item-lists.ts";
import { request } from "#server/test/request.ts";
import { profileItemsSql, profilePageSql } from "./profiles.queries.ts";

const testApp = useTestApp();

async function profilePage(handle: string, cookie?: string) {
  return request(testApp.app, "GET", `/api/profiles/${encodeURIComponent(handle)}`, { cookie });
}

const tab = (profileId: string, query: string, cookie?: string) =>
  getItemPage(testApp.app, `/api/profiles/${profileId}/items?${query}`, cookie);

/** Every page of a tab, following nextCursor. */
const allItems = (profileId: string, query: string, limit: number) =>
  getAllItems(testApp.app, `/api/profiles/${profileId}/items?${query}`, limit);

describe("GET /api/profiles/:handle", () => {
  it("finds a profile by username, @username, slug or id, in any case", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db, {
      username: "ann_lee",
      slug: "ann-lee-2",
      fullName: "Ann Lee",
      bio: "Ramen hunter",
      location: "New York",
    });
    for (const handle of ["ann_lee", "@ann_lee", "ANN_Lee", "@Ann_Lee", "ann-lee-2", ann.id]) {
      const response = await profilePage(handle);
      expect(response.statusCode, handle).toBe(200);
      expect(response.json().profile, handle).toEqual({
        id: ann.id,
        username: "ann_lee",
        slug: "ann-lee-2",
        fullName: "Ann Lee",
        firstName: null,
        lastName: null,
        bio: "Ramen hunter",
        avatarUrl: null,
        location: "New York",
        isPrivate: false,
      });
    }
  });

  it("prefers the username when another profile's slug is the same text", async () => {
    await testApp.start();
    const bob = await createUser(testApp.db, { username: "bob", slug: "bob" });
    await createUser(testApp.db, { username: "carol", slug: "carol" });
    // Carol's slug equals Bob's username only in imported data, but the address must stay Bob's.
    await testApp.db.execute(sql`update profiles set slug = 'bob-2' where id = ${bob.id}`);
    await testApp.db.execute(sql`update profiles set slug = 'bob' where username = 'carol'`);
    expect((await profilePage("bob")).json().profile.username).toBe("bob");
    expect((await profilePage("bob-2")).json().profile.username).toBe("bob");
  });

  it("answers unknown handles with 404 'User not found'", async () => {
    await testApp.start();
    await createUser(testApp.db, { username: "ann_lee" });
    for (const handle of ["nobody", "@nobody", "@", "ann", crypto.randomUUID()]) {
      const response = await profilePage(handle);
      expect(response.statusCode, handle).toBe(404);
      expect(response.json()).toEqual({ error: { code: "NOT_FOUND", message: "User not found" } });
    }
  });

  it("refuses a NUL byte in a profile address with 400, on every profile route", async () => {
    const { app } = await testApp.start();
    await expectRefused(
      app,
      [
        "/api/profiles/%00",
        "/api/profiles/a%00b/items?tab=posts",
        "/api/profiles/a%00b/followers",
        "/api/profiles/a%00b/following",
      ],
      "VALIDATION_ERROR",
    );
  });

  it("counts visible reviews by type, posts and follows", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db, { username: "ann_lee" });
    const fans = [await createUser(testApp.db), await createUser(testApp.db)];
    for (let index = 0; index < 3; index++) await createReview(testApp.db, { userId: ann.id });
    await createReview(testApp.db, { userId: ann.id, isHidden: true });
    await createReview(testApp.db, { userId: ann.id, reviewType: "restaurant" });
    await createReview(testApp.db, { userId: ann.id, reviewType: "restaurant", isHidden: true });
    await createPost(testApp.db, { userId: ann.id });
    await createPost(testApp.db, { userId: ann.id });
    await createPost(testApp.db, { userId: ann.id, isHidden: true });
    await createReview(testApp.db, { userId: fans[0]?.id ?? "" });
    await testApp.db.execute(
      sql`update profiles set follower_count = 2, following_count = 1 where id = ${ann.id}`,
    );

    const body = (await profilePage("ann_lee")).json();
    expect(body.counts).toEqual({
      reviews: 4,
      dishReviews: 3,
      restaurantReviews: 1,
      posts: 2,
      deals: 0,
      followers: 2,
      following: 1,
    });
    expect(body).toMatchObject({ followedByMe: null, isOwn: false });
  });

  it("counts the owner's hidden items for the owner alone, as their own tabs list them", async () => {
    const { app } = await testApp.start();
    const ann = await signUpWithProfile(app, { username: "ann_lee" });
    const other = await signUpWithProfile(app, { username: "other" });
    await createReview(testApp.db, { userId: ann.userId });
    await createReview(testApp.db, { userId: ann.userId, isHidden: true });
    await createReview(testApp.db, {
      userId: ann.userId,
      reviewType: "restaurant",
      isHidden: true,
    });
    await createPost(testApp.db, { userId: ann.userId });
    await createPost(testApp.db, { userId: ann.userId, isHidden: true });

    const listed = async (cookie: string) => ({
      dishReviews: (await tab(ann.userId, "tab=dishes", cookie)).items.length,
      restaurantReviews: (await tab(ann.userId, "tab=restaurants", cookie)).items.length,
      posts: (await tab(ann.userId, "tab=posts", cookie)).items.length,
    });
    const counted = async (cookie: string) => {
      const { counts } = (await profilePage("ann_lee", cookie)).json();
      return {
        dishReviews: counts.dishReviews,
        restaurantReviews: counts.restaurantReviews,
        posts: counts.posts,
      };
    };
    expect(await counted(ann.cookie)).toEqual({ dishReviews: 2, restaurantReviews: 1, posts: 2 });
    expect(await listed(ann.cookie)).toEqual(await counted(ann.cookie));
    expect((await profilePage("ann_lee", ann.cookie)).json().counts.reviews).toBe(3);
    expect(await counted(other.cookie)).toEqual({ dishReviews: 1, restaurantReviews: 0, posts: 1 });
    expect(await listed(other.cookie)).toEqual(await counted(other.cookie));
  });

  it("tells a signed-in viewer whether they follow the person, and whether it is their own", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "viewer" });
    const followed = await createUser(testApp.db, { username: "followed" });
    await createUser(testApp.db, { username: "stranger" });
    await createFollow(testApp.db, me.userId, followed.id);
    expect((await profilePage("followed", me.cookie)).json()).toMatchObject({
      followedByMe: true,
      isOwn: false,
    });
    expect((await profilePage("stranger", me.cookie)).json()).toMatchObject({
      followedByMe: false,
      isOwn: false,
    });
    expect((await profilePage("@viewer", me.cookie)).json()).toMatchObject({
      followedByMe: null,
      isOwn: true,
    });
  });
});

describe("GET /api/profiles/:id/items", () => {
  it("lists one tab's visible items as the feed shows them, with the viewer's likes", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "viewer" });
    const ann = await createUser(testApp.db, { username: "ann_lee", fullName: "Ann Lee" });
    const place = await createRestaurant(testApp.db, { name: "Ichiran", priceLevel: 2 });
    const dish = await createReview(testApp.db, {
      userId: ann.id,
      restaurantId: place.id,
      title: "Spicy Ramen",
      rating: 5,
      cost: 14.5,
    });
    const liked = await createReview(testApp.db, { userId: ann.id, restaurantId: place.id });
    await createReview(testApp.db, { userId: ann.id, isHidden: true });
    const restaurantReview = await createReview(testApp.db, {
      userId: ann.id,
      reviewType: "restaurant",
      restaurantId: place.id,
      title: "Ichiran",
    });
    const post = await createPost(testApp.db, { userId: ann.id, title: "Brunch", content: "Eggs" });
    await createPost(testApp.db, { userId: ann.id, isHidden: true });
    await createReview(testApp.db, { userId: me.userId });
    await testApp.db.execute(
      sql`insert into likes (user_id, review_id) values (${me.userId}, ${liked.id})`,
    );

    const dishes = await tab(ann.id, "tab=dishes", me.cookie);
    expect(dishes.items.map((item) => item.id).sort()).toEqual([dish.id, liked.id].sort());
    expect(dishes.nextCursor).toBeNull();
    const feedItem = (
      await request(app, "GET", `/api/reviews/${dish.id}`, { cookie: me.cookie })
    ).json();
    expect(dishes.items.find((item) => item.id === dish.id)).toEqual(feedItem);
    expect(dishes.items.find((item) => item.id === liked.id)).toMatchObject({
      likedByMe: true,
      isOwner: false,
    });

    expect((await tab(ann.id, "tab=restaurants")).items.map((item) => item.id)).toEqual([
      restaurantReview.id,
    ]);
    const posts = await tab(ann.id, "tab=posts");
    expect(posts.items).toHaveLength(1);
    expect(posts.items[0]).toMatchObject({
      id: post.id,
      itemType: "post",
      content: "Eggs",
      likedByMe: null,
    });

    const mine = await tab(me.userId, "tab=dishes", me.cookie);
    expect(mine.items[0]).toMatchObject({ isOwner: true, likedByMe: false });
  });

  it("answers 404 for an unknown profile and 400 for a bad tab, sort or limit", async () => {
    const { app } = await testApp.start();
    const ann = await createUser(testApp.db);
    const unknown = await request(app, "GET", "/api/profiles/nobody/items?tab=posts");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("User not found");
    await expectRefused(
      app,
      [
        "",
        "tab=photos",
        "tab=dishes&sort=newest",
        "tab=dishes&limit=51",
        "tab=dishes&limit=0",
        `tab=dishes&q=${"x".repeat(101)}`,
        "tab=dishes&q=%00",
      ].map((query) => `/api/profiles/${ann.id}/items?${query}`),
      "VALIDATION_ERROR",
    );
  });

  it("sorts posts by date only", async () => {
    const { app } = await testApp.start();
    const ann = await createUser(testApp.db);
    const older = await createPost(testApp.db, { userId: ann.id, createdAt: at("2024-01-01") });
    const newer = await createPost(testApp.db, { userId: ann.id, createdAt: at("2024-02-01") });
    await expectPostsSortedByDateOnly(app, `/api/profiles/${ann.id}/items`, older, newer);
  });

  /**
   * Eleven dish reviews with many ties: ratings 1-3, costs from a set with repeats and nulls,
   * several sharing one timestamp, so only (value, created_at, id) orders them strictly.
   */
  async function tiedDishes(userId: string) {
    const place = await createRestaurant(testApp.db);
    return { rows: await createTiedReviews(testApp.db, [userId], place.id) };
  }

  it("pages every sort through ties without repeats or skips", async () => {
    const { app } = await testApp.start();
    const ann = await createUser(testApp.db);
    const rows = (await tiedDishes(ann.id)).rows;
    await expectEverySortPaged(app, `/api/profiles/${ann.id}/items`, "dishes", rows);
  });

  it("orders restaurant reviews by the restaurant's price level, else the review's own price", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    const titled = async (title: string, priceLevel: number | null, cost: number | null) =>
      createReview(testApp.db, {
        userId: ann.id,
        reviewType: "restaurant",
        title,
        cost,
        restaurantId: (await createRestaurant(testApp.db, { priceLevel })).id,
      });
    await titled("Luxe", 4, 1);
    await titled("Cheap", 1, 4);
    await titled("Own tier", null, 3);
    await titled("Unknown", null, null);
    await titled("Middle", 2, null);
    const titles = (items: Item[]) => items.map((item) => item.title);
    expect(titles(await allItems(ann.id, "tab=restaurants&sort=price-desc", 2))).toEqual([
      "Luxe",
      "Own tier",
      "Middle",
      "Cheap",
      "Unknown",
    ]);
    expect(titles(await allItems(ann.id, "tab=restaurants&sort=price-asc", 2))).toEqual([
      "Cheap",
      "Middle",
      "Own tier",
      "Luxe",
      "Unknown",
    ]);
  });

  it("refuses a cursor made for another sort or with a broken value", async () => {
    const { app } = await testApp.start();
    const ann = await createUser(testApp.db);
    await tiedDishes(ann.id);
    const position = { createdAt: "2024-03-01T00:00:00.000001Z", id: crypto.randomUUID() };
    const cases: Array<[ItemSort, string]> = [
      ...(await crossedCursors(app, `/api/profiles/${ann.id}/items`)),
      ["rating-desc", encodeCursor({ ...position, kind: "rating-desc", key: null })],
      ["rating-desc", encodeCursor({ ...position, kind: "rating-desc", key: 2.5 })],
      ["price-desc", encodeCursor({ ...position, kind: "price-desc" })],
      [
        "price-desc",
        Buffer.from(JSON.stringify([position.createdAt, position.id, "price-desc", "5"])).toString(
          "base64url",
        ),
      ],
    ];
    await expectRefused(
      app,
      cases.map(
        ([sort, cursor]) =>
          `/api/profiles/${ann.id}/items?tab=dishes&sort=${sort}&cursor=${encodeURIComponent(cursor)}`,
      ),
      "INVALID_CURSOR",
    );
    const priceWithoutValue = encodeCursor({ ...position, kind: "price-desc", key: null });
    const ok = await request(
      app,
      "GET",
      `/api/profiles/${ann.id}/items?tab=dishes&sort=price-desc&cursor=${priceWithoutValue}`,
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("searches titles and texts of the tab, with % and _ taken literally", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    const other = await createUser(testApp.db);
    const ramen = await createReview(testApp.db, { userId: ann.id, title: "Spicy Ramen" });
    const described = await createReview(testApp.db, {
      userId: ann.id,
      title: "Noodles",
      description: "Best RAMEN broth",
    });
    await createReview(testApp.db, { userId: ann.id, title: "Sushi", description: "Fresh" });
    await createReview(testApp.db, { userId: other.id, title: "Ramen elsewhere" });
    await createReview(testApp.db, { userId: ann.id, title: "Hidden ramen", isHidden: true });
    const discount = await createReview(testApp.db, { userId: ann.id, title: "50% off_day" });
    const post = await createPost(testApp.db, {
      userId: ann.id,
      title: "Brunch",
      content: "ramen?",
    });
    await createPost(testApp.db, { userId: ann.id, title: "Tea", content: "Green" });

    const ids = async (query: string) =>
      (await tab(ann.id, query)).items.map((item) => item.id).sort();
    await expectDishSearch(ids, { ramen: [ramen.id, described.id], discount: discount.id });
    expect(await ids("tab=dishes&q=ramen&sort=rating-desc")).toEqual(
      [ramen.id, described.id].sort(),
    );
    expect(await ids("tab=posts&q=RAMEN")).toEqual([post.id]);
    expect(await ids("tab=restaurants&q=ramen")).toEqual([]);
  });
});

/**
 * The indexes that hold one person's visible reviews: the profile's, by type, and the Following
 * feed's, of every type, which the planner may rightly take for a person with few reviews.
 */
const ONE_PERSONS_REVIEWS = /reviews_(profile(_rating)?|author_feed)_idx/;

describe("profile query plans", () => {
  const explain = (query: ReturnType<typeof sql>) => explainPlan(testApp.db, query);

  it("reads one person's rows through the profile indexes for every tab, sort and the counts", async () => {
    await testApp.start();
    const place = await createRestaurant(testApp.db, { priceLevel: 2 });
    await createPlanUsers(testApp.db, 100);
    await testApp.db.execute(sql`
      insert into reviews (user_id, restaurant_id, review_type, title, description, rating, cost,
                           is_hidden, created_at)
      select 'plan-' || (1 + g % 100), ${place.id},
             case when g % 3 = 0 then 'restaurant' else 'dish' end, 'Dish ' || g, 'Text ' || g,
             1 + g % 5, case when g % 7 = 0 then null else g % 40 end, g % 50 = 0,
             now() - g * interval '1 minute'
      from generate_series(1, 4000) as g`);
    await testApp.db.execute(sql`
      insert into posts (user_id, title, content, is_hidden, created_at)
      select 'plan-' || (1 + g % 100), 'Post ' || g, 'Text ' || g, g % 40 = 0,
             now() - g * interval '1 minute'
      from generate_series(1, 4000) as g`);
    // Deals, some ended and some reported gone, which the profile still lists.
    await testApp.db.execute(sql`
      insert into deals (user_id, restaurant_id, title, details, time_zone, ends_at, is_hidden,
                         gone_count, created_at)
      select 'plan-' || (1 + g % 100), ${place.id}, 'Deal ' || g, 'Text ' || g, 'UTC',
             now() + (g % 5 - 1) * interval '1 day', g % 40 = 0, g % 9,
             now() - g * interval '1 minute'
      from generate_series(1, 4000) as g`);
    await testApp.db.execute(sql`analyze`);

    const counts = await explain(profilePageSql({ id: "plan_7", name: "plan_7" }, "plan-1"));
    expect(counts).not.toMatch(/Seq Scan on (reviews|posts|deals)/);
    expect(counts).toMatch(ONE_PERSONS_REVIEWS);
    expect(counts).toMatch(/posts_profile_idx/);
    expect(counts).toMatch(/deals_user_created_idx/);

    // A cursor among the rows, as a later page has: one past them all lets the planner walk any
    // index by date, since it then holds nothing.
    const after = {
      createdAt: new Date(Date.now() - 1_000 * 60_000).toISOString(),
      id: crypto.randomUUID(),
      key: 3,
    };
    const sorts: Record<ProfileTab, ItemSort[]> = {
      posts: ["recent", "old"],
      dishes: ["recent", "old", "rating-desc", "rating-asc", "price-desc", "price-asc"],
      restaurants: ["recent", "old", "rating-desc", "rating-asc", "price-desc", "price-asc"],
      deals: ["recent", "old"],
    };
    for (const [tabName, tabSorts] of Object.entries(sorts) as [ProfileTab, ItemSort[]][]) {
      for (const sort of tabSorts) {
        const sortKey = sort.startsWith("rating")
          ? "rating"
          : sort.startsWith("price")
            ? "price"
            : "date";
        const direction = sort === "old" || sort.endsWith("asc") ? "asc" : "desc";
        for (const [cursor, q] of [
          [undefined, undefined],
          [{ ...after, kind: sort }, undefined],
          [undefined, "dish 1"],
        ] as const) {
          const plan = await explain(
            profileItemsSql({
              userId: "plan-7",
              tab: tabName,
              sortKey,
              direction,
              q,
              after: cursor,
              limit: 21,
              viewerId: "plan-1",
            }),
          );
          expect(plan, `${tabName} ${sort}`).not.toMatch(/Seq Scan on (reviews|posts|deals)/);
          expect(plan, `${tabName} ${sort}`).toMatch(
            tabName === "posts"
              ? /posts_profile_idx/
              : tabName === "deals"
                ? /deals_user_created_idx/
                : ONE_PERSONS_REVIEWS,
          );
        }
      }
    }
  });
});
