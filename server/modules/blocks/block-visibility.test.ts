// Who sees whom, across every read that shows a person or what they wrote. One world: alfa has
// blocked bravo; charlie muted delta; echo asked for their account to be deleted; sierra is a
// stranger to all of it, and tango the third person whose review and post everyone likes and
// comments on. Everyone reviews and posts at one restaurant, follows everyone they may, writes
// to each other's notifications and has a list. The matrix below says, for each viewer and each
// read, whose words may appear in the answer; every name that may not must be absent.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { listMessages } from "#domain/lists-rules.ts";
import type { Database } from "#server/db/client.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor } from "#server/test/auth-helpers.ts";
import {
  createComment,
  createDeal,
  createFollow,
  createLike,
  createNotification,
  createPost,
  createRestaurant,
  createReview,
  createUser,
} from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp({ perFile: true });

/** Every person of the world; each one's name is in all they write, so an answer shows it. */
const people = ["alfa", "bravo", "charlie", "delta", "echo", "sierra", "tango"] as const;
type Person = (typeof people)[number];
/** Who reads: a person, or a visitor. */
type Viewer = "alfa" | "bravo" | "charlie" | "sierra" | "visitor";

interface World {
  db: Database;
  cookies: Partial<Record<Person, string>>;
  restaurant: string;
  reviews: Record<Person, string>;
  posts: Record<Person, string>;
  deals: Record<Person, string>;
  lists: Partial<Record<Person, string>>;
  /** Each person's link list, which anyone holding its key may open. */
  linkLists: Partial<Record<Person, string>>;
}

/** Where the restaurant everyone writes at is, and where Nearby is asked from. */
const NEARBY_PIN = { lat: 45.46, lng: 9.19 };

/** The day everyone's follower notifications are from: one followers group each. */
const FOLLOWED_ON = new Date("2025-03-01T12:00:00Z");
const FOLLOWERS_GROUP = "follow.2025-03-01";

/** The people who write at the restaurant (tango writes elsewhere: theirs are the liked items). */
const writers = ["alfa", "bravo", "charlie", "delta", "echo", "sierra"] as const;

async function seed(db: Database): Promise<World> {
  for (const name of people) {
    // Everyone shows their stats, so only the rule of who sees whom keeps them from anyone.
    await createUser(db, {
      id: `person-${name}`,
      username: name,
      fullName: `${name} person`,
      statsPublic: true,
    });
  }
  const id = (name: Person) => `person-${name}`;
  // Pinned, so Nearby's deals list its deals.
  const restaurant = await createRestaurant(db, {
    name: "Corner Bistro",
    latitude: NEARBY_PIN.lat,
    longitude: NEARBY_PIN.lng,
  });
  const elsewhere = await createRestaurant(db, { name: "Harbour Cafe" });
  const reviews = {} as Record<Person, string>;
  const posts = {} as Record<Person, string>;
  const deals = {} as Record<Person, string>;
  for (const name of people) {
    const at = name === "tango" ? elsewhere.id : restaurant.id;
    reviews[name] = (
      await createReview(db, {
        userId: id(name),
        restaurantId: at,
        title: `${name} noodles`,
        description: `Noodles as ${name} likes them`,
        rating: 4,
        // Ranked, so their Rankings tab shows it (ADR 0030).
        category: "Noodles",
        rankPosition: 1,
      })
    ).id;
    posts[name] = (
      await createPost(db, {
        userId: id(name),
        restaurantId: at,
        title: `${name} evening`,
        content: `A noodle evening with ${name}`,
      })
    ).id;
    deals[name] = (
      await createDeal(db, { userId: id(name), restaurantId: at, title: `${name} happy hour` })
    ).id;
  }
  for (const name of writers) await createFollow(db, id("tango"), id(name));
  for (const name of writers) {
    await createLike(db, "review", reviews.tango, id(name));
    await createLike(db, "post", posts.tango, id(name));
    await createComment(db, {
      userId: id(name),
      reviewId: reviews.tango,
      content: `${name} says hi`,
    });
    await createComment(db, { userId: id(name), postId: posts.tango, content: `${name} waves` });
    await createLike(db, "deal", deals.tango, id(name));
    await createComment(db, { userId: id(name), dealId: deals.tango, content: `${name} is in` });
    for (const other of people) {
      if (other === name) continue;
      // The reads must hide a notification between a blocked pair even if one were left.
      await createNotification(db, {
        type: "new_follower",
        userId: id(name),
        actorId: id(other),
        createdAt: FOLLOWED_ON,
      });
      if (!blockedPair(name, other)) await createFollow(db, id(name), id(other));
    }
  }
  // Everyone asks every writer to follow them (as if each were private), a blocked pair too:
  // the requests list must hide what a block would have removed.
  await db.execute(sql`
    insert into follow_requests (requester_id, target_id)
    select r.id, t.id from profiles r, profiles t
     where t.id in (${sql.join(
       writers.map((name) => sql`${id(name)}`),
       sql`, `,
     )}) and r.id <> t.id`);
  // The follow counters as the follows service keeps them: one per row.
  await db.execute(sql`
    update profiles p
       set follower_count = (select count(*) from follows f where f.following_id = p.id),
           following_count = (select count(*) from follows f where f.follower_id = p.id)`);
  // A block removes what lay between the two; what is left here is what a block leaves.
  await db.execute(
    sql`insert into user_blocks (blocker_id, blocked_id) values (${id("alfa")}, ${id("bravo")})`,
  );
  await db.execute(
    sql`insert into user_mutes (muter_id, muted_id) values (${id("charlie")}, ${id("delta")})`,
  );
  // Sessions first: signing in restores an account being deleted, so echo's request comes after.
  const cookies: Partial<Record<Person, string>> = {};
  for (const name of people) cookies[name] = await sessionCookieFor(testApp.app, id(name));
  await db.execute(sql`
    insert into account_deletions (user_id, erase_after)
    values (${id("echo")}, now() + interval '14 days')`);
  // Each person's lists: one their followers see, holding their own review and tango's, and a
  // link list everyone else follows (a block leaves list follows be: the reads hide them).
  const lists: Partial<Record<Person, string>> = {};
  const linkLists: Partial<Record<Person, string>> = {};
  for (const name of writers) {
    const result = await db.execute<{ id: string }>(sql`
      insert into lists (owner_id, name, visibility, share_key)
      values (${id(name)}, ${`${name} favourites`}, 'followers', ${`key-${name}`})
      returning id`);
    const listId = result.rows[0]?.id;
    if (!listId) throw new Error("seed: no list");
    lists[name] = listId;
    await db.execute(sql`
      insert into list_entries (list_id, position, restaurant_id, review_id)
      values (${listId}, 0, ${restaurant.id}, ${reviews[name]}),
             (${listId}, 1, ${elsewhere.id}, ${reviews.tango})`);
    if (name === "sierra") {
      // Reviews by others, which only their own viewers see in the list.
      await db.execute(sql`
        insert into list_entries (list_id, position, restaurant_id, review_id)
        values (${listId}, 2, ${restaurant.id}, ${reviews.bravo}),
               (${listId}, 3, ${restaurant.id}, ${reviews.echo})`);
    }
    const link = await db.execute<{ id: string }>(sql`
      insert into lists (owner_id, name, visibility, share_key)
      values (${id(name)}, ${`${name} picks`}, 'link', ${`link-${name}`}) returning id`);
    linkLists[name] = link.rows[0]?.id;
    await db.execute(sql`
      insert into list_follows (list_id, user_id)
      select ${linkLists[name]}::uuid, p.id from profiles p where p.id <> ${id(name)}`);
  }
  return { db, cookies, restaurant: restaurant.id, reviews, posts, deals, lists, linkLists };
}

/** A read, as the matrix names it: where it is, and (optionally) what of its answer counts. */
interface Read {
  path: (world: World) => string;
  /** The part of the body a `value` expectation compares; the whole body otherwise. */
  pick?: (body: unknown) => unknown;
}

const profileOf = (name: Person) => `person-${name}`;

const reads: Record<string, Read> = {
  "feed everyone": { path: () => "/api/feed?limit=50" },
  "feed following": { path: () => "/api/feed?scope=following&limit=50" },
  "explore dishes": { path: () => "/api/search/dishes" },
  "explore dishes, noodles": { path: () => "/api/search/dishes?q=noodles" },
  "explore posts": { path: () => "/api/search/posts" },
  "explore deals": { path: () => "/api/search/deals" },
  "explore deals, happy hour": { path: () => "/api/search/deals?q=happy%20hour" },
  "explore people": { path: () => "/api/search/users" },
  "explore restaurants: review count": {
    path: () => "/api/search/restaurants?q=corner",
    pick: (body) =>
      (body as { restaurants: { name: string; reviewCount: number }[] }).restaurants.find(
        (card) => card.name === "Corner Bistro",
      )?.reviewCount,
  },
  "restaurant stats: dish reviews": {
    path: (world) => `/api/restaurants/${world.restaurant}`,
    pick: (body) => (body as { stats: { dishRating: { count: number } } }).stats.dishRating.count,
  },
  "restaurant stats: posts": {
    path: (world) => `/api/restaurants/${world.restaurant}`,
    pick: (body) => (body as { stats: { postCount: number } }).stats.postCount,
  },
  "restaurant stats: deals": {
    path: (world) => `/api/restaurants/${world.restaurant}`,
    pick: (body) => (body as { stats: { dealCount: number } }).stats.dealCount,
  },
  "restaurant dishes tab": {
    path: (world) => `/api/restaurants/${world.restaurant}/items?tab=dishes&limit=50`,
  },
  "restaurant posts tab": {
    path: (world) => `/api/restaurants/${world.restaurant}/items?tab=posts&limit=50`,
  },
  "restaurant deals tab": {
    path: (world) => `/api/restaurants/${world.restaurant}/deals?limit=50`,
  },
  "nearby deals": {
    path: () => `/api/nearby/deals?lat=${NEARBY_PIN.lat}&lng=${NEARBY_PIN.lng}`,
  },
  "restaurant followed reviews": {
    path: (world) => `/api/restaurants/${world.restaurant}/followed-reviews`,
  },
  "tango's comments": { path: (world) => `/api/reviews/${world.reviews.tango}/comments?limit=50` },
  "tango's post comments": {
    path: (world) => `/api/posts/${world.posts.tango}/comments?limit=50`,
  },
  "tango's deal comments": {
    path: (world) => `/api/deals/${world.deals.tango}/comments?limit=50`,
  },
  "tango's deal: comment count": {
    path: (world) => `/api/deals/${world.deals.tango}`,
    pick: (body) => (body as { commentCount: number }).commentCount,
  },
  "tango's review: comment count": {
    path: (world) => `/api/reviews/${world.reviews.tango}`,
    pick: (body) => (body as { commentCount: number }).commentCount,
  },
  "tango's post: comment count": {
    path: (world) => `/api/posts/${world.posts.tango}`,
    pick: (body) => (body as { commentCount: number }).commentCount,
  },
  "tango's review in the feed: comment count": {
    path: () => "/api/feed?limit=50",
    pick: (body) =>
      (body as { items: { title: string; commentCount: number }[] }).items.find(
        (item) => item.title === "tango noodles",
      )?.commentCount,
  },
  "tango's profile: follower count": {
    path: () => `/api/profiles/${profileOf("tango")}`,
    pick: (body) => (body as { counts: { followers: number } }).counts.followers,
  },
  "tango's profile: following count": {
    path: () => `/api/profiles/${profileOf("tango")}`,
    pick: (body) => (body as { counts: { following: number } }).counts.following,
  },
  "tango's card in explore: follower count": {
    path: () => "/api/search/users?q=tango",
    pick: (body) =>
      (body as { users: { username: string; counts: { followers: number } }[] }).users.find(
        (card) => card.username === "tango",
      )?.counts.followers,
  },
  "tango's followers": { path: () => `/api/profiles/${profileOf("tango")}/followers?limit=50` },
  "tango's following": { path: () => `/api/profiles/${profileOf("tango")}/following?limit=50` },
  "notification group people": {
    path: () => `/api/notifications/groups/${FOLLOWERS_GROUP}/people?limit=50`,
  },
  "notification group: people counted": {
    path: () => "/api/notifications",
    pick: (body) =>
      (body as { items: { key: string; actorCount: number }[] }).items.find(
        (group) => group.key === FOLLOWERS_GROUP,
      )?.actorCount,
  },
  "unread notifications": {
    path: () => "/api/notifications/unread-count",
    pick: (body) => (body as { count: number }).count,
  },
  "follow requests waiting": { path: () => "/api/follow-requests?limit=50" },
  "lists I follow": { path: () => "/api/lists/following" },
  "for you": { path: () => "/api/for-you" },
  ...perPerson(),
};

/** The reads about one person: their tabs, items, lists, map, stats and follows. */
function perPerson(): Record<string, Read> {
  const result: Record<string, Read> = {};
  for (const name of writers) {
    const profile = profileOf(name);
    Object.assign(result, {
      [`${name}'s dishes tab`]: { path: () => `/api/profiles/${profile}/items?tab=dishes` },
      [`${name}'s posts tab`]: { path: () => `/api/profiles/${profile}/items?tab=posts` },
      [`${name}'s review`]: { path: (world: World) => `/api/reviews/${world.reviews[name]}` },
      [`${name}'s post`]: { path: (world: World) => `/api/posts/${world.posts[name]}` },
      [`${name}'s deal`]: { path: (world: World) => `/api/deals/${world.deals[name]}` },
      [`${name}'s lists`]: { path: () => `/api/profiles/${profile}/lists` },
      [`${name}'s list`]: { path: (world: World) => `/api/lists/${world.lists[name]}` },
      [`${name}'s link list, with its key`]: {
        path: (world: World) => `/api/lists/${world.linkLists[name]}?key=link-${name}`,
      },
      [`${name}'s review by its slug`]: { path: () => `/api/reviews/by-slug/dish/${name}-noodles` },
      [`${name}'s map`]: { path: () => `/api/profiles/${profile}/map` },
      [`${name}'s rankings`]: { path: () => `/api/profiles/${profile}/rankings` },
      [`${name}'s stats`]: { path: () => `/api/profiles/${profile}/stats` },
      [`${name}'s first times`]: { path: () => `/api/profiles/${profile}/stats/firsts` },
      [`${name}'s years in food`]: { path: () => `/api/profiles/${profile}/years` },
      [`${name}'s followers`]: { path: () => `/api/profiles/${profile}/followers` },
      [`${name}'s following`]: { path: () => `/api/profiles/${profile}/following` },
    } satisfies Record<string, Read>);
  }
  return result;
}

/** A key of `reads`. */
type ReadName = string;

/**
 * What a viewer gets from a read: these people in it and no other (tango, in most of them,
 * aside); or only a status; or this value of its picked part.
 */
type Expectation = { shows: readonly Person[] } | { status: 200 | 404 } | { value: unknown };

type Row = [viewer: Viewer, read: ReadName, expectation: Expectation];

/** Whom each viewer sees in general: never echo, and never the other side of a block. */
const sees: Record<Viewer, readonly Person[]> = {
  alfa: ["alfa", "charlie", "delta", "sierra"],
  bravo: ["bravo", "charlie", "delta", "sierra"],
  charlie: ["alfa", "bravo", "charlie", "delta", "sierra"],
  sierra: ["alfa", "bravo", "charlie", "delta", "sierra"],
  visitor: ["alfa", "bravo", "charlie", "delta", "sierra"],
};
const blockedPair = (a: Person, b: Person) =>
  (a === "alfa" && b === "bravo") || (a === "bravo" && b === "alfa");
/** In the feed and notifications, a muted person leaves too. */
const seesInFeed = (viewer: Viewer) =>
  sees[viewer].filter((name) => !(viewer === "charlie" && name === "delta"));
/** The people of `list` other than `viewer` (whom they follow, who notified them). */
const others = (viewer: Viewer, list: readonly Person[]) => list.filter((name) => name !== viewer);
const signedIn: readonly Viewer[] = ["alfa", "bravo", "charlie", "sierra"];
const viewers: readonly Viewer[] = [...signedIn, "visitor"];
const gone = { status: 404 } as const;
/**
 * Six people commented on tango's items: echo's comment, being deleted, is counted by nobody,
 * and for the two of a block the other's is not either, as the threads show them.
 */
const shownComments = (viewer: Viewer) => (viewer === "alfa" || viewer === "bravo" ? 4 : 5);

/** `owner`'s list as `v` reads it: the owner, and the entries' authors `v` may see. */
function withEntries(v: Viewer, owner: Person): Expectation {
  const authors: Person[] = owner === "sierra" ? [owner, "bravo", "echo"] : [owner];
  return { shows: authors.filter((name) => sees[v].includes(name)) };
}

/** What every viewer, visitors too, gets from the reads anyone may make. */
function publicReads(v: Viewer): [ReadName, Expectation][] {
  return [
    ["feed everyone", { shows: seesInFeed(v) }],
    ["explore dishes", { shows: sees[v] }],
    ["explore dishes, noodles", { shows: sees[v] }],
    ["explore posts", { shows: sees[v] }],
    ["explore deals", { shows: sees[v] }],
    ["explore deals, happy hour", { shows: sees[v] }],
    ["explore people", { shows: sees[v] }],
    ["explore restaurants: review count", { value: sees[v].length }],
    ["restaurant stats: dish reviews", { value: sees[v].length }],
    ["restaurant stats: posts", { value: sees[v].length }],
    ["restaurant stats: deals", { value: sees[v].length }],
    ["restaurant dishes tab", { shows: sees[v] }],
    ["restaurant posts tab", { shows: sees[v] }],
    ["restaurant deals tab", { shows: sees[v] }],
    ["nearby deals", { shows: sees[v] }],
    ["tango's comments", { shows: sees[v] }],
    ["tango's post comments", { shows: sees[v] }],
    ["tango's deal comments", { shows: sees[v] }],
    // The counts match the threads.
    ["tango's deal: comment count", { value: shownComments(v) }],
    ["tango's review: comment count", { value: shownComments(v) }],
    ["tango's post: comment count", { value: shownComments(v) }],
    ["tango's review in the feed: comment count", { value: shownComments(v) }],
    // tango follows, and is followed by, every writer: the counts match the lists.
    ["tango's profile: follower count", { value: sees[v].length }],
    ["tango's profile: following count", { value: sees[v].length }],
    ["tango's card in explore: follower count", { value: sees[v].length }],
    ["tango's followers", { shows: sees[v] }],
    ["tango's following", { shows: sees[v] }],
    ...writers.flatMap((owner): [ReadName, Expectation][] => {
      const shown = sees[v].includes(owner);
      const only = { shows: shown ? [owner] : [] };
      // Everyone who may follow the owner does (a block removed the pair's follows).
      const theirPeople = {
        shows: sees[v].filter((name) => name !== owner && !blockedPair(name, owner)),
      };
      // Their lists are for their followers: every signed-in person but the other of a block.
      const listReader = shown && v !== "visitor";
      return [
        [`${owner}'s dishes tab`, shown ? only : gone],
        [`${owner}'s posts tab`, shown ? only : gone],
        [`${owner}'s review`, shown ? only : gone],
        [`${owner}'s post`, shown ? only : gone],
        [`${owner}'s deal`, shown ? only : gone],
        [`${owner}'s lists`, shown ? { shows: listReader ? [owner] : [] } : gone],
        [`${owner}'s list`, listReader ? withEntries(v, owner) : gone],
        [`${owner}'s link list, with its key`, shown ? only : gone],
        [`${owner}'s review by its slug`, shown ? only : gone],
        [`${owner}'s map`, shown ? { status: 200 } : gone],
        [`${owner}'s rankings`, shown ? only : gone],
        [`${owner}'s stats`, shown ? { status: 200 } : gone],
        [`${owner}'s first times`, shown ? { status: 200 } : gone],
        [`${owner}'s years in food`, shown ? { status: 200 } : gone],
        [`${owner}'s followers`, shown ? theirPeople : gone],
        [`${owner}'s following`, shown ? theirPeople : gone],
      ] as [ReadName, Expectation][];
    }),
  ];
}

/** What only a signed-in viewer reads. */
function ownReads(v: Viewer): [ReadName, Expectation][] {
  return [
    ["feed following", { shows: others(v, seesInFeed(v)) }],
    ["restaurant followed reviews", { shows: others(v, sees[v]) }],
    ["notification group people", { shows: others(v, seesInFeed(v)) }],
    // tango wrote to everyone too.
    ["notification group: people counted", { value: others(v, seesInFeed(v)).length + 1 }],
    // All of it one followers group.
    ["unread notifications", { value: 1 }],
    // Asked by everyone; shown as notifications are.
    ["follow requests waiting", { shows: others(v, seesInFeed(v)) }],
    ["lists I follow", { shows: others(v, sees[v]) }],
    // Each writer's noodles, loved by them (4 stars) and named as a followed person's pick.
    ["for you", { shows: others(v, sees[v]) }],
  ];
}

const matrix: Row[] = [
  ...viewers.flatMap((v) => publicReads(v).map(([read, want]): Row => [v, read, want])),
  ...signedIn.flatMap((v) => ownReads(v).map(([read, want]): Row => [v, read, want])),
];

describe("blocks, mutes and accounts being deleted, across every read", () => {
  let world: World;
  beforeAll(async () => {
    await testApp.start();
    world = await seed(testApp.db);
  });

  it.each(matrix)("%s: %s", async (viewer, readName, expectation) => {
    const read = reads[readName];
    if (!read) throw new Error(`no read named ${readName}`);
    const cookie = viewer === "visitor" ? undefined : world.cookies[viewer];
    const response = await request(testApp.app, "GET", read.path(world), { cookie });
    if ("status" in expectation) {
      expect(response.statusCode, response.body).toBe(expectation.status);
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    if ("value" in expectation) {
      expect(read.pick ? read.pick(body) : body).toEqual(expectation.value);
      return;
    }
    const text = JSON.stringify(body);
    const present = people.filter((name) => name !== "tango" && text.includes(name));
    expect(present.sort()).toEqual([...expectation.shows].sort());
  });

  it("refuses likes, comments, saves and list entries between a blocked pair as if the item did not exist", async () => {
    const before = await counts();
    for (const [from, to] of [
      ["alfa", "bravo"],
      ["bravo", "alfa"],
      ["charlie", "echo"],
    ] as const) {
      const cookie = world.cookies[from];
      for (const collection of ["reviews", "posts", "deals"] as const) {
        const itemId = world[collection][to];
        const like = await request(testApp.app, "PUT", `/api/${collection}/${itemId}/like`, {
          cookie,
        });
        expect(like.statusCode).toBe(404);
        const comment = await request(
          testApp.app,
          "POST",
          `/api/${collection}/${itemId}/comments`,
          { cookie, body: { content: "hello" } },
        );
        expect(comment.statusCode).toBe(404);
      }
      const save = await request(
        testApp.app,
        "PUT",
        `/api/reviews/${world.reviews[to]}/want-to-try`,
        { cookie },
      );
      expect(save.statusCode).toBe(404);
      const listId = world.lists[from];
      const add = await request(testApp.app, "POST", `/api/lists/${listId}/entries`, {
        cookie,
        body: { reviewId: world.reviews[to] },
      });
      // The list is theirs; it is the review that is not there for them.
      expect(add.statusCode).toBe(404);
      expect(add.json().error.message).toBe(listMessages.targetNotFound);
    }
    expect(await counts()).toEqual(before);
    // A muted person is still liked and answered: muting only quiets the muter's feed.
    const like = await request(testApp.app, "PUT", `/api/reviews/${world.reviews.delta}/like`, {
      cookie: world.cookies.charlie,
    });
    expect(like.statusCode).toBe(200);
  });

  async function counts() {
    const result = await testApp.db.execute(sql`
      select (select count(*) from likes)::int as likes,
             (select count(*) from post_likes)::int as post_likes,
             (select count(*) from comments)::int as comments,
             (select count(*) from post_comments)::int as post_comments,
             (select count(*) from deal_likes)::int as deal_likes,
             (select count(*) from deal_comments)::int as deal_comments,
             (select count(*) from notifications)::int as notifications,
             (select count(*) from want_to_try)::int as want_to_try,
             (select count(*) from list_entries)::int as list_entries,
             (select sum(like_count + comment_count) from reviews)::int as review_counters,
             (select sum(like_count + comment_count) from posts)::int as post_counters,
             (select sum(like_count + comment_count) from deals)::int as deal_counters`);
    return result.rows[0];
  }
});

// A private account in the same rule. papa's account is private; romeo's follow was approved,
// quebec's request waits, uncle never asked ("private, not approved"), and visitors are not
// signed in. victor is public: papa comments on his review, which stays in view of everyone.
// Their restaurant and names are their own, so the world above reads as it did.
const privatePeople = ["papa", "victor"] as const;
type PrivateViewer = "papa" | "romeo" | "quebec" | "uncle" | "visitor";
const privateViewers: readonly PrivateViewer[] = ["papa", "romeo", "quebec", "uncle", "visitor"];
/** Who may see papa's content: the owner and the approved follower. */
const approved = (v: PrivateViewer) => v === "papa" || v === "romeo";

interface PrivateWorld {
  cookies: Partial<Record<PrivateViewer, string>>;
  restaurant: string;
  reviews: Record<(typeof privatePeople)[number], string>;
  posts: Record<(typeof privatePeople)[number], string>;
  list: string;
  linkList: string;
}

async function seedPrivate(db: Database): Promise<PrivateWorld> {
  const id = (name: string) => `private-${name}`;
  for (const name of ["papa", "victor", "romeo", "quebec", "uncle"]) {
    await createUser(db, {
      id: id(name),
      username: name,
      fullName: `${name} person`,
      statsPublic: true,
      isPrivate: name === "papa",
    });
  }
  const restaurant = await createRestaurant(db, { name: "Lantern House" });
  const reviews = {} as PrivateWorld["reviews"];
  const posts = {} as PrivateWorld["posts"];
  for (const name of privatePeople) {
    reviews[name] = (
      await createReview(db, {
        userId: id(name),
        restaurantId: restaurant.id,
        title: `${name} dumplings`,
        rating: 4,
      })
    ).id;
    posts[name] = (
      await createPost(db, {
        userId: id(name),
        restaurantId: restaurant.id,
        title: `${name} night`,
      })
    ).id;
    await createDeal(db, { userId: id(name), restaurantId: restaurant.id, title: `${name} lunch` });
  }
  for (const name of ["papa", "victor"]) {
    await createComment(db, {
      userId: id(name),
      reviewId: reviews.victor,
      content: `${name} agrees`,
    });
  }
  await createLike(db, "review", reviews.victor, id("papa"));
  for (const name of ["papa", "romeo", "quebec", "uncle"])
    await createFollow(db, id(name), id("victor"));
  await createFollow(db, id("romeo"), id("papa"));
  await db.execute(sql`
    insert into follow_requests (requester_id, target_id) values (${id("quebec")}, ${id("papa")})`);
  const list = await db.execute<{ id: string }>(sql`
    insert into lists (owner_id, name, visibility, share_key)
    values (${id("papa")}, 'papa favourites', 'followers', 'key-papa') returning id`);
  const linkList = await db.execute<{ id: string }>(sql`
    insert into lists (owner_id, name, visibility, share_key)
    values (${id("papa")}, 'papa picks', 'link', 'link-papa') returning id`);
  for (const row of [list.rows[0], linkList.rows[0]]) {
    await db.execute(sql`
      insert into list_entries (list_id, position, restaurant_id, review_id)
      values (${row?.id}, 0, ${restaurant.id}, ${reviews.papa})`);
  }
  const cookies: Partial<Record<PrivateViewer, string>> = {};
  for (const name of ["papa", "romeo", "quebec", "uncle"] as const) {
    cookies[name] = await sessionCookieFor(testApp.app, id(name));
  }
  return {
    cookies,
    restaurant: restaurant.id,
    reviews,
    posts,
    list: list.rows[0]?.id ?? "",
    linkList: linkList.rows[0]?.id ?? "",
  };
}

type PrivateRead = [
  viewer: PrivateViewer,
  read: string,
  path: (world: PrivateWorld) => string,
  expectation: PrivateExpectation,
];
/** As Expectation, over this world's people; a value is picked from the answer. */
type PrivateExpectation =
  | { shows: readonly (typeof privatePeople)[number][] }
  | { status: 200 | 404 }
  | { value: unknown; pick: (body: unknown) => unknown };

function privateMatrix(): PrivateRead[] {
  const rows: PrivateRead[] = [];
  const papa = "private-papa";
  for (const v of privateViewers) {
    const sees = approved(v);
    const content: PrivateExpectation = { shows: sees ? ["papa", "victor"] : ["victor"] };
    const papasOwn: PrivateExpectation = sees ? { shows: ["papa"] } : gone;
    const add = (read: string, path: (w: PrivateWorld) => string, want: PrivateRead[3]) =>
      rows.push([v, read, path, want]);
    add("feed everyone", () => "/api/feed?limit=50", content);
    add("explore dishes", () => "/api/search/dishes?q=dumplings", content);
    add("explore posts", () => "/api/search/posts?q=night", content);
    add("explore deals", () => "/api/search/deals?q=lunch", content);
    add("explore people", () => "/api/search/users?q=papa", { shows: ["papa"] });
    add("restaurant stats: dish reviews", (w) => `/api/restaurants/${w.restaurant}`, {
      value: sees ? 2 : 1,
      pick: (body) => (body as { stats: { dishRating: { count: number } } }).stats.dishRating.count,
    });
    add(
      "restaurant dishes tab",
      (w) => `/api/restaurants/${w.restaurant}/items?tab=dishes`,
      content,
    );
    add("restaurant posts tab", (w) => `/api/restaurants/${w.restaurant}/items?tab=posts`, content);
    // papa's comment on a public review stays, as on other social apps.
    add("victor's comments", (w) => `/api/reviews/${w.reviews.victor}/comments`, {
      shows: ["papa", "victor"],
    });
    add("papa's profile: content shown", () => `/api/profiles/${papa}`, {
      value: sees,
      pick: (body) => (body as { contentVisible: boolean }).contentVisible,
    });
    add("papa's dishes tab", () => `/api/profiles/${papa}/items?tab=dishes`, papasOwn);
    add("papa's posts tab", () => `/api/profiles/${papa}/items?tab=posts`, papasOwn);
    add("papa's review", (w) => `/api/reviews/${w.reviews.papa}`, papasOwn);
    add("papa's post", (w) => `/api/posts/${w.posts.papa}`, papasOwn);
    add("papa's review by its slug", () => "/api/reviews/by-slug/dish/papa-dumplings", papasOwn);
    add("papa's lists", () => `/api/profiles/${papa}/lists`, papasOwn);
    add("papa's list", (w) => `/api/lists/${w.list}`, sees ? { shows: ["papa"] } : gone);
    // A link list stays open to holders of its link, as its owner chose.
    add("papa's link list, with its key", (w) => `/api/lists/${w.linkList}?key=link-papa`, {
      shows: ["papa"],
    });
    for (const read of ["map", "rankings", "stats", "stats/firsts", "years"]) {
      add(`papa's ${read}`, () => `/api/profiles/${papa}/${read}`, sees ? { status: 200 } : gone);
    }
    // Their name and counts are public: so are the people they follow and who follow them.
    add("papa's followers", () => `/api/profiles/${papa}/followers`, { status: 200 });
    if (v !== "visitor") {
      add("feed following", () => "/api/feed?scope=following&limit=50", {
        shows: v === "romeo" ? ["papa", "victor"] : ["victor"],
      });
      add(
        "restaurant followed reviews",
        (w) => `/api/restaurants/${w.restaurant}/followed-reviews`,
        {
          shows: v === "romeo" ? ["papa", "victor"] : ["victor"],
        },
      );
      // Both love their dumplings; papa's are a pick (named) only for the approved follower.
      add("for you", () => "/api/for-you", {
        shows: v === "romeo" ? ["papa", "victor"] : ["victor"],
      });
    }
  }
  return rows;
}

describe("a private account across the same reads: private not approved, requested, approved", () => {
  let world: PrivateWorld;
  beforeAll(async () => {
    await testApp.start();
    world = await seedPrivate(testApp.db);
  });

  it.each(privateMatrix())("%s: %s", async (viewer, _read, path, expectation) => {
    const cookie = viewer === "visitor" ? undefined : world.cookies[viewer];
    const response = await request(testApp.app, "GET", path(world), { cookie });
    if ("status" in expectation) {
      expect(response.statusCode, response.body).toBe(expectation.status);
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    if ("value" in expectation) {
      expect(expectation.pick(response.json())).toEqual(expectation.value);
      return;
    }
    const present = privatePeople.filter((name) => response.body.includes(name));
    expect(present.sort()).toEqual([...expectation.shows].sort());
  });
});
