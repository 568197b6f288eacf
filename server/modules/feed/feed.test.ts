import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "#server/modules/shared/keyset.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpWithProfile } from "#server/test/auth-helpers.ts";
import {
  createFollow,
  createPlanUsers,
  createPost,
  createPostImage,
  createRestaurant,
  createReview,
  createReviewImage,
  createUser,
} from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";
import { FOLLOWING_WALK_FROM, feedPageSql } from "./feed.queries.ts";

const testApp = useTestApp();

interface Page {
  items: { id: string; itemType: string; createdAt: string; [key: string]: unknown }[];
  nextCursor: string | null;
}

async function feed(query = "", cookie?: string): Promise<Page> {
  const response = await request(testApp.app, "GET", `/api/feed${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page, following nextCursor; `between` runs after each page (e.g. inserts rows). */
async function allPages(limit: number, between?: () => Promise<void>, cookie?: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page = await feed(
      `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      cookie,
    );
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
    if (!cursor) return ids;
    await between?.();
  }
  throw new Error("paging never ended");
}

const at = (text: string) => sql`${text}::timestamptz`;

describe("GET /api/feed", () => {
  it("is empty with no content", async () => {
    await testApp.start();
    expect(await feed()).toEqual({ items: [], nextCursor: null });
  });

  it("lists reviews and posts together, newest first, with authors, restaurants and images", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db, {
      username: "ann",
      slug: "ann-lee",
      fullName: "Ann Lee",
    });
    const bob = await createUser(testApp.db, { username: "bob", slug: "bob", fullName: null });
    const place = await createRestaurant(testApp.db, { name: "Ichiran", priceLevel: 2 });
    const review = await createReview(testApp.db, {
      userId: ann.id,
      restaurantId: place.id,
      title: "Spicy Ramen",
      rating: 5,
      cost: 14.5,
      createdAt: at("2024-05-01T12:00:00Z"),
    });
    await createReviewImage(testApp.db, {
      reviewId: review.id,
      displayOrder: 1,
      imageUrl: "/b.webp",
    });
    await createReviewImage(testApp.db, {
      reviewId: review.id,
      displayOrder: 0,
      imageUrl: "/a.webp",
    });
    const post = await createPost(testApp.db, {
      userId: bob.id,
      title: "Brunch thoughts",
      content: "Eggs",
      createdAt: at("2024-05-02T12:00:00Z"),
    });
    await createPostImage(testApp.db, { postId: post.id, imageUrl: "/p.webp" });
    await createPost(testApp.db, {
      userId: bob.id,
      isHidden: true,
      createdAt: at("2024-05-03T12:00:00Z"),
    });
    await createReview(testApp.db, {
      userId: ann.id,
      isHidden: true,
      createdAt: at("2024-05-04T12:00:00Z"),
    });

    const page = await feed();
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((item) => [item.itemType, item.id])).toEqual([
      ["post", post.id],
      ["review", review.id],
    ]);
    expect(page.items[0]).toMatchObject({
      itemType: "post",
      title: "Brunch thoughts",
      content: "Eggs",
      restaurant: null,
      userName: "bob",
      userHandler: "bob",
      likeCount: 0,
      commentCount: 0,
      likedByMe: null,
      isOwner: false,
      createdAt: "2024-05-02T12:00:00.000Z",
    });
    expect(page.items[1]).toMatchObject({
      itemType: "review",
      reviewType: "dish",
      title: "Spicy Ramen",
      rating: 5,
      cost: 14.5,
      userName: "Ann Lee",
      userHandler: "ann-lee",
      author: { id: ann.id, username: "ann", slug: "ann-lee", fullName: "Ann Lee" },
      restaurant: { id: place.id, name: "Ichiran", priceLevel: 2 },
    });
    const images = page.items[1]?.images as { url: string; width: number }[];
    expect(images.map((image) => image.url)).toEqual(["/a.webp", "/b.webp"]);
    expect(images[0]?.width).toBe(800);
  });

  it("pages without duplicates or gaps, also through identical timestamps", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    const same = at("2024-01-01T00:00:00.123456Z");
    const expected: string[] = [];
    for (let index = 0; index < 23; index++) {
      const row =
        index % 3 === 0
          ? await createPost(testApp.db, { userId: ann.id, createdAt: same })
          : await createReview(testApp.db, { userId: ann.id, createdAt: same });
      expected.push(row.id);
    }
    const ids = await allPages(5);
    expect(ids).toHaveLength(23);
    expect(new Set(ids).size).toBe(23);
    // Ties are broken by id, descending.
    expect(ids).toEqual([...expected].sort().reverse());
  });

  it("keeps microsecond precision in the cursor", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    // Three rows inside one millisecond: a millisecond cursor would skip or repeat them.
    for (const micros of ["000001", "000002", "000003", "000500", "000999"]) {
      await createReview(testApp.db, {
        userId: ann.id,
        createdAt: at(`2024-01-01T00:00:00.${micros}Z`),
      });
    }
    const ids = await allPages(1);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    const page = await feed("?limit=1");
    expect(decodeCursor(page.nextCursor ?? "", ["review", "post"]).createdAt).toBe(
      "2024-01-01T00:00:00.000999Z",
    );
  });

  it("neither repeats nor skips items while new ones arrive between pages", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    const old: string[] = [];
    for (let index = 0; index < 30; index++) {
      const when = at(`2024-02-01T00:00:${String(index).padStart(2, "0")}Z`);
      const row =
        index % 2 === 0
          ? await createReview(testApp.db, { userId: ann.id, createdAt: when })
          : await createPost(testApp.db, { userId: ann.id, createdAt: when });
      old.unshift(row.id);
    }
    const arrived: string[] = [];
    const ids = await allPages(7, async () => {
      // New content is newer than everything: it belongs before page 1, never inside the walk.
      arrived.push((await createPost(testApp.db, { userId: ann.id })).id);
      arrived.push((await createReview(testApp.db, { userId: ann.id })).id);
    });
    expect(ids).toEqual(old);
    expect(arrived.length).toBeGreaterThan(0);
    const fresh = await feed("?limit=50");
    expect(fresh.items).toHaveLength(30 + arrived.length);
  });

  it("defaults to 20 items a page and caps the limit at 50", async () => {
    const { app } = await testApp.start();
    const ann = await createUser(testApp.db);
    await testApp.db.execute(sql`
      insert into posts (user_id, title, created_at)
      select ${ann.id}, 'Post ' || g, now() - g * interval '1 second' from generate_series(1, 55) g`);
    const first = await feed();
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    expect((await feed("?limit=50")).items).toHaveLength(50);
    expect((await request(app, "GET", "/api/feed?limit=51")).statusCode).toBe(400);
    expect((await request(app, "GET", "/api/feed?limit=0")).statusCode).toBe(400);
    expect((await request(app, "GET", "/api/feed?limit=abc")).statusCode).toBe(400);
  });

  it("answers 400 for malformed cursors, never 500", async () => {
    const { app } = await testApp.start();
    const bad = [
      "not-a-cursor",
      "%%%",
      Buffer.from("[]").toString("base64url"),
      Buffer.from('{"a":1}').toString("base64url"),
      encodeCursor({
        createdAt: "2024-13-01T00:00:00.000000Z",
        id: crypto.randomUUID(),
        kind: "review",
      }),
      encodeCursor({
        createdAt: "2024-02-30T00:00:00.000000Z",
        id: crypto.randomUUID(),
        kind: "post",
      }),
      encodeCursor({
        createdAt: "0000-01-01T00:00:00.000000Z",
        id: crypto.randomUUID(),
        kind: "post",
      }),
      encodeCursor({ createdAt: "2024-01-01T00:00:00.000000Z", id: "nope", kind: "post" }),
      encodeCursor({ createdAt: "2024-01-01T00:00:00Z", id: crypto.randomUUID(), kind: "post" }),
      encodeCursor({
        createdAt: "2024-01-01T00:00:00.000000Z",
        id: crypto.randomUUID(),
        kind: "x",
      }),
      "x".repeat(201),
    ];
    for (const cursor of bad) {
      const response = await request(app, "GET", `/api/feed?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error.code).toMatch(/INVALID_CURSOR|VALIDATION_ERROR/);
    }
    const ok = encodeCursor({
      createdAt: "2024-01-01T00:00:00.000000Z",
      id: crypto.randomUUID(),
      kind: "review",
    });
    expect((await request(app, "GET", `/api/feed?cursor=${ok}`)).statusCode).toBe(200);
    expect((await request(app, "GET", "/api/feed?scope=friends")).statusCode).toBe(400);
  });

  it("shows only followed people in the following scope, which needs sign-in", async () => {
    const { app } = await testApp.start();
    const visitorAnswer = await request(app, "GET", "/api/feed?scope=following");
    expect(visitorAnswer.statusCode).toBe(401);
    expect(visitorAnswer.json().error.code).toBe("UNAUTHORIZED");

    const me = await signUpWithProfile(app, { username: "reader" });
    const followed = await createUser(testApp.db);
    const stranger = await createUser(testApp.db);
    await createFollow(testApp.db, me.userId, followed.id);
    const theirs = await createReview(testApp.db, { userId: followed.id });
    const theirPost = await createPost(testApp.db, { userId: followed.id });
    await createReview(testApp.db, { userId: stranger.id });
    await createPost(testApp.db, { userId: stranger.id });
    await createPost(testApp.db, { userId: followed.id, isHidden: true });

    const following = await feed("?scope=following", me.cookie);
    expect(following.items.map((item) => item.id).sort()).toEqual([theirs.id, theirPost.id].sort());
    expect((await feed("?scope=everyone", me.cookie)).items).toHaveLength(4);
    expect((await feed("", me.cookie)).items).toHaveLength(4);
  });

  it("gives someone who follows hundreds of people the same Following feed, walked or probed", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "heavyfollower" });
    const place = await createRestaurant(testApp.db);
    const following = FOLLOWING_WALK_FROM + 20;
    await createPlanUsers(testApp.db, following + 1);
    await testApp.db.execute(sql`
      insert into follows (follower_id, following_id)
      select ${me.userId}, 'plan-' || g from generate_series(1, ${following}) g`);
    // plan-1 is blocked and plan-2 muted: followed, yet never in the feed.
    await testApp.db.execute(
      sql`insert into user_blocks (blocker_id, blocked_id) values (${me.userId}, 'plan-1')`,
    );
    await testApp.db.execute(
      sql`insert into user_mutes (muter_id, muted_id) values (${me.userId}, 'plan-2')`,
    );
    // Followed people's items, some hidden, deals half ended; 30 reviews among the newest of all,
    // the rest behind 5,100 newer ones by someone not followed, which the walk gives up on.
    const stranger = `plan-${following + 1}`;
    await testApp.db.execute(sql`
      insert into reviews (user_id, restaurant_id, review_type, title, rating, is_hidden, created_at)
      select 'plan-' || (1 + g % 12), ${place.id}::uuid, 'dish', 'Dish ' || g, 4, g % 9 = 0,
             case when g <= 30 then now() - g * interval '1 second'
                  else now() - interval '2 days' - g * interval '1 minute' end
        from generate_series(1, 70) g
      union all
      select ${stranger}, ${place.id}::uuid, 'dish', 'Other ' || g, 3, false,
             now() - interval '1 day' - g * interval '1 second'
        from generate_series(1, 5100) g`);
    await testApp.db.execute(sql`
      insert into posts (user_id, title, is_hidden, created_at)
      select 'plan-' || (1 + g % 12), 'Post ' || g, g % 8 = 0, now() - g * interval '90 seconds'
        from generate_series(1, 40) g`);
    await testApp.db.execute(sql`
      insert into deals (user_id, restaurant_id, title, time_zone, ends_at, created_at)
      select 'plan-' || (1 + g % 12), ${place.id}, 'Deal ' || g, 'UTC',
             now() + (case when g % 2 = 0 then 1 else -1 end) * interval '1 day',
             now() - g * interval '100 seconds'
        from generate_series(1, 20) g`);
    const setFollowingCount = (count: number) =>
      testApp.db.execute(
        sql`update profiles set following_count = ${count} where id = ${me.userId}`,
      );
    const everyPage = async () => {
      const items: Page["items"] = [];
      let cursor: string | null = null;
      do {
        const page = await feed(
          `?scope=following&limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
          me.cookie,
        );
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return items;
    };

    await setFollowingCount(following);
    const walked = await everyPage();
    await setFollowingCount(0);
    const probed = await everyPage();

    expect(walked.map((item) => item.id)).toEqual(probed.map((item) => item.id));
    // Each kind's rows as inserted above, by number g: the author plan-(1 + g % 12), so g % 12
    // of 0 or 1 is the blocked or muted person's.
    const shown = (count: number, listed: (g: number) => boolean) =>
      Array.from({ length: count }, (_, i) => i + 1).filter((g) => g % 12 > 1 && listed(g)).length;
    const countOf = (type: string) => walked.filter((item) => item.itemType === type).length;
    expect(countOf("review")).toBe(shown(70, (g) => g % 9 !== 0));
    expect(countOf("post")).toBe(shown(40, (g) => g % 8 !== 0));
    expect(countOf("deal")).toBe(shown(20, (g) => g % 2 === 0));
    const authorOf = (item: Page["items"][number]) => (item.author as { id: string }).id;
    expect(
      walked.filter((item) => ["plan-1", "plan-2", stranger].includes(authorOf(item))),
    ).toEqual([]);
    expect(new Set(walked.map((item) => item.itemType))).toEqual(
      new Set(["review", "post", "deal"]),
    );
    const times = walked.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // The walk answered where it found a page; the probes answered for the rest.
    const plan = async () => {
      const rows = await testApp.db.execute<{ "QUERY PLAN": string }>(
        sql`explain (analyze, costs off, timing off) ${feedPageSql({ limit: 21, viewerId: me.userId, followedBy: me.userId })}`,
      );
      return rows.rows.map((row) => row["QUERY PLAN"]).join("\n");
    };
    await setFollowingCount(following);
    expect(await plan()).toMatch(/posts_profile_idx[^\n]*\(never executed\)/);
    await setFollowingCount(0);
    expect(await plan()).not.toMatch(/posts_profile_idx[^\n]*\(never executed\)/);
  });

  it("marks what the signed-in viewer liked", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "liker" });
    const author = await createUser(testApp.db);
    const liked = await createReview(testApp.db, { userId: author.id });
    const likedPost = await createPost(testApp.db, { userId: author.id });
    const other = await createReview(testApp.db, { userId: author.id });
    await testApp.db.execute(
      sql`insert into likes (user_id, review_id) values (${me.userId}, ${liked.id})`,
    );
    await testApp.db.execute(
      sql`insert into post_likes (user_id, post_id) values (${me.userId}, ${likedPost.id})`,
    );
    const mine = await feed("", me.cookie);
    const likedIds = mine.items.filter((item) => item.likedByMe).map((item) => item.id);
    expect(likedIds.sort()).toEqual([liked.id, likedPost.id].sort());
    expect(mine.items.find((item) => item.id === other.id)?.likedByMe).toBe(false);
    expect((await feed()).items.every((item) => item.likedByMe === null)).toBe(true);
  });
});

describe("feed query plan", () => {
  async function explain(query: ReturnType<typeof sql>): Promise<string> {
    const result = await testApp.db.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`);
    return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
  }

  it("reads reviews, posts and deals through their feed indexes on the first and a deep page", async () => {
    await testApp.start();
    const viewer = await createUser(testApp.db);
    const place = await createRestaurant(testApp.db);
    // 100 authors, so the planner sees realistic per-author selectivity.
    await createPlanUsers(testApp.db, 100);
    const author = { id: "plan-1" };
    await testApp.db.execute(sql`
      insert into reviews (user_id, restaurant_id, review_type, title, rating, is_hidden, created_at)
      select 'plan-' || (1 + g % 100), ${place.id}, 'dish', 'Dish ' || g, 1 + g % 5, g % 50 = 0,
             now() - g * interval '1 minute'
      from generate_series(1, 3000) as g`);
    await testApp.db.execute(sql`
      insert into posts (user_id, restaurant_id, title, is_hidden, created_at)
      select 'plan-' || (1 + g % 100), case when g % 2 = 0 then ${place.id}::uuid end, 'Post ' || g,
             g % 40 = 0, now() - g * interval '1 minute' - interval '30 seconds'
      from generate_series(1, 3000) as g`);
    // Deals, half of them past their end: the walk skips those entries.
    await testApp.db.execute(sql`
      insert into deals (user_id, restaurant_id, title, time_zone, ends_at, is_hidden, created_at)
      select 'plan-' || (1 + g % 100), ${place.id}, 'Deal ' || g, 'UTC',
             now() + (case when g % 2 = 0 then 1 else -1 end) * interval '1 day', g % 40 = 0,
             now() - g * interval '1 minute' - interval '15 seconds'
      from generate_series(1, 3000) as g`);
    await testApp.db.execute(sql`analyze`);

    const [deep] = (
      await testApp.db.execute<{ created_at_text: string; id: string }>(sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at_text, id
          from reviews where not is_hidden order by created_at desc, id desc offset 2000 limit 1`)
    ).rows;
    if (!deep) throw new Error("no row");
    // A second viewer who blocked, was blocked by and muted some authors; some are leaving.
    const wary = await createUser(testApp.db);
    await testApp.db.execute(sql`
      insert into user_blocks (blocker_id, blocked_id)
      select ${wary.id}, 'plan-' || g from generate_series(1, 3) g
      union all select 'plan-' || g, ${wary.id} from generate_series(4, 6) g`);
    await testApp.db.execute(sql`
      insert into user_mutes (muter_id, muted_id)
      select ${wary.id}, 'plan-' || g from generate_series(7, 9) g`);
    await testApp.db.execute(sql`
      insert into account_deletions (user_id, erase_after)
      select 'plan-' || g, now() + interval '30 days' from generate_series(10, 12) g`);
    await testApp.db.execute(sql`analyze`);
    const plans = [
      await explain(feedPageSql({ limit: 21 })),
      await explain(feedPageSql({ limit: 21, viewerId: viewer.id })),
      await explain(feedPageSql({ limit: 21, viewerId: wary.id })),
      await explain(
        feedPageSql({
          limit: 21,
          viewerId: viewer.id,
          after: { createdAt: deep.created_at_text, id: deep.id, kind: "review" },
        }),
      ),
    ];
    for (const plan of plans) {
      expect(plan).not.toMatch(/Seq Scan on (reviews|posts|deals)/);
      expect(plan).toMatch(/reviews_feed_idx/);
      expect(plan).toMatch(/posts_feed_idx/);
      expect(plan).toMatch(/deals_feed_idx/);
    }

    // Following: one index probe per followed person, never a walk over everyone's items.
    const quiet = await createUser(testApp.db);
    await createFollow(testApp.db, viewer.id, author.id);
    await createFollow(testApp.db, viewer.id, quiet.id);
    for (const followed of ["plan-20", "plan-21", "plan-8", "plan-11"]) {
      await createFollow(testApp.db, wary.id, followed);
    }
    await testApp.db.execute(sql`analyze follows`);
    for (const [who, after] of [
      [viewer.id, undefined],
      [viewer.id, { createdAt: deep.created_at_text, id: deep.id, kind: "review" }],
      [wary.id, undefined],
    ] as const) {
      const plan = await explain(feedPageSql({ limit: 21, viewerId: who, followedBy: who, after }));
      // Each followed person's keys come from the partial index that leads with the author.
      // (Reading the page's 21 rows: at 3,000 rows the planner honestly prefers one pass over the
      // table; server/db/query-plans.test.ts checks that no table is read whole at real sizes.)
      expect(plan).toMatch(/Index Scan on reviews_author_feed_idx/);
      expect(plan).toMatch(/Index Scan on posts_profile_idx/);
      expect(plan).toMatch(/deals_profile_idx/);
    }
  });
});
