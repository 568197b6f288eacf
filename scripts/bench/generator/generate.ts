// The bench data set: people, restaurants, reviews and posts with photos, likes, comments, a
// follow graph with a long tail and notifications, at a chosen scale (1 = 50k people, 1M
// reviews and posts, 5M likes, 1M comments), the same rows for the same seed.
import { numberedSlug, restaurantSlug } from "#domain/slugs.ts";
import { hashPassword } from "#server/auth/auth.ts";
import { type BulkTarget, COPY_NULL, copyText } from "./bulk-target.ts";
import {
  FOLLOW_CAP,
  FOLLOW_COUNT_SHAPE,
  FOLLOWED_POPULARITY_K,
  FOLLOWS_PER_PERSON,
  READER_FOLLOWS,
} from "./follow-model.ts";
import { type StoredPhoto, storeBenchPictures } from "./photos.ts";
import { allocate, hash32, primesAbove, Random, scatter, uuidFor } from "./random.ts";
import {
  bio,
  CITIES,
  commentText,
  dishName,
  FIRST_NAMES,
  LAST_NAMES,
  postBody,
  postTitle,
  restaurantName,
  reviewText,
  STREETS,
} from "./vocabulary.ts";
import { type IndexPhaseTimes, withoutIndexes } from "./without-indexes.ts";

/** Every generated account signs in with this password. */
export const BENCH_PASSWORD = "bench password";
/** The sign-in email of generated account `index`. */
export const benchEmail = (index: number) => `bench${index}@example.com`;
/**
 * Accounts with a known follow count, for the Following feed: the first follows exactly 100
 * people, the second 1,200 (or everyone, in a data set of fewer people).
 */
export const BENCH_READERS = { follows100: 0, follows1000: 1 } as const;

/**
 * One account in 40 is private, as a share of people keep theirs: every read that shows content
 * then checks its authors against private accounts of realistic number. Never a bench reader.
 */
function isPrivateAccount(index: number): boolean {
  return index % 40 === 39;
}

/** Every row's time lies in the two years before this instant, so a seed always gives the same rows. */
const BENCH_EPOCH_MS = Date.UTC(2026, 10, 1);
const SPAN_MS = 2 * 365 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

interface BenchSizes {
  users: number;
  restaurants: number;
  reviews: number;
  posts: number;
  deals: number;
  likes: number;
  comments: number;
  follows: number;
}

/** Row counts at `scale` (1 = the budgets' size), never so small that a list is empty. */
function benchSizes(scale: number): BenchSizes {
  const at = (full: number, least: number) => Math.max(least, Math.round(full * scale));
  return {
    users: at(50_000, 20),
    restaurants: at(20_000, 10),
    reviews: at(850_000, 50),
    posts: at(150_000, 10),
    deals: at(100_000, 10),
    likes: at(5_000_000, 100),
    comments: at(1_000_000, 20),
    follows: at(50_000 * FOLLOWS_PER_PERSON, 60),
  };
}

export interface BenchDataOptions {
  target: BulkTarget;
  scale: number;
  seed?: number | undefined;
  /** The server's uploads directory (DATA_DIR/uploads): the rows' pictures are written there. */
  uploadsDir: string;
  log?: ((message: string) => void) | undefined;
}

export interface BenchDataSummary {
  scale: number;
  seed: number;
  seconds: number;
  rows: Record<string, number>;
  /** Seconds per phase of the load, in order. */
  phases: { name: string; seconds: number }[];
  indexes: IndexPhaseTimes;
  /** Rows whose counters the aggregate UPDATE changed: 0 means the generator counted right. */
  countersCorrected: number;
  /** The largest follower counts, to see the follow graph's tail. */
  mostFollowers: number[];
}

/** Kinds of generated ids (the `table` of uuidFor). */
const ID = {
  user: 1,
  restaurant: 2,
  review: 3,
  post: 4,
  reviewImage: 5,
  postImage: 6,
  comment: 7,
  postComment: 8,
  follow: 9,
  notification: 10,
  account: 11,
  deal: 12,
} as const;

const NOTIFICATION_TYPES = ["new_follower", "new_comment", "new_like"] as const;
/** Which item table a like, comment or notification row points at. */
const ITEM_KIND = { review: 1, post: 2 } as const;
type ItemKindCode = (typeof ITEM_KIND)[keyof typeof ITEM_KIND];
/** Share of likes, comments and follows whose notification is still kept. */
const NOTIFIED = { like: 0.1, comment: 0.3, follow: 0.3 } as const;
/** Notifications younger than this are unread. */
const UNREAD_AGE_MS = 3 * DAY_MS;
const HIDDEN_ITEM_SHARE = 0.005;
/** One comment in this many is hidden by a moderator (and not counted). */
const HIDDEN_COMMENT_EVERY = 200;
const PHOTOS = 6;
const AVATARS = 4;

/** Tables the generator fills, in load order; their indexes are built after the load. */
const BULK_TABLES = [
  "user",
  "account",
  "profiles",
  "user_roles",
  "restaurants",
  "reviews",
  "review_images",
  "posts",
  "post_images",
  "deals",
  "likes",
  "post_likes",
  "comments",
  "post_comments",
  "follows",
  "notifications",
] as const;

/** COPY text of a timestamp given in (fractional) milliseconds: microsecond precision, UTC. */
function timestamp(ms: number): string {
  const whole = Math.floor(ms);
  const micros = Math.floor((ms - whole) * 1000);
  return `${new Date(whole).toISOString().slice(0, 23)}${String(micros).padStart(3, "0")}+00`;
}

const bool = (value: boolean) => (value ? "t" : "f");
const text = (value: string | null | undefined) =>
  value === null || value === undefined ? COPY_NULL : copyText(value);

/** Per item of one kind: who wrote it, when, and how many likes and comments it gets. */
interface ItemPlan {
  ids: string[];
  authors: Uint32Array;
  times: Float64Array;
  likes: Uint32Array;
  comments: Uint32Array;
  visibleComments: Uint32Array;
}

/** Notifications gathered while likes, comments and follows are written, loaded last. */
class NotificationRows {
  length = 0;
  type = new Uint8Array(1024);
  recipient = new Uint32Array(1024);
  actor = new Uint32Array(1024);
  /** 0 for none, else an ITEM_KIND. */
  kind = new Uint8Array(1024);
  item = new Uint32Array(1024);
  time = new Float64Array(1024);

  push(type: number, recipient: number, actor: number, kind: number, item: number, time: number) {
    if (this.length === this.type.length) this.grow();
    const at = this.length++;
    this.type[at] = type;
    this.recipient[at] = recipient;
    this.actor[at] = actor;
    this.kind[at] = kind;
    this.item[at] = item;
    this.time[at] = time;
  }

  private grow() {
    const size = this.type.length * 2;
    const grown = <T extends Uint8Array | Uint32Array | Float64Array>(
      array: T,
      make: new (n: number) => T,
    ) => {
      const copy = new make(size);
      copy.set(array);
      return copy;
    };
    this.type = grown(this.type, Uint8Array);
    this.recipient = grown(this.recipient, Uint32Array);
    this.actor = grown(this.actor, Uint32Array);
    this.kind = grown(this.kind, Uint8Array);
    this.item = grown(this.item, Uint32Array);
    this.time = grown(this.time, Float64Array);
  }
}

/**
 * Fills an empty, migrated database with the bench data set. Rows go in with COPY into tables
 * stripped of their indexes and keys, which are rebuilt afterwards; the counters the app keeps
 * (likes, comments, followers) are written by the generator and then checked by one UPDATE …
 * FROM aggregate per table, which corrects any row that disagrees with the rows it counts.
 */
export async function generateBenchData(options: BenchDataOptions): Promise<BenchDataSummary> {
  const { target, scale } = options;
  const seed = options.seed ?? 1;
  const log = options.log ?? (() => {});
  const sizes = benchSizes(scale);
  const started = performance.now();
  const phases: BenchDataSummary["phases"] = [];
  const rows: Record<string, number> = {};
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const phaseStarted = performance.now();
    const result = await work();
    const seconds = (performance.now() - phaseStarted) / 1000;
    phases.push({ name, seconds: Math.round(seconds * 10) / 10 });
    log(`${name} (${seconds.toFixed(1)} s)`);
    return result;
  };
  const copy = async (table: string, columns: readonly string[], lines: Iterable<string>) => {
    const count = await phase(`copy ${table}`, () =>
      target.copy(`"${table}"`, columns, withProgress(lines, table, log)),
    );
    rows[table] = count;
    log(`  ${count.toLocaleString("en")} rows in ${table}`);
  };

  const [existing] = await target.rows<{ count: number }>(
    "select count(*)::int as count from profiles",
  );
  if ((existing?.count ?? 0) > 0) throw new Error("bench data needs an empty, migrated database");

  const pictures = await phase("photos and avatars", () =>
    storeBenchPictures(options.uploadsDir, seed, PHOTOS, AVATARS),
  );
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await target.exec("set synchronous_commit = off");
  if (target.kind === "postgres") {
    // Index builds sort in memory instead of spilling to disk (this session only).
    await target.exec("set maintenance_work_mem = '1GB'; set work_mem = '256MB'");
  }

  const userIds = Array.from({ length: sizes.users }, (_, index) => uuidFor(seed, ID.user, index));
  const restaurants = planRestaurants(seed, sizes.restaurants);
  const popularAuthor = scatter(sizes.users);
  const popularRestaurant = scatter(sizes.restaurants);

  const follows = planFollows(seed, sizes);
  const reviews = planItems(seed, "review", sizes.reviews, sizes, popularAuthor);
  const posts = planItems(seed, "post", sizes.posts, sizes, popularAuthor);
  const notifications = new NotificationRows();
  let countersCorrected = 0;

  const indexes = await withoutIndexes(
    target,
    BULK_TABLES,
    async () => {
      await copyPeople(copy, seed, userIds, passwordHash, follows, pictures.avatars);
      await copy("restaurants", RESTAURANT_COLUMNS, restaurants.lines);
      await copy(
        "reviews",
        REVIEW_COLUMNS,
        reviewLines(seed, reviews, userIds, restaurants, popularRestaurant),
      );
      await copy(
        "review_images",
        IMAGE_COLUMNS("review_id"),
        imageLines(seed, "review", reviews, pictures.photos),
      );
      await copy(
        "posts",
        POST_COLUMNS,
        postLines(seed, posts, userIds, restaurants, popularRestaurant),
      );
      await copy(
        "post_images",
        IMAGE_COLUMNS("post_id"),
        imageLines(seed, "post", posts, pictures.photos),
      );
      await copy(
        "deals",
        DEAL_COLUMNS,
        dealLines(seed, sizes, userIds, restaurants, popularAuthor, popularRestaurant),
      );
      await copy(
        "likes",
        ["user_id", "review_id", "created_at"],
        likeLines(seed, ITEM_KIND.review, reviews, userIds, notifications),
      );
      await copy(
        "post_likes",
        ["user_id", "post_id", "created_at"],
        likeLines(seed, ITEM_KIND.post, posts, userIds, notifications),
      );
      await copy(
        "comments",
        COMMENT_COLUMNS("review_id"),
        commentLines(seed, ITEM_KIND.review, reviews, userIds, notifications),
      );
      await copy(
        "post_comments",
        COMMENT_COLUMNS("post_id"),
        commentLines(seed, ITEM_KIND.post, posts, userIds, notifications),
      );
      await copy(
        "follows",
        ["id", "follower_id", "following_id", "created_at"],
        followLines(seed, follows, userIds, notifications),
      );
      await copy(
        "notifications",
        NOTIFICATION_COLUMNS,
        notificationLines(seed, notifications, userIds, reviews, posts),
      );
      countersCorrected = await phase("counters checked", () => correctCounters(target));
    },
    log,
  );
  await phase("vacuum analyze", () => target.exec("vacuum analyze"));
  const mostFollowers = (
    await target.rows<{ follower_count: number }>(
      "select follower_count from profiles order by follower_count desc limit 5",
    )
  ).map((row) => row.follower_count);
  return {
    scale,
    seed,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    rows,
    phases,
    indexes,
    countersCorrected,
    mostFollowers,
  };
}

/** Passes `lines` through, saying every million rows how far a long COPY has got. */
function* withProgress(
  lines: Iterable<string>,
  table: string,
  log: (message: string) => void,
): Generator<string> {
  const started = performance.now();
  let count = 0;
  for (const line of lines) {
    yield line;
    if (++count % 1_000_000 === 0) {
      const seconds = (performance.now() - started) / 1000;
      log(
        `  ${table}: ${count.toLocaleString("en")} rows (${Math.round(count / seconds).toLocaleString("en")}/s)`,
      );
    }
  }
}

type Copy = (table: string, columns: readonly string[], lines: Iterable<string>) => Promise<void>;

// ---------------------------------------------------------------------------------------------
// People and the follow graph

interface FollowPlan {
  /** targets[offsets[i] … offsets[i + 1]) are the people user i follows. */
  offsets: Uint32Array;
  targets: Uint32Array;
  followers: Uint32Array;
}

/**
 * Who follows whom: how many people each account follows is heavy-tailed, and whom they follow
 * favours a few very popular accounts (tens of thousands of followers at scale 1) over a long
 * tail. The bench readers follow exactly their planned number.
 */
function planFollows(seed: number, sizes: BenchSizes): FollowPlan {
  const random = new Random(seed, "follows");
  const users = sizes.users;
  const degrees = allocate(
    random,
    users,
    sizes.follows,
    FOLLOW_COUNT_SHAPE,
    Math.min(FOLLOW_CAP, Math.floor(users / 2)),
  );
  READER_FOLLOWS.forEach((count, index) => {
    degrees[index] = Math.min(count, users - 1);
  });
  const offsets = new Uint32Array(users + 1);
  for (let index = 0; index < users; index++) {
    offsets[index + 1] = (offsets[index] ?? 0) + (degrees[index] ?? 0);
  }
  const targets = new Uint32Array(offsets[users] ?? 0);
  const followers = new Uint32Array(users);
  const popular = scatter(users);
  const everyone = Array.from({ length: users }, (_, index) => index);
  for (let follower = 0; follower < users; follower++) {
    const degree = degrees[follower] ?? 0;
    let at = offsets[follower] ?? 0;
    const chosen = new Set<number>();
    if (degree > users / 2) {
      // Nearly everyone: a shuffle, since drawing by popularity would rarely reach the tail.
      for (let index = users - 1; index > 0; index--) {
        const other = random.int(index + 1);
        [everyone[index], everyone[other]] = [everyone[other] ?? 0, everyone[index] ?? 0];
      }
      for (const candidate of everyone) {
        if (chosen.size === degree) break;
        if (candidate !== follower) chosen.add(candidate);
      }
    } else {
      while (chosen.size < degree) {
        const candidate = popular(random.rank(users, FOLLOWED_POPULARITY_K));
        if (candidate !== follower) chosen.add(candidate);
      }
    }
    for (const followed of chosen) {
      targets[at++] = followed;
      followers[followed] = (followers[followed] ?? 0) + 1;
    }
  }
  return { offsets, targets, followers };
}

async function copyPeople(
  copy: Copy,
  seed: number,
  userIds: string[],
  passwordHash: string,
  follows: FollowPlan,
  avatars: string[],
) {
  const joined = (index: number) =>
    timestamp(BENCH_EPOCH_MS - SPAN_MS - ((hash32(seed, index, 77) % 180) + 1) * DAY_MS);
  await copy(
    "user",
    ["id", "name", "email", "email_verified", "two_factor_enabled", "created_at", "updated_at"],
    (function* () {
      for (const [index, id] of userIds.entries()) {
        const at = joined(index);
        yield `${id}\t\t${benchEmail(index)}\tt\tf\t${at}\t${at}`;
      }
    })(),
  );
  await copy(
    "account",
    ["id", "account_id", "provider_id", "user_id", "password", "created_at", "updated_at"],
    (function* () {
      for (const [index, id] of userIds.entries()) {
        const at = joined(index);
        yield `${uuidFor(seed, ID.account, index)}\t${id}\tcredential\t${id}\t${passwordHash}\t${at}\t${at}`;
      }
    })(),
  );
  const random = new Random(seed, "profiles");
  await copy(
    "profiles",
    [
      "id",
      "username",
      "slug",
      "full_name",
      "first_name",
      "last_name",
      "bio",
      "avatar_url",
      "location",
      "follower_count",
      "following_count",
      "is_private",
      "created_at",
      "updated_at",
    ],
    (function* () {
      for (const [index, id] of userIds.entries()) {
        const first = random.pick(FIRST_NAMES);
        const last = random.pick(LAST_NAMES);
        const city = random.pick(CITIES)[0];
        const username =
          index === BENCH_READERS.follows100
            ? "bench_reader"
            : index === BENCH_READERS.follows1000
              ? "bench_heavy_reader"
              : `${first}_${last}_${index}`.toLowerCase();
        const at = joined(index);
        yield [
          id,
          username,
          username,
          `${first} ${last}`,
          first,
          last,
          random.chance(0.4) ? text(bio(random, city)) : COPY_NULL,
          random.chance(0.6) ? random.pick(avatars) : COPY_NULL,
          random.chance(0.5) ? city : COPY_NULL,
          follows.followers[index] ?? 0,
          (follows.offsets[index + 1] ?? 0) - (follows.offsets[index] ?? 0),
          isPrivateAccount(index),
          at,
          at,
        ].join("\t");
      }
    })(),
  );
  await copy(
    "user_roles",
    ["user_id", "role", "created_at"],
    (function* () {
      for (const [index, id] of userIds.entries()) yield `${id}\tuser\t${joined(index)}`;
    })(),
  );
}

function* followLines(
  seed: number,
  follows: FollowPlan,
  userIds: string[],
  notifications: NotificationRows,
): Generator<string> {
  const random = new Random(seed, "follow rows");
  const users = userIds.length;
  let row = 0;
  for (let follower = 0; follower < users; follower++) {
    const end = follows.offsets[follower + 1] ?? 0;
    for (let at = follows.offsets[follower] ?? 0; at < end; at++) {
      const followed = follows.targets[at] ?? 0;
      const time = BENCH_EPOCH_MS - random.next() * SPAN_MS;
      if (random.chance(NOTIFIED.follow)) notifications.push(0, followed, follower, 0, 0, time);
      yield `${uuidFor(seed, ID.follow, row++)}\t${userIds[follower]}\t${userIds[followed]}\t${timestamp(time)}`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Restaurants, reviews, posts, photos

const RESTAURANT_COLUMNS = [
  "id",
  "name",
  "slug",
  "google_place_id",
  "address",
  "latitude",
  "longitude",
  "phone",
  "price_level",
  "google_rating",
  "created_at",
];

interface RestaurantPlan {
  ids: string[];
  names: string[];
  lines: string[];
  /** Each restaurant's price level (1–4) and cuisine (0 … CUISINES − 1): what taste is of. */
  prices: number[];
  cuisines: number[];
  /** Each restaurant's IANA zone (its city's): the zone its deals' hours are in. */
  zones: string[];
}

// Planted taste (issue 33), so that recommendations can be measured (`npm run bench:recs`):
// each restaurant has one of CUISINES cuisines, each person likes two of them and one price
// level, their ratings follow that with noise, and part of their visits go to a cuisine they
// like (people eat what they like more often). Drawn from hashes rather than the streams, so
// every other column, row and count is as it was.
const CUISINES = 8;
const TASTE = {
  /** The rating a person gives with no feeling either way. */
  base: 3,
  /** Added when the cuisine is one they like, and when the price is theirs (taken 2 levels off). */
  likedCuisine: 1.4,
  pricePerfect: 0.4,
  priceFarOff: -0.4,
  /** How much of the old rating's spread (the RATINGS draw, around its mean 3.6) is kept. */
  noise: 0.6,
  /**
   * Share of visits made for the cuisine: the restaurant drawn by popularity is then replaced by
   * the next one down the popularity ranks whose cuisine the person likes, so the popular places
   * stay popular. The rest are drawn by popularity alone, whatever the taste; with them, about
   * 60% of visits are to a liked cuisine instead of 23%.
   */
  visitsByTaste: 0.5,
} as const;

function restaurantCuisine(seed: number, restaurant: number): number {
  return hash32(seed, restaurant, 91) % CUISINES;
}

/** A person's two liked cuisines (maybe the same one twice) and price level. */
function personTaste(seed: number, person: number) {
  return {
    cuisines: [hash32(seed, person, 92) % CUISINES, hash32(seed, person, 93) % CUISINES],
    price: 1 + (hash32(seed, person, 94) % 4),
  };
}

/**
 * Where `person` eats on review `review`: the restaurant at popularity `rank`, or for a share
 * of visits (TASTE.visitsByTaste) the first one from there down the ranks of a liked cuisine.
 */
function visitedRestaurant(
  seed: number,
  person: number,
  review: number,
  rank: number,
  restaurants: RestaurantPlan,
  popularRestaurant: (rank: number) => number,
): number {
  const count = restaurants.ids.length;
  if (hash32(seed, review, 95) / 2 ** 32 >= TASTE.visitsByTaste) return popularRestaurant(rank);
  const liked = personTaste(seed, person).cuisines;
  for (let step = 0; step < count; step++) {
    const restaurant = popularRestaurant((rank + step) % count);
    if (liked.includes(restaurants.cuisines[restaurant] ?? -1)) return restaurant;
  }
  return popularRestaurant(rank);
}

/** What `person` rates `restaurant`, `drawn` being the rating the streams drew (the noise). */
function tastedRating(
  seed: number,
  person: number,
  restaurant: number,
  restaurants: RestaurantPlan,
  drawn: number,
): number {
  const taste = personTaste(seed, person);
  const priceOff = Math.abs((restaurants.prices[restaurant] ?? 2) - taste.price);
  const affinity =
    (taste.cuisines.includes(restaurants.cuisines[restaurant] ?? 0) ? TASTE.likedCuisine : 0) +
    (priceOff === 0 ? TASTE.pricePerfect : priceOff >= 2 ? TASTE.priceFarOff : 0);
  const rating = TASTE.base + affinity + TASTE.noise * (drawn - 3.6);
  return Math.min(5, Math.max(1, Math.round(rating)));
}

/** Restaurants are few (20k at scale 1): kept whole, since restaurant reviews use their names. */
function planRestaurants(seed: number, count: number): RestaurantPlan {
  const random = new Random(seed, "restaurants");
  const slugs = new Map<string, number>();
  const plan: RestaurantPlan = {
    ids: [],
    names: [],
    lines: [],
    prices: [],
    cuisines: [],
    zones: [],
  };
  const keepPrice = (price: number) => {
    plan.prices.push(price);
    return price;
  };
  for (let index = 0; index < count; index++) {
    const id = uuidFor(seed, ID.restaurant, index);
    const name = restaurantName(random);
    const [city, region, latitude, longitude] = random.pick(CITIES);
    plan.zones.push(CITY_ZONES[city] ?? "UTC");
    const address = `${random.between(1, 999)} ${random.pick(STREETS)}, ${region}`;
    const base = restaurantSlug(name, address);
    const taken = (slugs.get(base) ?? 0) + 1;
    slugs.set(base, taken);
    plan.ids.push(id);
    plan.names.push(name);
    plan.cuisines.push(restaurantCuisine(seed, index));
    plan.lines.push(
      [
        id,
        text(name),
        numberedSlug(base, taken),
        random.chance(0.7) ? `bench-place-${index}` : COPY_NULL,
        text(address),
        (latitude + (random.next() - 0.5) * 0.1).toFixed(6),
        (longitude + (random.next() - 0.5) * 0.1).toFixed(6),
        random.chance(0.6)
          ? `+1 555 ${String(random.int(10_000_000)).padStart(7, "0")}`
          : COPY_NULL,
        keepPrice(random.between(1, 4)),
        random.chance(0.8) ? (3 + random.int(21) / 10).toFixed(1) : COPY_NULL,
        timestamp(BENCH_EPOCH_MS - SPAN_MS - random.next() * 365 * DAY_MS),
      ].join("\t"),
    );
  }
  return plan;
}

/**
 * Authors, times and like/comment counts of every review or post, decided before any row is
 * written so the items' counters can be written with them.
 */
function planItems(
  seed: number,
  kind: "review" | "post",
  count: number,
  sizes: BenchSizes,
  popularAuthor: (rank: number) => number,
): ItemPlan {
  const random = new Random(seed, `${kind} plan`);
  const share = count / (sizes.reviews + sizes.posts);
  const likes = allocate(random, count, sizes.likes * share, 1.6, sizes.users - 1);
  const comments = allocate(random, count, sizes.comments * share, 1.4, 5_000);
  const visibleComments = new Uint32Array(count);
  const authors = new Uint32Array(count);
  const times = new Float64Array(count);
  const ids: string[] = new Array(count);
  const kindId = kind === "review" ? ID.review : ID.post;
  for (let index = 0; index < count; index++) {
    ids[index] = uuidFor(seed, kindId, index);
    authors[index] = popularAuthor(random.rank(sizes.users, 2));
    times[index] = BENCH_EPOCH_MS - random.next() * SPAN_MS;
    let visible = 0;
    const total = comments[index] ?? 0;
    for (let comment = 0; comment < total; comment++) {
      if (!isHiddenComment(seed, kindId, index, comment)) visible++;
    }
    visibleComments[index] = visible;
  }
  return { ids, authors, times, likes, comments, visibleComments };
}

function isHiddenComment(seed: number, kind: number, item: number, comment: number): boolean {
  return hash32(seed, kind, item, comment, 5) % HIDDEN_COMMENT_EVERY === 0;
}

const REVIEW_COLUMNS = [
  "id",
  "user_id",
  "restaurant_id",
  "review_type",
  "title",
  "description",
  "rating",
  "cost",
  "is_hidden",
  "like_count",
  "comment_count",
  "created_at",
  "updated_at",
];

/** Ratings lean positive, as they do on every review site; taste moves them (tastedRating). */
const RATINGS = [1, 2, 3, 3, 4, 4, 4, 4, 5, 5, 5];

function* reviewLines(
  seed: number,
  plan: ItemPlan,
  userIds: string[],
  restaurants: RestaurantPlan,
  popularRestaurant: (rank: number) => number,
): Generator<string> {
  const random = new Random(seed, "reviews");
  for (let index = 0; index < plan.ids.length; index++) {
    const author = plan.authors[index] ?? 0;
    const restaurant = visitedRestaurant(
      seed,
      author,
      index,
      random.rank(restaurants.ids.length, 2),
      restaurants,
      popularRestaurant,
    );
    const isDish = random.chance(0.8);
    // A restaurant review is titled with the restaurant's name, as the app does.
    const title = isDish ? dishName(random) : (restaurants.names[restaurant] ?? "Restaurant");
    const created = plan.times[index] ?? BENCH_EPOCH_MS;
    yield [
      plan.ids[index],
      userIds[author],
      restaurants.ids[restaurant],
      isDish ? "dish" : "restaurant",
      text(title),
      text(reviewText(random, isDish ? title : "the food")),
      tastedRating(seed, author, restaurant, restaurants, random.pick(RATINGS)),
      isDish ? (random.between(400, 6000) / 100).toFixed(2) : random.between(1, 4),
      bool(random.chance(HIDDEN_ITEM_SHARE)),
      plan.likes[index] ?? 0,
      plan.visibleComments[index] ?? 0,
      timestamp(created),
      timestamp(created),
    ].join("\t");
  }
}

const POST_COLUMNS = [
  "id",
  "user_id",
  "restaurant_id",
  "title",
  "content",
  "is_hidden",
  "like_count",
  "comment_count",
  "created_at",
  "updated_at",
];

function* postLines(
  seed: number,
  plan: ItemPlan,
  userIds: string[],
  restaurants: RestaurantPlan,
  popularRestaurant: (rank: number) => number,
): Generator<string> {
  const random = new Random(seed, "posts");
  for (let index = 0; index < plan.ids.length; index++) {
    const restaurant = random.chance(0.5)
      ? restaurants.ids[popularRestaurant(random.rank(restaurants.ids.length, 2))]
      : undefined;
    const created = plan.times[index] ?? BENCH_EPOCH_MS;
    yield [
      plan.ids[index],
      userIds[plan.authors[index] ?? 0],
      restaurant ?? COPY_NULL,
      text(postTitle(random, random.pick(CITIES)[0])),
      random.chance(0.8) ? text(postBody(random)) : COPY_NULL,
      bool(random.chance(HIDDEN_ITEM_SHARE)),
      plan.likes[index] ?? 0,
      plan.visibleComments[index] ?? 0,
      timestamp(created),
      timestamp(created),
    ].join("\t");
  }
}

/** The zone of each of CITIES, by name: a deal's hours are in its restaurant's. */
const CITY_ZONES: Record<string, string> = {
  Springfield: "America/Chicago",
  Portland: "America/Los_Angeles",
  Austin: "America/Chicago",
  Brooklyn: "America/New_York",
  Chicago: "America/Chicago",
  Oakland: "America/Los_Angeles",
  Lyon: "Europe/Paris",
  Berlin: "Europe/Berlin",
  Lisbon: "Europe/Lisbon",
  Osaka: "Asia/Tokyo",
  Toronto: "America/Toronto",
  Melbourne: "Australia/Melbourne",
};

const DEAL_COLUMNS = [
  "id",
  "user_id",
  "restaurant_id",
  "title",
  "details",
  "time_zone",
  "ends_at",
  "week_days",
  "starts_minute",
  "ends_minute",
  "last_day",
  "is_hidden",
  "created_at",
  "updated_at",
];

const DEAL_TITLES = [
  "Half-price {dish}",
  "Two-for-one {dish}",
  "Happy hour: {dish} and a drink",
  "Lunch special: {dish}",
  "Free dessert with any {dish}",
] as const;

/**
 * Deals at the restaurants reviews favour (issue 30). Four in ten repeat weekly on a few days
 * for two to four hours (some past midnight), most without a last day; the rest run until a
 * moment, mostly a day to a month after they were shared and so long over by the bench's day,
 * a third of them long-running offers that end after it. About half are listed at any moment
 * of the bench; the rest have ended. A weekly deal's last window end is taken on the UTC clock:
 * the bench needs it on the right side of now, not to the hour.
 */
function* dealLines(
  seed: number,
  sizes: BenchSizes,
  userIds: string[],
  restaurants: RestaurantPlan,
  popularAuthor: (rank: number) => number,
  popularRestaurant: (rank: number) => number,
): Generator<string> {
  const random = new Random(seed, "deals");
  for (let index = 0; index < sizes.deals; index++) {
    const restaurant = popularRestaurant(random.rank(restaurants.ids.length, 2));
    const author = popularAuthor(random.rank(sizes.users, 2));
    let created = BENCH_EPOCH_MS - random.next() * SPAN_MS;
    const title = random.pick(DEAL_TITLES).replace("{dish}", dishName(random).toLowerCase());
    // ends_at, week_days, starts_minute, ends_minute, last_day.
    let schedule: (string | number)[];
    if (random.chance(0.4)) {
      const starts = random.between(11, 22) * 60;
      const ends = (starts + random.between(2, 4) * 60) % 1440;
      const lastDay = random.chance(0.25)
        ? Math.floor((created + random.between(30, 180) * DAY_MS) / DAY_MS) * DAY_MS
        : null;
      schedule = [
        lastDay === null
          ? COPY_NULL
          : timestamp(lastDay + (ends + (ends < starts ? 1440 : 0)) * 60_000),
        random.between(1, 127),
        starts,
        ends,
        lastDay === null ? COPY_NULL : new Date(lastDay).toISOString().slice(0, 10),
      ];
    } else if (random.chance(1 / 3)) {
      // A long-running offer shared in the month before the epoch.
      created = BENCH_EPOCH_MS - random.next() * 30 * DAY_MS;
      const endsAt = BENCH_EPOCH_MS + random.between(60, 400) * DAY_MS;
      schedule = [timestamp(endsAt), COPY_NULL, COPY_NULL, COPY_NULL, COPY_NULL];
    } else {
      const endsAt = created + random.between(1, 30 * 24) * 3_600_000;
      schedule = [timestamp(endsAt), COPY_NULL, COPY_NULL, COPY_NULL, COPY_NULL];
    }
    yield [
      uuidFor(seed, ID.deal, index),
      userIds[author],
      restaurants.ids[restaurant],
      text(title),
      random.chance(0.5) ? text(postBody(random)) : COPY_NULL,
      restaurants.zones[restaurant] ?? "UTC",
      ...schedule,
      bool(random.chance(HIDDEN_ITEM_SHARE)),
      timestamp(created),
      timestamp(created),
    ].join("\t");
  }
}

const IMAGE_COLUMNS = (itemColumn: string) => [
  "id",
  itemColumn,
  "image_url",
  "display_order",
  "width",
  "height",
  "placeholder",
  "created_at",
];

/** Reviews have 0–3 photos (1.2 on average), posts 0 or 1. */
function photoCount(seed: number, kind: "review" | "post", index: number): number {
  const roll = hash32(seed, kind === "review" ? ID.review : ID.post, index, 6) % 10;
  if (kind === "post") return roll < 5 ? 1 : 0;
  return roll < 2 ? 0 : roll < 7 ? 1 : roll < 9 ? 2 : 3;
}

function* imageLines(
  seed: number,
  kind: "review" | "post",
  plan: ItemPlan,
  photos: StoredPhoto[],
): Generator<string> {
  const idKind = kind === "review" ? ID.reviewImage : ID.postImage;
  let row = 0;
  for (let index = 0; index < plan.ids.length; index++) {
    const count = photoCount(seed, kind, index);
    const created = timestamp(plan.times[index] ?? BENCH_EPOCH_MS);
    for (let order = 0; order < count; order++) {
      const photo = photos[hash32(seed, index, order, 7) % photos.length];
      if (!photo) continue;
      yield `${uuidFor(seed, idKind, row++)}\t${plan.ids[index]}\t${photo.url}\t${order}\t${photo.width}\t${photo.height}\t${photo.placeholder}\t${created}`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Likes, comments, notifications

/** A like or comment some time after the item appeared, never after the epoch. */
function after(random: Random, created: number): number {
  return Math.min(BENCH_EPOCH_MS, created + random.exponential(2 * DAY_MS));
}

/**
 * Each item's planned number of likes from distinct people: a random start and a step coprime
 * with the number of people walk through distinct accounts without a set per item.
 */
function* likeLines(
  seed: number,
  kind: ItemKindCode,
  plan: ItemPlan,
  userIds: string[],
  notifications: NotificationRows,
): Generator<string> {
  const random = new Random(seed, `likes ${kind}`);
  const users = userIds.length;
  const steps = primesAbove(users, 16).map((prime) => prime % users);
  for (let index = 0; index < plan.ids.length; index++) {
    const count = plan.likes[index] ?? 0;
    if (count === 0) continue;
    const itemId = plan.ids[index];
    const author = plan.authors[index] ?? 0;
    const created = plan.times[index] ?? BENCH_EPOCH_MS;
    const step = random.pick(steps);
    let liker = random.int(users);
    for (let like = 0; like < count; like++) {
      const time = after(random, created);
      if (liker !== author && random.chance(NOTIFIED.like)) {
        notifications.push(2, author, liker, kind, index, time);
      }
      yield `${userIds[liker]}\t${itemId}\t${timestamp(time)}`;
      liker = (liker + step) % users;
    }
  }
}

const COMMENT_COLUMNS = (itemColumn: string) => [
  "id",
  itemColumn,
  "user_id",
  "content",
  "is_hidden",
  "created_at",
];

function* commentLines(
  seed: number,
  kind: ItemKindCode,
  plan: ItemPlan,
  userIds: string[],
  notifications: NotificationRows,
): Generator<string> {
  const random = new Random(seed, `comments ${kind}`);
  const idKind = kind === ITEM_KIND.review ? ID.comment : ID.postComment;
  const itemKind = kind === ITEM_KIND.review ? ID.review : ID.post;
  let row = 0;
  for (let index = 0; index < plan.ids.length; index++) {
    const count = plan.comments[index] ?? 0;
    const author = plan.authors[index] ?? 0;
    const created = plan.times[index] ?? BENCH_EPOCH_MS;
    for (let comment = 0; comment < count; comment++) {
      const commenter = random.int(userIds.length);
      const time = after(random, created);
      if (commenter !== author && random.chance(NOTIFIED.comment)) {
        notifications.push(1, author, commenter, kind, index, time);
      }
      const hidden = isHiddenComment(seed, itemKind, index, comment);
      yield `${uuidFor(seed, idKind, row++)}\t${plan.ids[index]}\t${userIds[commenter]}\t${text(commentText(random))}\t${bool(hidden)}\t${timestamp(time)}`;
    }
  }
}

const NOTIFICATION_COLUMNS = [
  "id",
  "type",
  "user_id",
  "actor_id",
  "review_id",
  "post_id",
  "is_read",
  "created_at",
];

function* notificationLines(
  seed: number,
  rows: NotificationRows,
  userIds: string[],
  reviews: ItemPlan,
  posts: ItemPlan,
): Generator<string> {
  for (let index = 0; index < rows.length; index++) {
    const kind = rows.kind[index] ?? 0;
    const item = rows.item[index] ?? 0;
    const time = rows.time[index] ?? BENCH_EPOCH_MS;
    yield [
      uuidFor(seed, ID.notification, index),
      NOTIFICATION_TYPES[rows.type[index] ?? 0],
      userIds[rows.recipient[index] ?? 0],
      userIds[rows.actor[index] ?? 0],
      kind === ITEM_KIND.review ? reviews.ids[item] : COPY_NULL,
      kind === ITEM_KIND.post ? posts.ids[item] : COPY_NULL,
      bool(BENCH_EPOCH_MS - time > UNREAD_AGE_MS),
      timestamp(time),
    ].join("\t");
  }
}

/**
 * Sets every counter to the count of the rows it counts, changing only rows that disagree
 * (none when the generator counted right), so a correct load rewrites nothing.
 */
async function correctCounters(target: BulkTarget): Promise<number> {
  let corrected = 0;
  for (const [items, likes, comments, key] of [
    ["reviews", "likes", "comments", "review_id"],
    ["posts", "post_likes", "post_comments", "post_id"],
  ] as const) {
    const [result] = await target.rows<{ count: number }>(`
      with counted as (
        select i.id, coalesce(l.n, 0) as likes, coalesce(c.n, 0) as comments
          from ${items} i
          left join (select ${key}, count(*)::int as n from ${likes} group by ${key}) l
            on l.${key} = i.id
          left join (select ${key}, count(*)::int as n from ${comments}
                      where not is_hidden group by ${key}) c
            on c.${key} = i.id),
      changed as (
        update ${items} i set like_count = counted.likes, comment_count = counted.comments
          from counted
         where counted.id = i.id
           and (i.like_count, i.comment_count) is distinct from (counted.likes, counted.comments)
        returning 1)
      select count(*)::int as count from changed`);
    corrected += result?.count ?? 0;
  }
  const [people] = await target.rows<{ count: number }>(`
    with counted as (
      select p.id, coalesce(f.n, 0) as followers, coalesce(g.n, 0) as following
        from profiles p
        left join (select following_id, count(*)::int as n from follows group by following_id) f
          on f.following_id = p.id
        left join (select follower_id, count(*)::int as n from follows group by follower_id) g
          on g.follower_id = p.id),
    changed as (
      update profiles p set follower_count = counted.followers, following_count = counted.following
        from counted
       where counted.id = p.id
         and (p.follower_count, p.following_count)
             is distinct from (counted.followers, counted.following)
      returning 1)
    select count(*)::int as count from changed`);
  return corrected + (people?.count ?? 0);
}
