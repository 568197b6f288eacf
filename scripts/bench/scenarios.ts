// What `npm run bench` measures: each scenario's requests, for reads the service call whose SQL
// is timed alone, and the budgets each result is held to.

import { nearbyQuery } from "#domain/nearby.ts";
import { pageQuery } from "#domain/paging.ts";
import { profileItemsQuery, type SessionUser } from "#domain/profile.ts";
import { restaurantItemsQuery } from "#domain/restaurant.ts";
import type { Database } from "#server/db/client.ts";
import { listNearbyDeals, listRestaurantDeals } from "#server/modules/deals/deals.service.ts";
import { getFeed } from "#server/modules/feed/feed.service.ts";
import { computePicks } from "#server/modules/for-you/for-you.queries.ts";
import { getForYou } from "#server/modules/for-you/for-you.service.ts";
import { getNearby } from "#server/modules/nearby/nearby.service.ts";
import { getProfileItems, getProfilePage } from "#server/modules/profiles/profile-page.service.ts";
import {
  getRestaurant,
  getRestaurantItems,
} from "#server/modules/restaurants/restaurants.service.ts";
import { searchItems } from "#server/modules/search/search.service.ts";
import { CITIES, SEARCH_PROBES } from "./generator/vocabulary.ts";
import type { MemoryDuringWork, UploadBody } from "./harness.ts";
import type { PhaseResult, RequestVariant } from "./load.ts";

/** A signed-in bench account as requests and services need it. */
export interface BenchUser {
  user: SessionUser;
  cookie: string;
}

/** What the scenarios are built from, read from the bench database and the running server. */
export interface ScenarioInputs {
  baseUrl: string;
  /** Follows exactly 100 people. */
  reader100: BenchUser;
  /** Follows 1,000+ people. */
  reader1000: BenchUser;
  /** Signed-in accounts that like, follow, comment and upload, in turn. */
  writers: BenchUser[];
  /** The feed's cursor at row 500k (scaled). */
  deepCursor: string;
  restaurant: { id: string; slug: string };
  profile: { id: string; username: string };
  /** Visible reviews to like and comment on. */
  reviewIds: string[];
  /** People the writers follow and unfollow (none of them a writer). */
  followTargets: string[];
  /** Accounts that sign in during the sign-in scenario, and their password. */
  signInEmails: string[];
  password: string;
  /** A multipart body holding a 12 MP JPEG, and its content type. */
  upload: UploadBody;
}

export interface HttpScenario {
  name: string;
  title: string;
  /** What the loaded run sends, in turn. */
  variants: RequestVariant[];
  /** Overrides the bench's connection count (uploads use two, the limit of sharp jobs). */
  connections?: number;
  /** Reads: the service call the endpoint makes, to time its SQL straight through the driver. */
  sql?: (db: Database) => Promise<unknown>;
  /** Requests sent at the same time by other connections, not measured (uploads under a feed load). */
  alongside?: { variants: RequestVariant[]; connections: number };
}

/**
 * 1,000 Server-Sent Events streams held open while people follow their holders (see
 * runSseScenario in bench.ts).
 */
export interface RealtimeScenario {
  name: "sse";
  title: string;
  realtime: true;
}

export type Scenario = HttpScenario | RealtimeScenario;

/** Headers every read sends, as a browser does (so JSON travels compressed, as it would). */
const BROWSER_HEADERS = { accept: "application/json", "accept-encoding": "gzip, deflate, br" };

/** A GET as a browser sends it, signed in when `who` is given. */
export function readRequest(path: string, who?: { cookie: string }): RequestVariant {
  return {
    method: "GET",
    path,
    headers: who ? { ...BROWSER_HEADERS, cookie: who.cookie } : BROWSER_HEADERS,
  };
}

/** A state-changing request from the app's own origin (the server checks it); JSON if a body. */
export function writeRequest(
  baseUrl: string,
  method: RequestVariant["method"],
  path: string,
  who: { cookie: string } | undefined,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): RequestVariant {
  return {
    method,
    path,
    headers: {
      ...BROWSER_HEADERS,
      ...extraHeaders,
      origin: baseUrl,
      ...(who ? { cookie: who.cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** A photo upload as the app's photo picker sends it, its body read from `upload.file`. */
export function uploadRequest(
  baseUrl: string,
  who: { cookie: string },
  upload: UploadBody,
): RequestVariant {
  return {
    method: "POST",
    path: "/api/uploads/images",
    headers: { origin: baseUrl, cookie: who.cookie, "content-type": upload.contentType },
    bodyFile: upload.file,
  };
}

/** The bench city Nearby is measured at (its restaurants are spread ±0.05° around it). */
const DENSE_CITY = CITIES[0] ?? ["", "", 39.78, -89.65];

/**
 * Every scenario in the order they run: reads, then writes, then the realtime streams, and the
 * CPU-heavy sign-ins and uploads last, so their leftovers never weigh on what is measured next.
 */
export function benchScenarios(inputs: ScenarioInputs): Scenario[] {
  const writer = (index: number) => inputs.writers[index % inputs.writers.length];
  const feedAs = (who: BenchUser | undefined, query: { scope?: "following"; cursor?: string }) => {
    return (db: Database) => getFeed({ db, user: who?.user ?? null }, query);
  };
  const { restaurant, profile, reader100, reader1000 } = inputs;
  const search = (q: string): Pick<HttpScenario, "variants" | "sql"> => ({
    variants: [readRequest(`/api/search/dishes?q=${encodeURIComponent(q)}`)],
    sql: (db) => searchItems({ db, user: null }, "dishes", q),
  });
  const visitorFeed = [readRequest("/api/feed")];
  const uploads = inputs.writers.map((who) => uploadRequest(inputs.baseUrl, who, inputs.upload));
  // Each like and follow pair toggles: the first pass sets them all, the second clears them.
  const likePairs = inputs.reviewIds.map((id, index) => ({ id, who: writer(index) }));
  const followPairs = inputs.followTargets.map((id, index) => ({ id, who: writer(index) }));

  return [
    {
      name: "feed-visitor",
      title: "Feed, first page, visitor",
      variants: visitorFeed,
      sql: feedAs(undefined, {}),
    },
    {
      name: "feed-everyone",
      title: "Feed, first page, signed in (Everyone)",
      variants: [readRequest("/api/feed", reader100)],
      sql: feedAs(reader100, {}),
    },
    {
      name: "feed-following-100",
      title: "Feed, Following, 100 follows",
      variants: [readRequest("/api/feed?scope=following", reader100)],
      sql: feedAs(reader100, { scope: "following" }),
    },
    {
      name: "feed-following-1000",
      title: "Feed, Following, 1,000+ follows",
      variants: [readRequest("/api/feed?scope=following", reader1000)],
      sql: feedAs(reader1000, { scope: "following" }),
    },
    {
      name: "feed-deep",
      title: "Feed, page at row 500k (by cursor), visitor",
      variants: [readRequest(`/api/feed?cursor=${encodeURIComponent(inputs.deepCursor)}`)],
      sql: feedAs(undefined, { cursor: inputs.deepCursor }),
    },
    {
      name: "search-common",
      title: `Explore dishes, common word "${SEARCH_PROBES.common}"`,
      ...search(SEARCH_PROBES.common),
    },
    {
      name: "search-rare",
      title: `Explore dishes, rare word "${SEARCH_PROBES.rare}"`,
      ...search(SEARCH_PROBES.rare),
    },
    {
      name: "search-typo",
      title: `Explore dishes, typo "${SEARCH_PROBES.typo}"`,
      ...search(SEARCH_PROBES.typo),
    },
    {
      name: "restaurant",
      title: "Restaurant page (most reviewed), header and stats",
      variants: [readRequest(`/api/restaurants/${restaurant.slug}`)],
      sql: (db) => getRestaurant(db, restaurant.slug, undefined),
    },
    {
      // Every bench restaurant is pinned within ~5 km of one of a few cities: the densest case.
      name: "nearby-dense-city",
      title: "Nearby, dense city (visitor, 5 km)",
      variants: [readRequest(`/api/nearby?lat=${DENSE_CITY[2]}&lng=${DENSE_CITY[3]}`)],
      sql: (db) =>
        getNearby(db, nearbyQuery.parse({ lat: DENSE_CITY[2], lng: DENSE_CITY[3] }), undefined),
    },
    {
      // Active deals near the same point: the circle's places nearest first, each one's deals.
      name: "deals-nearby",
      title: "Nearby, Deals switch, dense city (visitor, 5 km)",
      variants: [readRequest(`/api/nearby/deals?lat=${DENSE_CITY[2]}&lng=${DENSE_CITY[3]}`)],
      sql: (db) =>
        listNearbyDeals(
          { db, user: null },
          nearbyQuery.parse({ lat: DENSE_CITY[2], lng: DENSE_CITY[3] }),
        ),
    },
    {
      name: "for-you",
      title: "Explore, For you (follows 100)",
      variants: [readRequest("/api/for-you", reader100)],
      // The picks are stored by the warm-up's requests: what is timed is their read.
      sql: (db) =>
        getForYou(
          {
            db,
            now: new Date(),
            picks: { now: (id) => computePicks(db, id, new Date()), later: () => undefined },
          },
          reader100.user.id,
        ),
    },
    {
      name: "restaurant-dishes",
      title: "Restaurant page, Dishes tab",
      variants: [readRequest(`/api/restaurants/${restaurant.id}/items?tab=dishes`)],
      sql: (db) =>
        getRestaurantItems(
          { db, user: null },
          restaurant.id,
          restaurantItemsQuery.parse({ tab: "dishes" }),
        ),
    },
    {
      name: "restaurant-deals",
      title: "Restaurant page, Deals tab (active deals)",
      variants: [readRequest(`/api/restaurants/${restaurant.id}/deals`)],
      sql: (db) => listRestaurantDeals({ db, user: null }, restaurant.id, pageQuery.parse({})),
    },
    {
      name: "profile",
      title: "Profile (most followed), header and counts",
      variants: [readRequest(`/api/profiles/${profile.username}`)],
      sql: (db) => getProfilePage({ db, user: null }, profile.username),
    },
    {
      name: "profile-dishes",
      title: "Profile, Dishes tab",
      variants: [readRequest(`/api/profiles/${profile.id}/items?tab=dishes`)],
      sql: (db) =>
        getProfileItems({ db, user: null }, profile.id, profileItemsQuery.parse({ tab: "dishes" })),
    },
    {
      name: "like-toggle",
      title: "Like and unlike a review",
      variants: [
        ...likePairs.map(({ id, who }) =>
          writeRequest(inputs.baseUrl, "PUT", `/api/reviews/${id}/like`, who),
        ),
        ...likePairs.map(({ id, who }) =>
          writeRequest(inputs.baseUrl, "DELETE", `/api/reviews/${id}/like`, who),
        ),
      ],
    },
    {
      name: "follow-toggle",
      title: "Follow and unfollow a person",
      variants: [
        ...followPairs.map(({ id, who }) =>
          writeRequest(inputs.baseUrl, "PUT", `/api/profiles/${id}/follow`, who),
        ),
        ...followPairs.map(({ id, who }) =>
          writeRequest(inputs.baseUrl, "DELETE", `/api/profiles/${id}/follow`, who),
        ),
      ],
    },
    {
      name: "comment-post",
      title: "Comment on a review",
      variants: likePairs.map(({ id, who }) =>
        writeRequest(inputs.baseUrl, "POST", `/api/reviews/${id}/comments`, who, {
          content: "Looks great, adding it to my list.",
        }),
      ),
    },
    {
      name: "sse",
      title: "Realtime: 1,000 open streams while follows notify",
      realtime: true,
    },
    {
      name: "sign-in",
      title: "Sign in with email and password",
      // Each from its own address, as sign-ins from many people are (the server trusts
      // X-Forwarded-For in the bench), so the per-address limit meets one sign-in each.
      variants: inputs.signInEmails.map((email, index) =>
        writeRequest(
          inputs.baseUrl,
          "POST",
          "/api/auth/sign-in/email",
          undefined,
          { email, password: inputs.password },
          { "x-forwarded-for": benchAddress(index) },
        ),
      ),
    },
    {
      name: "image-upload",
      title: "Upload a 12 MP JPEG photo",
      variants: uploads,
      connections: 2,
    },
    {
      name: "feed-during-uploads",
      title: "Feed, first page, visitor, while photos upload",
      variants: visitorFeed,
      alongside: { variants: uploads, connections: 2 },
    },
  ];
}

/** Addresses of the range reserved for benchmarks (198.18.0.0/15, RFC 2544). */
export function benchAddress(index: number): string {
  return `198.18.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;
}

/** One scenario's measurements. */
export interface ScenarioResult {
  name: string;
  title: string;
  connections: number;
  load?: PhaseResult;
  /** Reads: the endpoint at one connection and its SQL alone, p50 milliseconds. */
  oneConnection?: { endpointP50: number; sqlP50: number; statements: number; ratio: number };
  /** Server resident memory (VmRSS), MB, around the loaded run. */
  rssMb?: MemoryDuringWork;
  /** The 1-minute load average when the scenario ended (other work on the machine shows here). */
  loadAverage: number;
  sse?: {
    streams: number;
    openMs: number;
    rssMb: { idle: number; withStreams: number; extra: number };
    fires: number;
    fireErrors: number;
    delivered: number;
    expected: number;
    deliveryMs: { p50: number; p95: number; p99: number; max: number };
    followMs: { p50: number; p95: number; p99: number; max: number };
  };
}

export interface BudgetCheck {
  budget: string;
  met: boolean;
}

/** The budgets each scenario is held to, given every result of the run. */
export function budgetChecks(
  result: ScenarioResult,
  all: Map<string, ScenarioResult>,
): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const load = result.load;
  const at = (name: string) => all.get(name)?.load;
  // A latency from JSON is null when a run completed no request: that misses the budget.
  const atMost = (budget: string, value: number | null | undefined, limit: number | undefined) => {
    if (value !== undefined && limit !== undefined && Number.isFinite(limit)) {
      checks.push({ budget, met: value !== null && Number.isFinite(value) && value <= limit });
    }
  };
  if (load) {
    const name = result.name;
    if (name.startsWith("feed-") && name !== "feed-during-uploads") {
      atMost("p99 ≤ 50 ms", load.p99, 50);
    }
    if (name === "feed-visitor") {
      checks.push({ budget: "≥ 1,000 req/s", met: load.rps >= 1_000 });
    }
    if (name === "feed-deep") {
      const first = at("feed-visitor")?.p99;
      atMost("p99 ≤ 1.5 × first page's", load.p99, first && first * 1.5);
    }
    if (name === "feed-following-100") {
      const everyone = at("feed-everyone")?.p50;
      atMost("p50 ≤ 2 × Everyone page's", load.p50, everyone && everyone * 2);
    }
    if (name.startsWith("search-")) atMost("p95 ≤ 100 ms", load.p95, 100);
    if (name.startsWith("restaurant")) atMost("p95 ≤ 50 ms", load.p95, 50);
    if (name === "nearby-dense-city" || name === "deals-nearby") {
      atMost("p95 ≤ 50 ms", load.p95, 50);
    }
    if (name === "for-you") atMost("p95 ≤ 100 ms", load.p95, 100);
    if (name === "like-toggle" || name === "follow-toggle") atMost("p95 ≤ 30 ms", load.p95, 30);
    if (name === "image-upload") atMost("p95 ≤ 1 s a photo", load.p95, 1_000);
    if (name === "feed-during-uploads") {
      const quiet = at("feed-visitor")?.p99;
      atMost("p99 ≤ 1.2 × feed p99 without uploads", load.p99, quiet && quiet * 1.2);
    }
    checks.push({ budget: "no errors", met: load.errors === 0 && load.non2xx === 0 });
  }
  if (result.oneConnection && result.name.startsWith("feed-")) {
    atMost("endpoint/SQL p50 ≤ 1.5 (1 connection)", result.oneConnection.ratio, 1.5);
  }
  if (result.sse) {
    atMost("≤ 200 MB extra for the streams", result.sse.rssMb.extra, 200);
    atMost("delivery p95 ≤ 1 s", result.sse.deliveryMs.p95, 1_000);
    checks.push({
      budget: "every event delivered",
      met: result.sse.delivered === result.sse.expected && result.sse.fireErrors === 0,
    });
  }
  return checks;
}
