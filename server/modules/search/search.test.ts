import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ExploreTab } from "#domain/search.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor, signUpWithProfile } from "#server/test/auth-helpers.ts";
import {
  createDeal,
  createFollow,
  createPost,
  createRestaurant,
  createReview,
  createReviewImage,
  createUser,
} from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";
import {
  itemSearchSql,
  restaurantSearchSql,
  searchSettingsSql,
  searchTerms,
  userSearchSql,
} from "./search.queries.ts";

const testApp = useTestApp();

interface Results {
  items: { id: string; title: string; [key: string]: unknown }[];
  restaurants: { id: string; name: string; [key: string]: unknown }[];
  users: { id: string; username: string; [key: string]: unknown }[];
}

async function search(tab: ExploreTab, q?: string, cookie?: string): Promise<Results> {
  const params = new URLSearchParams(q === undefined ? {} : { q });
  const response = await request(testApp.app, "GET", `/api/search/${tab}?${params}`, { cookie });
  expect(response.statusCode, `${tab} ${JSON.stringify(q)}: ${response.body}`).toBe(200);
  return response.json();
}

/** The titles (dishes, posts), names (restaurants) or usernames (users) a search lists, in order. */
async function names(tab: ExploreTab, q?: string): Promise<string[]> {
  const results = await search(tab, q);
  if (tab === "restaurants") return results.restaurants.map((row) => row.name);
  if (tab === "users") return results.users.map((row) => row.username);
  return results.items.map((row) => row.title);
}

/** `minutes` minutes before a fixed moment, so "newest first" is decided by the test. */
const minutesAgo = (minutes: number) => new Date(Date.UTC(2024, 4, 1, 12) - minutes * 60_000);

describe("GET /api/search/dishes", () => {
  it("lists the newest visible dish reviews without a query, at most 20", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    for (let index = 0; index < 23; index++) {
      await createReview(testApp.db, {
        userId: ann.id,
        title: `Dish number ${index}`,
        createdAt: minutesAgo(100 - index),
      });
    }
    await createReview(testApp.db, {
      userId: ann.id,
      title: "Hidden dish",
      isHidden: true,
      createdAt: minutesAgo(0),
    });
    await createReview(testApp.db, {
      userId: ann.id,
      title: "A restaurant review",
      reviewType: "restaurant",
      createdAt: minutesAgo(0),
    });

    const newest = Array.from({ length: 20 }, (_, index) => `Dish number ${22 - index}`);
    expect(await names("dishes")).toEqual(newest);
    // A blank box is no query at all.
    expect(await names("dishes", "   ")).toEqual(newest);
  });

  it("finds a word anywhere in the name or the text, as a prefix, despite case, accents or a typo", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    const dish = (title: string, description: string | null = null) =>
      createReview(testApp.db, { userId: ann.id, title, description });
    await dish("Tonkotsu Ramen", "Rich pork broth");
    await dish("Crème Brûlée", "Burnt sugar on top");
    await dish("Creme caramel", "Silky");
    await dish("Noodle soup", "The best ramen-style broth in town");
    await dish("Garden Salad", "Fresh leaves");

    expect(await names("dishes", "ramen")).toEqual(["Tonkotsu Ramen", "Noodle soup"]);
    expect(await names("dishes", "RAMEN")).toEqual(["Tonkotsu Ramen", "Noodle soup"]);
    // Typos.
    expect(await names("dishes", "raman")).toContain("Tonkotsu Ramen");
    expect(await names("dishes", "tonkatsu")).toEqual(["Tonkotsu Ramen"]);
    // While typing.
    expect(await names("dishes", "ram")).toEqual(["Tonkotsu Ramen", "Noodle soup"]);
    expect(await names("dishes", "tonk")).toEqual(["Tonkotsu Ramen"]);
    // Only in the text.
    expect(await names("dishes", "pork")).toEqual(["Tonkotsu Ramen"]);
    expect((await names("dishes", "BROTH")).sort()).toEqual(["Noodle soup", "Tonkotsu Ramen"]);
    // Accents, both ways.
    expect(await names("dishes", "creme brulee")).toEqual(["Crème Brûlée"]);
    expect((await names("dishes", "crème")).sort()).toEqual(["Creme caramel", "Crème Brûlée"]);
    expect(await names("dishes", "brûlée")).toEqual(["Crème Brûlée"]);
    // Nothing like it.
    expect(await names("dishes", "pizza")).toEqual([]);
  });

  it("ranks name matches above text matches and the dish holding more of the words first", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    // The older a dish, the lower a tie puts it; each ranking below beats that order.
    const dish = (title: string, description: string, minutes: number) =>
      createReview(testApp.db, {
        userId: ann.id,
        title,
        description,
        createdAt: minutesAgo(minutes),
      });
    await dish("Spicy Miso Ramen", "Chili oil", 50);
    await dish("Shoyu Ramen", "Clear soup", 10);
    await dish("Gyoza", "Goes well with ramen", 1);
    await dish("Spicy Wings", "Hot", 5);

    expect(await names("dishes", "ramen")).toEqual(["Shoyu Ramen", "Spicy Miso Ramen", "Gyoza"]);
    // More words narrow the result, despite a typo too.
    expect(await names("dishes", "spicy ramen")).toEqual(["Spicy Miso Ramen"]);
    expect(await names("dishes", "spicy raman")).toEqual(["Spicy Miso Ramen"]);
    expect(await names("dishes", "ramen with")).toEqual(["Gyoza"]);
    // Equal matches keep the newest first.
    expect(await names("dishes", "spicy")).toEqual(["Spicy Wings", "Spicy Miso Ramen"]);
  });

  it("never lists hidden reviews or restaurant reviews, and stops at 20 matches", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    await createReview(testApp.db, { userId: ann.id, title: "Hidden Ramen", isHidden: true });
    await createReview(testApp.db, {
      userId: ann.id,
      title: "Ramen House visit",
      reviewType: "restaurant",
    });
    expect(await names("dishes", "ramen")).toEqual([]);
    expect(await names("dishes", "hidden")).toEqual([]);

    for (let index = 0; index < 25; index++) {
      await createReview(testApp.db, { userId: ann.id, title: `Ramen ${index}` });
    }
    expect(await names("dishes", "ramen")).toHaveLength(20);
  });

  it("lists the newest matches of a common word first, however many older ones match", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    const place = await createRestaurant(testApp.db);
    // Written first, so an index hands them out first too.
    await testApp.db.execute(sql`
      insert into reviews (user_id, restaurant_id, review_type, title, rating, created_at)
      select ${ann.id}, ${place.id}, 'dish', 'Old Ramen ' || g, 4,
             ${minutesAgo(10_000)}::timestamptz - g * interval '1 minute'
        from generate_series(1, 400) g`);
    await createReview(testApp.db, { userId: ann.id, title: "Ramen", createdAt: minutesAgo(2) });
    await createReview(testApp.db, {
      userId: ann.id,
      title: "Miso Ramen",
      createdAt: minutesAgo(1),
    });

    const found = await names("dishes", "ramen");
    expect(found).toHaveLength(20);
    expect(found.slice(0, 3)).toEqual(["Miso Ramen", "Ramen", "Old Ramen 1"]);
  });

  it("answers for the viewer: likes, ownership, photos, author and restaurant", async () => {
    const { app } = await testApp.start();
    const me = await signUpWithProfile(app, { username: "ramen_fan" });
    const chef = await createUser(testApp.db, {
      username: "chef",
      slug: "chef",
      fullName: "Chef Kim",
    });
    const place = await createRestaurant(testApp.db, { name: "Ichiran", priceLevel: 2 });
    const theirs = await createReview(testApp.db, {
      userId: chef.id,
      restaurantId: place.id,
      title: "Tonkotsu Ramen",
      rating: 5,
      cost: 14.5,
      createdAt: minutesAgo(10),
    });
    await createReviewImage(testApp.db, { reviewId: theirs.id, imageUrl: "/ramen.webp" });
    const mine = await createReview(testApp.db, {
      userId: me.userId,
      title: "Miso Ramen",
      createdAt: minutesAgo(20),
    });
    const liked = await request(app, "PUT", `/api/reviews/${theirs.id}/like`, {
      cookie: me.cookie,
    });
    expect(liked.statusCode, liked.body).toBe(200);

    const signedIn = (await search("dishes", "ramen", me.cookie)).items;
    expect(signedIn.map((item) => item.id)).toEqual([theirs.id, mine.id]);
    expect(signedIn[0]).toMatchObject({
      itemType: "review",
      reviewType: "dish",
      title: "Tonkotsu Ramen",
      rating: 5,
      cost: 14.5,
      likeCount: 1,
      likedByMe: true,
      isOwner: false,
      userName: "Chef Kim",
      author: { id: chef.id, username: "chef" },
      restaurant: { id: place.id, name: "Ichiran", priceLevel: 2 },
    });
    const images = (signedIn[0]?.images ?? []) as { url: string }[];
    expect(images.map((image) => image.url)).toEqual(["/ramen.webp"]);
    expect(signedIn[1]).toMatchObject({ likedByMe: false, isOwner: true });

    const visitor = (await search("dishes", "ramen")).items;
    expect(visitor[0]).toMatchObject({ likedByMe: null, isOwner: false });
  });
});

describe("GET /api/search/posts", () => {
  it("lists the newest visible posts without a query and matches the title or the text", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    const post = (title: string, content: string, minutes: number, isHidden = false) =>
      createPost(testApp.db, {
        userId: ann.id,
        title,
        content,
        isHidden,
        createdAt: minutesAgo(minutes),
      });
    await post("Brunch in Lisbon", "Pastéis de nata everywhere", 30);
    await post("Weekend noodles", "Found a great ramen bar", 20);
    await post("Best Ramen spots", "A list", 40);
    await post("Hidden ramen", "Secret", 10, true);

    expect(await names("posts")).toEqual([
      "Weekend noodles",
      "Brunch in Lisbon",
      "Best Ramen spots",
    ]);
    expect(await names("posts", "ramen")).toEqual(["Best Ramen spots", "Weekend noodles"]);
    expect(await names("posts", "raman")).toContain("Best Ramen spots");
    expect(await names("posts", "pasteis")).toEqual(["Brunch in Lisbon"]);
    expect(await names("posts", "LISB")).toEqual(["Brunch in Lisbon"]);
    expect(await names("posts", "secret")).toEqual([]);
  });
});

describe("GET /api/search/deals", () => {
  /** Three listed deals at Corner Bistro, and one ended, one hidden and one reported gone. */
  async function seedDeals() {
    await testApp.start();
    const ann = await createUser(testApp.db);
    const bistro = await createRestaurant(testApp.db, { name: "Corner Bistro" });
    const deal = (title: string, details: string | null, minutes: number, more = {}) =>
      createDeal(testApp.db, {
        userId: ann.id,
        restaurantId: bistro.id,
        title,
        details,
        createdAt: minutesAgo(minutes),
        ...more,
      });
    await deal("Half-price margaritas", "Every frozen one, at the bar", 50);
    // Weekly without a last day: never ends, so it is listed between its windows too.
    await deal("Oyster happy hour", "A dollar a shuck", 40, {
      endsAt: null,
      weekDays: 0b0011111,
      startsMinute: 16 * 60,
      endsMinute: 19 * 60,
    });
    await deal("Ramen lunch special", "Gyoza on the house", 30);
    await deal("Ended margaritas night", "Over", 20, { endsAt: new Date(Date.now() - 60_000) });
    await deal("Hidden margaritas", "Taken down", 15, { isHidden: true });
    const gone = await deal("Gone margaritas", "Reported gone", 10);
    // "Gone" leads "Still on" by 3: reported gone (ADR 0038).
    await testApp.db.execute(sql`update deals set gone_count = 3 where id = ${gone.id}`);
    return bistro;
  }

  it("lists the deals listings show, newest first: none ended, hidden or reported gone", async () => {
    await seedDeals();
    expect(await names("deals")).toEqual([
      "Ramen lunch special",
      "Oyster happy hour",
      "Half-price margaritas",
    ]);
    for (const q of ["ended", "hidden", "gone"]) expect(await names("deals", q), q).toEqual([]);
  });

  it("matches what the deal is or its details, as a prefix, despite case or a typo", async () => {
    const bistro = await seedDeals();
    expect(await names("deals", "margaritas")).toEqual(["Half-price margaritas"]);
    expect(await names("deals", "margaritsa")).toEqual(["Half-price margaritas"]);
    expect(await names("deals", "HAPP")).toEqual(["Oyster happy hour"]);
    // Only in the details.
    expect(await names("deals", "frozen bar")).toEqual(["Half-price margaritas"]);

    const [found] = (await search("deals", "gyoza")).items;
    expect(found).toMatchObject({
      itemType: "deal",
      title: "Ramen lunch special",
      details: "Gyoza on the house",
      restaurant: { id: bistro.id, name: "Corner Bistro" },
      hasEnded: false,
    });
    const [weekly] = (await search("deals", "oyster")).items;
    expect(weekly).toMatchObject({
      schedule: { kind: "weekly", days: [1, 2, 3, 4, 5], from: "16:00", to: "19:00" },
    });
  });

  it("leaves out the deals of people the viewer may not see: blocks, private profiles", async () => {
    await testApp.start();
    const bistro = await createRestaurant(testApp.db, { name: "Corner Bistro" });
    const viewer = await createUser(testApp.db, { username: "viewer" });
    const cookie = await sessionCookieFor(testApp.app, viewer.id);
    const blocker = await createUser(testApp.db, { username: "blocker" });
    const hidden = await createUser(testApp.db, { username: "shy", isPrivate: true });
    const friend = await createUser(testApp.db, { username: "friend", isPrivate: true });
    const open = await createUser(testApp.db, { username: "open" });
    for (const user of [blocker, hidden, friend, open]) {
      await createDeal(testApp.db, {
        userId: user.id,
        restaurantId: bistro.id,
        title: `Taco tuesday by ${user.username}`,
      });
    }
    await testApp.db.execute(sql`
      insert into user_blocks (blocker_id, blocked_id) values (${blocker.id}, ${viewer.id})`);
    await createFollow(testApp.db, viewer.id, friend.id);

    const titles = async (as?: string) =>
      (await search("deals", "taco", as)).items.map((item) => item.title).sort();
    expect(await titles(cookie)).toEqual(["Taco tuesday by friend", "Taco tuesday by open"]);
    // A visitor sees no private profile's deals; a block is between two people only.
    expect(await titles()).toEqual(["Taco tuesday by blocker", "Taco tuesday by open"]);
  });
});

describe("GET /api/search/restaurants", () => {
  it("lists restaurants by name without a query, with visible review counts and Google's figures", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db);
    const luna = await createRestaurant(testApp.db, {
      name: "Cafe Luna",
      slug: "cafe-luna",
      address: "12 Harbour Road, Porto",
      googleRating: 4.5,
      priceLevel: 2,
    });
    await createRestaurant(testApp.db, { name: "Zeta Grill", address: null });
    await createRestaurant(testApp.db, { name: "Bistro Nord" });
    await createReview(testApp.db, { userId: ann.id, restaurantId: luna.id });
    await createReview(testApp.db, {
      userId: ann.id,
      restaurantId: luna.id,
      reviewType: "restaurant",
    });
    await createReview(testApp.db, { userId: ann.id, restaurantId: luna.id, isHidden: true });

    const { restaurants } = await search("restaurants");
    expect(restaurants.map((row) => row.name)).toEqual(["Bistro Nord", "Cafe Luna", "Zeta Grill"]);
    expect(restaurants[1]).toEqual({
      id: luna.id,
      name: "Cafe Luna",
      slug: "cafe-luna",
      address: "12 Harbour Road, Porto",
      googleRating: 4.5,
      priceLevel: 2,
      reviewCount: 2,
      savedByFollowedCount: 0,
    });
    expect(restaurants[2]).toMatchObject({
      slug: null,
      address: null,
      googleRating: null,
      priceLevel: null,
      reviewCount: 0,
    });
  });

  it("matches the name or the address, as a prefix, despite accents or a typo", async () => {
    await testApp.start();
    await createRestaurant(testApp.db, { name: "Cafe Luna", address: "12 Harbour Road, Porto" });
    await createRestaurant(testApp.db, { name: "Café Roma", address: "3 Via Appia, Ostia" });
    await createRestaurant(testApp.db, { name: "Antica Trattoria", address: "5 Via Roma, Siena" });
    await createRestaurant(testApp.db, { name: "Ichiran Ramen", address: "Shibuya, Tokyo" });

    expect(await names("restaurants", "café")).toEqual(["Cafe Luna", "Café Roma"]);
    expect(await names("restaurants", "cafe")).toEqual(["Cafe Luna", "Café Roma"]);
    expect(await names("restaurants", "porto")).toEqual(["Cafe Luna"]);
    expect(await names("restaurants", "harb")).toEqual(["Cafe Luna"]);
    // A wrong letter, a missing letter.
    expect(await names("restaurants", "ichiren")).toEqual(["Ichiran Ramen"]);
    expect(await names("restaurants", "ichran")).toEqual(["Ichiran Ramen"]);
    // A name match outranks an address match, whatever the alphabet says.
    expect(await names("restaurants", "roma")).toEqual(["Café Roma", "Antica Trattoria"]);
    expect(await names("restaurants", "tokyo ramen")).toEqual(["Ichiran Ramen"]);
  });
});

describe("GET /api/search/users", () => {
  it("lists people who finished their profile, newest first, with their counts", async () => {
    const { app } = await testApp.start();
    const ann = await createUser(testApp.db, {
      username: "ann_lee",
      slug: "ann-lee",
      fullName: "Ann Lee",
      avatarUrl: "/ann.webp",
      followerCount: 7,
      followingCount: 3,
      createdAt: minutesAgo(30),
    });
    await createUser(testApp.db, {
      username: "bob",
      fullName: "Bob Stone",
      createdAt: minutesAgo(20),
    });
    await createUser(testApp.db, { username: "user_abc123", fullName: "Tem Porary" });
    await createUser(testApp.db, { username: "no_name", fullName: null });
    await createUser(testApp.db, { username: "blank_name", fullName: "  " });
    await createReview(testApp.db, { userId: ann.id });
    await createReview(testApp.db, { userId: ann.id, reviewType: "restaurant" });
    await createReview(testApp.db, { userId: ann.id, isHidden: true });
    await createPost(testApp.db, { userId: ann.id });

    expect(await names("users")).toEqual(["bob", "ann_lee"]);
    const { users } = await search("users", "ann");
    expect(users).toEqual([
      {
        id: ann.id,
        username: "ann_lee",
        slug: "ann-lee",
        fullName: "Ann Lee",
        avatarUrl: "/ann.webp",
        counts: { reviews: 2, followers: 7, following: 3 },
        followedByMe: null,
        isMe: false,
      },
    ]);
    expect(await names("users", "user")).toEqual([]);
    expect(await names("users", "tem")).toEqual([]);

    // Signed in: whether I follow each, and my own card.
    const me = await signUpWithProfile(app, {
      username: "zed",
      firstName: "Zed",
      lastName: "Ramos",
    });
    await createFollow(testApp.db, me.userId, ann.id);
    const seen = (await search("users", undefined, me.cookie)).users;
    expect(seen.map((user) => [user.username, user.followedByMe, user.isMe])).toEqual([
      ["zed", null, true],
      ["bob", false, false],
      ["ann_lee", true, false],
    ]);
  });

  it("matches the username or the full name, as a prefix, despite case, accents or a typo", async () => {
    await testApp.start();
    await createUser(testApp.db, { username: "noodle_queen", fullName: "José Álvarez" });
    await createUser(testApp.db, { username: "jo_eats", fullName: "Joanna Smith" });
    await createUser(testApp.db, { username: "kim", fullName: "Kim Park" });

    expect(await names("users", "noodle")).toEqual(["noodle_queen"]);
    expect(await names("users", "noodle_queen")).toEqual(["noodle_queen"]);
    expect(await names("users", "jose")).toEqual(["noodle_queen"]);
    expect(await names("users", "ALVAREZ")).toEqual(["noodle_queen"]);
    expect(await names("users", "joanna")).toEqual(["jo_eats"]);
    expect(await names("users", "smiht")).toEqual(["jo_eats"]);
    expect(await names("users", "joana smith")).toEqual(["jo_eats"]);
    expect(await names("users", "alvares")).toEqual(["noodle_queen"]);
    expect(await names("users", "pa")).toEqual(["kim"]);
  });
});

describe("search input", () => {
  it("never fails on punctuation, operators or junk, and refuses a NUL byte with 400", async () => {
    await testApp.start();
    const ann = await createUser(testApp.db, { username: "ann_b", fullName: "Ann B" });
    await createReview(testApp.db, { userId: ann.id, title: "Fish & Chips" });
    await createPost(testApp.db, { userId: ann.id, title: "Mac 'n' cheese" });
    await createRestaurant(testApp.db, { name: "A&B Diner" });

    const junk = [
      "a & b | !c",
      "'",
      "\\",
      ":*",
      "()",
      "🍜",
      "ramen 🍜",
      "fish & chips",
      "'fish':* & !",
      "<-> <2> !!",
      "%_%",
      "x".repeat(100),
      "&|!():*'\\\"<>-".repeat(7).slice(0, 100),
    ];
    for (const tab of ["dishes", "posts", "restaurants", "users"] as const) {
      for (const q of junk) await search(tab, q);
    }
    expect(await names("dishes", "fish & chips")).toEqual(["Fish & Chips"]);
    expect(await names("dishes", "'fish':* & !")).toEqual(["Fish & Chips"]);
    expect(await names("posts", "mac 'n' cheese")).toEqual(["Mac 'n' cheese"]);
    expect(await names("restaurants", "a&b")).toEqual(["A&B Diner"]);
    // Nothing searchable (only symbols or emoji) finds nothing rather than everything.
    expect(await names("dishes", "()")).toEqual([]);
    expect(await names("users", "🍜")).toEqual([]);

    for (const tab of ["dishes", "posts", "restaurants", "users"] as const) {
      const nul = await request(testApp.app, "GET", `/api/search/${tab}?q=ram%00en`);
      expect(nul.statusCode, nul.body).toBe(400);
      expect(nul.json().error.code).toBe("VALIDATION_ERROR");
      const long = await request(testApp.app, "GET", `/api/search/${tab}?q=${"a".repeat(101)}`);
      expect(long.statusCode, long.body).toBe(400);
    }
  });
});

describe("search query plans", () => {
  /**
   * The plan of `statement`, made with the typo threshold a search runs with. A few thousand
   * rows are too few for the planner to prefer an index over reading the table, which it does
   * at scale; turning sequential scans off (for this transaction) shows which indexes the
   * statement can use.
   */
  async function explain(statement: ReturnType<typeof sql>): Promise<string> {
    return testApp.db.transaction(async (tx) => {
      await tx.execute(searchSettingsSql);
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<{ "QUERY PLAN": string }>(sql`explain ${statement}`);
      return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
  }

  it("finds rare words through the full-text and trigram GIN indexes, and lists without a query through the date indexes", async () => {
    await testApp.start();
    await testApp.db.execute(sql`
      insert into "user" (id, name, email)
      select 'plan-' || g, '', 'plan' || g || '@example.com' from generate_series(1, 1000) g`);
    await testApp.db.execute(sql`
      insert into profiles (id, username, slug, full_name, created_at)
      select 'plan-' || g, 'plan_' || g, 'plan_' || g,
             case when g = 7 then 'Quetzal Lopez' else 'Person ' || g end,
             now() - g * interval '1 minute'
        from generate_series(1, 1000) g`);
    await testApp.db.execute(sql`
      insert into restaurants (name, address)
      select case when g = 7 then 'Quetzal Cantina' else 'Place ' || g end, g || ' Main Street'
        from generate_series(1, 1000) g`);
    await testApp.db.execute(sql`
      insert into reviews (user_id, restaurant_id, review_type, title, description, rating,
                           is_hidden, created_at)
      select 'plan-' || (1 + g % 1000), (select id from restaurants order by name limit 1),
             case when g % 3 = 0 then 'restaurant' else 'dish' end,
             case when g = 7 then 'Quetzal Tamales' else 'Dish ' || g end, 'Text ' || g,
             1 + g % 5, g % 50 = 0, now() - g * interval '1 minute'
        from generate_series(1, 2000) g`);
    await testApp.db.execute(sql`
      insert into posts (user_id, title, content, is_hidden, created_at)
      select 'plan-' || (1 + g % 1000), case when g = 7 then 'Quetzal notes' else 'Post ' || g end,
             'Text ' || g, g % 40 = 0, now() - g * interval '1 minute'
        from generate_series(1, 2000) g`);
    // Deals, nine in ten past their end.
    await testApp.db.execute(sql`
      insert into deals (user_id, restaurant_id, title, details, time_zone, ends_at, is_hidden,
                         created_at)
      select 'plan-' || (1 + g % 1000), (select id from restaurants order by name limit 1),
             case when g = 7 then 'Quetzal tamales' else 'Deal ' || g end, 'Text ' || g, 'UTC',
             now() + case when g % 10 = 0 then interval '1 day' else interval '-1 day' end,
             g % 50 = 0, now() - g * interval '1 minute'
        from generate_series(1, 2000) g`);
    // The searching viewer (plan-1) is in blocks both ways, and some authors are leaving.
    await testApp.db.execute(sql`
      insert into user_blocks (blocker_id, blocked_id)
      select 'plan-1', 'plan-' || g from generate_series(2, 4) g
      union all select 'plan-' || g, 'plan-1' from generate_series(5, 6) g`);
    await testApp.db.execute(sql`
      insert into account_deletions (user_id, erase_after)
      select 'plan-' || g, now() + interval '30 days' from generate_series(8, 10) g`);
    await testApp.db.execute(sql`analyze`);

    const terms = searchTerms("quetzal");
    const searches = {
      dishes: [itemSearchSql("dishes", terms, 20, "plan-1"), "reviews"],
      posts: [itemSearchSql("posts", terms, 20, "plan-1"), "posts"],
      restaurants: [restaurantSearchSql(terms, 20, "plan-1"), "restaurants"],
      users: [userSearchSql(terms, 20, "plan-1"), "profiles"],
    } as const;
    for (const [tab, [statement, table]] of Object.entries(searches)) {
      const plan = await explain(statement);
      expect(plan, tab).not.toMatch(new RegExp(`Seq Scan on ${table}`));
      expect(plan, tab).toMatch(new RegExp(`${table}_search_vector_idx`));
      expect(plan, tab).toMatch(
        table === "profiles"
          ? /profiles_username_trgm_idx[\s\S]*profiles_full_name_trgm_idx/
          : new RegExp(`${table}_(title|name)_trgm_idx`),
      );
    }
    // Deals are matched among the listed ones: the range of those not ended
    // (deals_listed_end_idx) read alone while they are few, as here, else ANDed with the GIN
    // indexes; the planner picks per branch.
    const deals = await explain(itemSearchSql("deals", terms, 20, "plan-1"));
    expect(deals).not.toMatch(/Seq Scan on deals/);
    expect(deals).toMatch(
      /CTE word_matches[\s\S]*deals_(listed_end|search_vector)_idx[\s\S]*CTE words/,
    );
    expect(deals).toMatch(/CTE typo_matches[\s\S]*deals_(listed_end|title_trgm)_idx/);

    // "Dish" is in every title: the newest rows fill a page, so the word is never looked up
    // in the whole full-text index (its match list would be collected whole, then cut to 200).
    const common = await testApp.db.transaction(async (tx) => {
      await tx.execute(searchSettingsSql);
      const result = await tx.execute<{ "QUERY PLAN": string }>(
        sql`explain (analyze, costs off, timing off) ${itemSearchSql("dishes", searchTerms("dish"), 20, "plan-1")}`,
      );
      return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    const wordMatches = common.slice(
      common.indexOf("CTE word_matches"),
      common.indexOf("CTE words"),
    );
    expect(wordMatches).toMatch(/on reviews \S+ \(never executed\)/);
    expect(wordMatches).not.toMatch(/on reviews \S+ \(actual/);

    const newest = {
      dishes: [itemSearchSql("dishes", undefined, 20, "plan-1"), /reviews_feed_idx/],
      posts: [itemSearchSql("posts", undefined, 20, "plan-1"), /posts_feed_idx/],
      // The end is checked on the index entry (ADR 0042): no ended deal's row is read.
      deals: [
        itemSearchSql("deals", undefined, 20, "plan-1"),
        /deals_feed_idx.*\n\s*Index Cond: \(COALESCE\(ends_at/,
      ],
      users: [userSearchSql(undefined, 20, "plan-1"), /profiles_created_at_idx/],
    } as const;
    for (const [tab, [statement, index]] of Object.entries(newest)) {
      const plan = await explain(statement);
      expect(plan, tab).not.toMatch(/Seq Scan on (reviews|posts|deals|profiles)/);
      expect(plan, tab).toMatch(index);
    }
  });
});
