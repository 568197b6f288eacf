import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { HideableType } from "#domain/moderation.ts";
import { reportMessages } from "#domain/moderation-rules.ts";
import { moderationActions } from "#server/db/schema/moderation.ts";
import type { ItemSortKey } from "#server/modules/items/item-list.queries.ts";
import { profileItemsSql } from "#server/modules/profiles/profiles.queries.ts";
import { useTestApp } from "#server/test/app.ts";
import { type SignedIn, signUpWithProfile } from "#server/test/auth-helpers.ts";
import { busSettled, recordBusEvents } from "#server/test/event-stream.ts";
import {
  createComment,
  createFollow,
  createPlanUsers,
  createPost,
  createRestaurant,
  createReview,
  createUser,
} from "#server/test/factories.ts";
import { explainPlan } from "#server/test/item-lists.ts";
import { signUpStaff } from "#server/test/moderation.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

function setHidden(cookie: string, type: string, id: string, hidden: boolean) {
  return request(testApp.app, "PUT", `/api/admin/content/${type}/${id}/hidden`, {
    cookie,
    body: { hidden },
  });
}

async function get(path: string, cookie?: string) {
  const response = await request(testApp.app, "GET", path, { cookie });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json();
}

const ids = (list: { items: { id: string }[] }) => list.items.map((item) => item.id);

async function actionCount() {
  return (await testApp.db.select().from(moderationActions)).length;
}

interface Scene {
  author: SignedIn;
  fan: SignedIn;
  moderator: SignedIn;
  restaurantId: string;
  reviewId: string;
  postId: string;
}

/**
 * @cook's dish review and post at one restaurant, where someone else reviewed a dish too; @fan
 * follows @cook.
 */
async function scene(): Promise<Scene> {
  const { app } = await testApp.start();
  const { moderator } = await signUpStaff(app);
  const author = await signUpWithProfile(app, { username: "cook" });
  const fan = await signUpWithProfile(app, { username: "fan" });
  await createFollow(testApp.db, fan.userId, author.userId);
  const place = await createRestaurant(testApp.db);
  const other = await createUser(testApp.db);
  await createReview(testApp.db, {
    userId: other.id,
    restaurantId: place.id,
    title: "Plain rice",
    rating: 2,
  });
  const review = await createReview(testApp.db, {
    userId: author.userId,
    restaurantId: place.id,
    title: "Saffron risotto",
    rating: 5,
  });
  const post = await createPost(testApp.db, {
    userId: author.userId,
    restaurantId: place.id,
    title: "Truffle season",
    content: "Truffles everywhere",
  });
  return {
    author,
    fan,
    moderator,
    restaurantId: place.id,
    reviewId: review.id,
    postId: post.id,
  };
}

/** Everything others (a visitor and @fan) see of @cook's items, in every list and count. */
async function seenByOthers(s: Scene) {
  const fan = s.fan.cookie;
  const status = async (path: string, cookie?: string) =>
    (await request(testApp.app, "GET", path, { cookie })).statusCode;
  const restaurant = await get(`/api/restaurants/${s.restaurantId}`);
  return {
    feed: ids(await get("/api/feed")),
    feedSignedIn: ids(await get("/api/feed", fan)),
    feedFollowing: ids(await get("/api/feed?scope=following", fan)),
    profileDishes: ids(await get(`/api/profiles/${s.author.userId}/items?tab=dishes`, fan)),
    profilePosts: ids(await get(`/api/profiles/${s.author.userId}/items?tab=posts`)),
    profileCounts: (await get("/api/profiles/cook", fan)).counts,
    restaurantDishes: ids(await get(`/api/restaurants/${s.restaurantId}/items?tab=dishes`)),
    restaurantPosts: ids(await get(`/api/restaurants/${s.restaurantId}/items?tab=posts`, fan)),
    restaurantStats: restaurant.stats,
    followedReviews: ids(await get(`/api/restaurants/${s.restaurantId}/followed-reviews`, fan)),
    searchDishes: ids(await get("/api/search/dishes?q=risotto")),
    searchPosts: ids(await get("/api/search/posts?q=truffle", fan)),
    review: [
      await status(`/api/reviews/${s.reviewId}`),
      await status(`/api/reviews/${s.reviewId}`, fan),
    ],
    post: [await status(`/api/posts/${s.postId}`), await status(`/api/posts/${s.postId}`, fan)],
    reviewComments: await status(`/api/reviews/${s.reviewId}/comments`),
    postComments: await status(`/api/posts/${s.postId}/comments`, fan),
  };
}

describe("hiding reviews and posts", () => {
  it("takes them out of every list and count for others, and puts them back when shown", async () => {
    const s = await scene();
    const before = await seenByOthers(s);
    // Visible first, so the assertions below are about hiding.
    expect(before.feedFollowing).toEqual([s.postId, s.reviewId]);
    expect(before.searchDishes).toEqual([s.reviewId]);
    expect(before.searchPosts).toEqual([s.postId]);
    expect(before.profileCounts).toMatchObject({ reviews: 1, dishReviews: 1, posts: 1 });
    expect(before.restaurantStats).toMatchObject({
      dishRating: { average: 3.5, count: 2 },
      postCount: 1,
    });
    expect(before.review).toEqual([200, 200]);

    for (const [type, id] of [
      ["review", s.reviewId],
      ["post", s.postId],
    ]) {
      const hidden = await setHidden(s.moderator.cookie, type as string, id as string, true);
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json()).toEqual({ isHidden: true });
    }

    const hidden = await seenByOthers(s);
    const gone = (list: string[]) => list.filter((id) => id !== s.reviewId && id !== s.postId);
    expect(hidden).toEqual({
      ...before,
      feed: gone(before.feed),
      feedSignedIn: gone(before.feedSignedIn),
      feedFollowing: [],
      profileDishes: [],
      profilePosts: [],
      profileCounts: { ...before.profileCounts, reviews: 0, dishReviews: 0, posts: 0 },
      restaurantDishes: gone(before.restaurantDishes),
      restaurantPosts: [],
      restaurantStats: {
        ...before.restaurantStats,
        dishRating: { average: 2, count: 1 },
        postCount: 0,
      },
      followedReviews: [],
      searchDishes: [],
      searchPosts: [],
      review: [404, 404],
      post: [404, 404],
      reviewComments: 404,
      postComments: 404,
    });
    expect(hidden.feed.length).toBe(1);

    // Nobody likes or comments on what they cannot see.
    for (const path of [`/api/reviews/${s.reviewId}`, `/api/posts/${s.postId}`]) {
      const like = await request(testApp.app, "PUT", `${path}/like`, { cookie: s.fan.cookie });
      expect(like.statusCode).toBe(404);
      const comment = await request(testApp.app, "POST", `${path}/comments`, {
        cookie: s.fan.cookie,
        body: { content: "Hello?" },
      });
      expect(comment.statusCode).toBe(404);
    }

    for (const [type, id] of [
      ["review", s.reviewId],
      ["post", s.postId],
    ]) {
      const shown = await setHidden(s.moderator.cookie, type as string, id as string, false);
      expect(shown.json()).toEqual({ isHidden: false });
    }
    expect(await seenByOthers(s)).toEqual(before);
    const like = await request(testApp.app, "PUT", `/api/reviews/${s.reviewId}/like`, {
      cookie: s.fan.cookie,
    });
    expect(like.statusCode).toBe(200);
  });

  it("still shows the author their hidden items, marked hidden, and nobody else", async () => {
    const s = await scene();
    await setHidden(s.moderator.cookie, "review", s.reviewId, true);
    await setHidden(s.moderator.cookie, "post", s.postId, true);
    const own = s.author.cookie;

    const dishes = await get(`/api/profiles/${s.author.userId}/items?tab=dishes`, own);
    expect(
      dishes.items.map((item: { id: string; isHidden: boolean }) => [item.id, item.isHidden]),
    ).toEqual([[s.reviewId, true]]);
    const posts = await get(`/api/profiles/${s.author.userId}/items?tab=posts`, own);
    expect(
      posts.items.map((item: { id: string; isHidden: boolean }) => [item.id, item.isHidden]),
    ).toEqual([[s.postId, true]]);
    expect(await get(`/api/reviews/${s.reviewId}`, own)).toMatchObject({
      id: s.reviewId,
      isHidden: true,
      isOwner: true,
    });
    expect(await get(`/api/posts/${s.postId}`, own)).toMatchObject({ isHidden: true });

    // Lists leave them out for the moderator who hid them too; only opening one from a report
    // or the Activity Log shows it, marked hidden. Another user still finds nothing there.
    const staff = s.moderator.cookie;
    expect(ids(await get(`/api/profiles/${s.author.userId}/items?tab=dishes`, staff))).toEqual([]);
    expect(await get(`/api/reviews/${s.reviewId}`, staff)).toMatchObject({
      isHidden: true,
      isOwner: false,
    });
    const asUser = await request(testApp.app, "GET", `/api/reviews/${s.reviewId}`, {
      cookie: s.fan.cookie,
    });
    expect(asUser.statusCode).toBe(404);
    // The author's feed and the restaurant page are public lists: hidden there for them too.
    expect(ids(await get("/api/feed", own))).not.toContain(s.reviewId);
    expect(
      ids(await get(`/api/restaurants/${s.restaurantId}/items?tab=dishes`, own)),
    ).not.toContain(s.reviewId);
  });

  it("tells the author's open pages when an item of theirs is hidden, and their badge", async () => {
    const s = await scene();
    const toAuthor = recordBusEvents(testApp.app.events, s.author.userId);
    await setHidden(s.moderator.cookie, "review", s.reviewId, true);
    await setHidden(s.moderator.cookie, "review", s.reviewId, true);
    await setHidden(s.moderator.cookie, "post", s.postId, true);
    await setHidden(s.moderator.cookie, "post", s.postId, false);
    await busSettled(testApp.app.events);
    expect(toAuthor).toEqual([
      { type: "notification" },
      { type: "item-deleted", kind: "review", id: s.reviewId },
      { type: "notification" },
      { type: "item-deleted", kind: "post", id: s.postId },
      // Shown again: the notice is taken back.
      { type: "notification" },
    ]);
  });
});

describe("telling the author", () => {
  const notifications = async (cookie: string) => get("/api/notifications", cookie);

  it("notifies the author of a hidden review, post or comment, naming no moderator", async () => {
    const s = await scene();
    const fanComment = await createComment(testApp.db, {
      userId: s.fan.userId,
      reviewId: s.reviewId,
    });
    const staff = s.moderator.cookie;
    await setHidden(staff, "review", s.reviewId, true);
    await setHidden(staff, "post", s.postId, true);
    await setHidden(staff, "comment", fanComment.id, true);
    // A repeat changes nothing, so it tells nobody twice.
    await setHidden(staff, "post", s.postId, true);

    const toAuthor = await notifications(s.author.cookie);
    expect(toAuthor.unreadCount).toBe(2);
    expect(toAuthor.items).toMatchObject([
      {
        type: "content_hidden",
        item: { kind: "post", id: s.postId, title: "Truffle season", reviewType: null },
        hidden: "item",
        actors: [],
        actorCount: 0,
        isRead: false,
      },
      {
        type: "content_hidden",
        item: { kind: "review", id: s.reviewId, title: "Saffron risotto", reviewType: "dish" },
        hidden: "item",
        actors: [],
        actorCount: 0,
      },
    ]);
    // The comment's author hears of their comment; it opens the review it was on.
    const toFan = await notifications(s.fan.cookie);
    expect(toFan.items).toMatchObject([
      {
        type: "content_hidden",
        item: { kind: "review", id: s.reviewId, title: "Saffron risotto" },
        hidden: "comment",
        actors: [],
      },
    ]);
    // The moderator's name is not in the answer at all, and their people list is empty.
    const moderator = await get("/api/me", staff);
    expect(JSON.stringify(toAuthor)).not.toContain(moderator.profile.username);
    const [first] = toAuthor.items;
    expect(
      (await get(`/api/notifications/groups/${first.key}/people`, s.author.cookie)).items,
    ).toEqual([]);

    // What it opens is still there for its author, marked hidden.
    expect(await get(`/api/posts/${s.postId}`, s.author.cookie)).toMatchObject({ isHidden: true });
    const read = await request(testApp.app, "POST", `/api/notifications/groups/${first.key}/read`, {
      cookie: s.author.cookie,
    });
    expect(read.statusCode).toBe(204);
    expect((await notifications(s.author.cookie)).unreadCount).toBe(1);
    // Nobody else can mark it.
    const foreign = await request(
      testApp.app,
      "POST",
      `/api/notifications/groups/${first.key}/read`,
      {
        cookie: s.fan.cookie,
      },
    );
    expect(foreign.statusCode).toBe(404);

    // Shown again, the post's notice is taken back; the review's stays.
    await setHidden(staff, "post", s.postId, false);
    expect((await notifications(s.author.cookie)).items).toMatchObject([
      { type: "content_hidden", item: { id: s.reviewId } },
    ]);
  });

  it("tells the author even when they turned activity notifications off or muted the moderator", async () => {
    const s = await scene();
    const put = await request(testApp.app, "PUT", "/api/notification-settings", {
      cookie: s.author.cookie,
      body: { newFollowers: false, commentsAndLikes: false, emailDigest: "off" },
    });
    expect(put.statusCode, put.body).toBe(200);
    await testApp.db.execute(
      sql`insert into user_mutes (muter_id, muted_id) values (${s.author.userId}, ${s.moderator.userId})`,
    );
    await setHidden(s.moderator.cookie, "review", s.reviewId, true);
    expect((await notifications(s.author.cookie)).items).toMatchObject([
      { type: "content_hidden", item: { id: s.reviewId } },
    ]);
  });
});

describe("hiding comments", () => {
  it("takes a comment out of its list and its item's count, and back", async () => {
    const s = await scene();
    const cases = [
      { type: "comment", kind: "reviews", itemId: s.reviewId },
      { type: "post_comment", kind: "posts", itemId: s.postId },
    ] as const;
    for (const { type, kind, itemId } of cases) {
      const on = kind === "reviews" ? { reviewId: itemId } : { postId: itemId };
      const rude = await createComment(testApp.db, { userId: s.fan.userId, ...on });
      const kept = await createComment(testApp.db, { userId: s.fan.userId, ...on });
      const listed = async () => ids(await get(`/api/${kind}/${itemId}/comments`));
      const count = async () => (await get(`/api/${kind}/${itemId}`)).commentCount;
      expect(await count()).toBe(2);

      const hidden = await setHidden(s.moderator.cookie, type, rude.id, true);
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json()).toEqual({ isHidden: true });
      expect(await listed()).toEqual([kept.id]);
      expect(await count()).toBe(1);
      // Hiding it again changes nothing, the count included.
      expect((await setHidden(s.moderator.cookie, type, rude.id, true)).statusCode).toBe(200);
      expect(await count()).toBe(1);

      expect((await setHidden(s.moderator.cookie, type, rude.id, false)).json()).toEqual({
        isHidden: false,
      });
      expect((await listed()).sort()).toEqual([rude.id, kept.id].sort());
      expect(await count()).toBe(2);
    }
  });
});

describe("the hide route", () => {
  it("logs a change once; repeating the current state changes and logs nothing", async () => {
    const s = await scene();
    expect(await actionCount()).toBe(0);
    await setHidden(s.moderator.cookie, "review", s.reviewId, false);
    expect(await actionCount()).toBe(0);
    await setHidden(s.moderator.cookie, "review", s.reviewId, true);
    await setHidden(s.moderator.cookie, "review", s.reviewId.toUpperCase(), true);
    expect(await actionCount()).toBe(1);
    await setHidden(s.moderator.cookie, "review", s.reviewId.toUpperCase(), false);
    await setHidden(s.moderator.cookie, "review", s.reviewId, false);
    expect(await actionCount()).toBe(2);
    const log = await testApp.db.select().from(moderationActions);
    // The log names the review by its own id, however the address spelled it.
    expect(log.map((row) => [row.action, row.subjectId]).sort()).toEqual([
      ["content_hidden", s.reviewId],
      ["content_unhidden", s.reviewId],
    ]);
    // Hiding leaves the author's edit time alone.
    const [row] = (
      await testApp.db.execute<{ same: boolean }>(
        sql`select updated_at = created_at as same from reviews where id = ${s.reviewId}`,
      )
    ).rows;
    expect(row?.same).toBe(true);
  });

  it("answers 404 for unknown content and 400 for what cannot be hidden", async () => {
    const s = await scene();
    const types: HideableType[] = ["review", "post", "comment", "post_comment"];
    for (const type of types) {
      for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
        const response = await setHidden(s.moderator.cookie, type, id, true);
        expect(response.statusCode, `${type} ${id}`).toBe(404);
        expect(response.json().error.message).toBe(reportMessages.notFound[type]);
      }
    }
    // A post's id is no review's.
    expect((await setHidden(s.moderator.cookie, "review", s.postId, true)).statusCode).toBe(404);
    expect((await setHidden(s.moderator.cookie, "user", s.author.userId, true)).statusCode).toBe(
      400,
    );
    const noBody = await request(
      testApp.app,
      "PUT",
      `/api/admin/content/review/${s.reviewId}/hidden`,
      {
        cookie: s.moderator.cookie,
        body: { hidden: "yes" },
      },
    );
    expect(noBody.statusCode).toBe(400);
    expect(await actionCount()).toBe(0);
  });
});

describe("the author's own list with hidden items", () => {
  it("reads their rows through an index of theirs for every tab and sort, never the table", async () => {
    await testApp.start();
    const place = await createRestaurant(testApp.db, { priceLevel: 2 });
    await createPlanUsers(testApp.db, 100);
    await testApp.db.execute(sql`
      insert into reviews (user_id, restaurant_id, review_type, title, description, rating, cost,
                           is_hidden, created_at)
      select 'plan-' || (1 + g % 100), ${place.id},
             case when g % 3 = 0 then 'restaurant' else 'dish' end, 'Dish ' || g, 'Text ' || g,
             1 + g % 5, case when g % 7 = 0 then null else g % 40 end, g % 10 = 0,
             now() - g * interval '1 minute'
      from generate_series(1, 4000) as g`);
    await testApp.db.execute(sql`
      insert into posts (user_id, title, content, is_hidden, created_at)
      select 'plan-' || (1 + g % 100), 'Post ' || g, 'Text ' || g, g % 10 = 0,
             now() - g * interval '1 minute'
      from generate_series(1, 4000) as g`);
    await testApp.db.execute(sql`analyze`);

    const after = { createdAt: "2024-01-01T00:00:00.000000Z", id: crypto.randomUUID(), key: 3 };
    const tabs = {
      posts: ["date"],
      dishes: ["date", "rating", "price"],
      restaurants: ["date", "rating", "price"],
    } as const satisfies Record<string, readonly ItemSortKey[]>;
    for (const [tab, sortKeys] of Object.entries(tabs)) {
      for (const sortKey of sortKeys) {
        for (const direction of ["desc", "asc"] as const) {
          for (const cursor of [undefined, { ...after, kind: "x" }]) {
            const plan = await explainPlan(
              testApp.db,
              profileItemsSql({
                userId: "plan-7",
                tab: tab as keyof typeof tabs,
                sortKey,
                direction,
                after: cursor,
                limit: 21,
                viewerId: "plan-7",
              }),
            );
            const label = `${tab} ${sortKey} ${direction} ${cursor ? "after" : "first"}`;
            expect(plan, label).not.toMatch(/Seq Scan on (reviews|posts)/);
            // An index led by the author: by date, or the Diary's by date visited, whose bitmap
            // of one person's few dozen rows the planner may sort instead of walking in order.
            expect(plan, label).toMatch(/(reviews|posts)_user_(created|visited)_idx/);
          }
        }
      }
    }
  });
});
