// The authorization matrix: every /api route the server registers, called by a visitor, another
// signed-in person, the owner of what the route names, a moderator and an admin. Only the callers
// its rule allows succeed; every refused call leaves the database as it was, row counts and the
// counters and flags on rows alike. Write routes with a JSON body are also sent fields a body may
// never set (author, counts, hidden, role, id, creation time, another person's id), which must
// be refused or ignored.
import { text } from "node:stream/consumers";
import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { exploreTabs } from "#domain/search-rules.ts";
import { slugifyTitle } from "#domain/slugs.ts";
import type { Database } from "#server/db/client.ts";
import { useTestApp } from "#server/test/app.ts";
import {
  cookieFrom,
  sessionCookieFor,
  TEST_PASSWORD,
  uniqueEmail,
} from "#server/test/auth-helpers.ts";
import { testJpeg } from "#server/test/content-helpers.ts";
import { appTableNames } from "#server/test/database.ts";
import {
  createComment,
  createDeal,
  createPost,
  createPostImage,
  createReportRow,
  createRestaurant,
  createReview,
  createReviewImage,
  createUser,
  setRole,
} from "#server/test/factories.ts";
import { type MultipartFile, multipart } from "#server/test/multipart.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp({ perFile: true });

const callers = ["visitor", "other", "owner", "moderator", "admin"] as const;
type Caller = (typeof callers)[number];
type Person = Exclude<Caller, "visitor">;

/**
 * What every route is tried against, a new one for each write (the reads share one): people of
 * its own (usernames end in the world's number), the owner's items (a review with a photo, `other`'s like and a comment of each of them, a post with
 * a photo, a like and the owner's comment, a review a moderator hid), the owner's notification
 * that `other` follows them, a pending report by `other` on the owner's post and a photo the
 * owner uploaded but has not used yet, and a restaurant the owner saved to Want to try.
 */
interface World {
  db: Database;
  people: Record<Person, { id: string; cookie: string; username: string }>;
  restaurant: { id: string; slug: string };
  /** A restaurant nobody reviewed. */
  otherRestaurant: { id: string };
  review: { id: string; title: string };
  hiddenReview: { id: string };
  post: { id: string };
  postImage: { id: string };
  /** The owner's deal at the restaurant, and one a moderator hid. */
  deal: { id: string };
  hiddenDeal: { id: string };
  /** The owner's comments on their review, their post and their deal. */
  reviewComment: { id: string };
  postComment: { id: string };
  dealComment: { id: string };
  /** `other`'s comment on the owner's review. */
  othersComment: { id: string };
  /** The group the owner's notification is in. */
  notificationGroup: { key: string };
  upload: { id: string };
  /** The owner's Want to try entry (the other restaurant). */
  wantToTry: { id: string };
  /**
   * The owner's lists: a private one holding the restaurant (its entry), a followers one (which
   * `other`, following the owner, sees) and a link one `other` followed through its link.
   */
  lists: {
    private: { id: string; entryId: string };
    followers: { id: string };
    link: { id: string; key: string };
  };
}

interface Call {
  url: string;
  /** A JSON body. */
  body?: unknown;
  /** Or a multipart/form-data body: its files and text fields. */
  multipart?: { files: MultipartFile[]; fields?: Record<string, string> };
  headers?: Record<string, string>;
  /** The answer never ends by itself (the event stream). */
  stream?: boolean;
  /** The existing row the call changes, for an edit. */
  changes?: RowRef;
}

type Expected = Record<Caller, number>;

/** A row a write made or changed: its table and the value of its key column (default `id`). */
interface RowRef {
  table: string;
  key?: string;
  id: string;
}

/**
 * Sends the route's valid body with fields it must never take (hostileFields) as `caller`, and
 * reads back the row it wrote: it must hold `expect`; a new row holds none of the injected
 * values, and an edited one (the call's `changes`) keeps every column but `mayChange`. The
 * answer may also be a 400 that changed nothing.
 */
type MassAssignmentCheck = {
  caller: Person;
  /** Values the row must hold afterwards: its author, its counters, its flags. */
  expect: (world: World) => Record<string, unknown>;
} & (
  | { /** The new row, found from the answer. */ creates: (answer: { id?: string }) => RowRef }
  | { /** What an edit may change of the row its call names. */ mayChange: readonly string[] }
);

interface MatrixEntry {
  /** As the server's route table names it: "PATCH /api/reviews/:id". */
  route: string;
  /** When a route has several entries: the situation this one tries. */
  situation?: string;
  /** The request `caller` sends; it may add what it alone consumes (a fresh report). */
  call: (world: World, caller: Caller) => Call | Promise<Call>;
  expected: Expected;
  massAssignment?: MassAssignmentCheck;
}

/** A browser's push subscription (PushSubscription.toJSON()) with an endpoint of its own. */
function pushSubscriptionBody(name: string) {
  lastPushEndpoint = `https://fcm.googleapis.com/fcm/send/${name}`;
  return {
    endpoint: lastPushEndpoint,
    keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
  };
}
/** The endpoint of the last subscription sent: the mass-assignment check reads its row. */
let lastPushEndpoint = "";

/**
 * An import of the owner's that `action` applies to: a preview of one place to apply, or an
 * applied import (of nothing) to undo.
 */
async function ownersImport(world: World, action: "apply" | "undo"): Promise<string> {
  const row = JSON.stringify([
    {
      line: 2,
      name: "Imported Place",
      address: null,
      placeId: null,
      lat: null,
      lng: null,
      rating: null,
      visitedOn: null,
      notes: null,
    },
  ]);
  const result = await world.db.execute<{ id: string }>(
    action === "apply"
      ? sql`insert into imports (user_id, format, file_name, status, rows)
            values (${world.people.owner.id}, 'csv', 'a.csv', 'preview', ${row}::jsonb)
            returning id`
      : sql`insert into imports (user_id, format, file_name, status, applied_at)
            values (${world.people.owner.id}, 'csv', 'a.csv', 'applied', now()) returning id`,
  );
  return result.rows[0]?.id ?? "";
}

/** A route the matrix does not call, and the tests that cover it instead. */
interface CoveredElsewhere {
  route: string;
  coveredBy: string;
}

const open = (status: number): Expected => ({
  visitor: status,
  other: status,
  owner: status,
  moderator: status,
  admin: status,
});
const signedIn = (status: number): Expected => ({ ...open(status), visitor: 401 });
/** Only the owner of what the route names; everyone else signed in gets 403. */
const ownerOnly = (status: number): Expected => ({
  visitor: 401,
  other: 403,
  owner: status,
  moderator: 403,
  admin: 403,
});
const moderators = (status: number): Expected => ({
  visitor: 401,
  other: 403,
  owner: 403,
  moderator: status,
  admin: status,
});
const admins = (status: number): Expected => ({ ...moderators(status), moderator: 403 });
/** Only the owner of private stats; to everyone else, visitors too, they do not exist (404). */
const statsOwnerOnly = (status: number): Expected => ({ ...open(404), owner: status });
/** Only the list's owner; to everyone else signed in the list does not exist (404). */
const listOwnerOnly = (status: number): Expected => ({
  visitor: 401,
  other: 404,
  owner: status,
  moderator: 404,
  admin: 404,
});

/** Columns every edit of an item may change besides the ones its body names. */
const itemEditColumns = ["updated_at", "search_vector"];

/** A new item: written by its caller, with no likes or comments yet, not hidden. */
const newItemExpect = (caller: Person) => (world: World) => ({
  user_id: world.people[caller].id,
  like_count: 0,
  comment_count: 0,
  is_hidden: false,
});

/** A valid profile edit for the caller: a new username of their own. */
function profileEdit(world: World, caller: Caller) {
  const username = caller === "visitor" ? "visitor" : world.people[caller].username;
  return { firstName: "New", lastName: "Name", username: `${username}_new`, bio: "Hi" };
}

let photo: MultipartFile;
function photoUpload(url: string): Call {
  return { url, multipart: { files: [photo] } };
}

const AUTH_TESTS =
  "server/auth/*.test.ts (sign-up, sign-in, sessions and their lifetimes, phone codes, Google, " +
  "two-factor, password reset, rate limits, foreign origins); the fields sign-up and " +
  "update-user must not take are checked at the end of this file";

const matrix: (MatrixEntry | CoveredElsewhere)[] = [
  {
    route: "GET /api/openapi.json",
    call: () => ({ url: "/api/openapi.json" }),
    expected: open(200),
  },
  { route: "GET /api/health", call: () => ({ url: "/api/health" }), expected: open(200) },
  { route: "GET /api/config", call: () => ({ url: "/api/config" }), expected: open(200) },
  { route: "GET /api/auth/*", coveredBy: AUTH_TESTS },
  { route: "POST /api/auth/*", coveredBy: AUTH_TESTS },
  { route: "GET /api/me", call: () => ({ url: "/api/me" }), expected: signedIn(200) },
  // Everyone signed in may delete their own account, and only theirs: the world's people have
  // no password and signed in just now, which is re-authentication enough.
  {
    route: "POST /api/account/deletion",
    call: () => ({ url: "/api/account/deletion", body: {} }),
    expected: signedIn(202),
  },
  // Anyone signed in may ask for their own deletion code: the caller's email is confirmed
  // first, so the code has somewhere to go.
  {
    route: "POST /api/account/deletion/code",
    call: async (w, caller) => {
      if (caller !== "visitor") {
        await w.db.execute(
          sql`update "user" set email_verified = true where id = ${w.people[caller].id}`,
        );
      }
      return { url: "/api/account/deletion/code" };
    },
    expected: signedIn(202),
  },
  {
    route: "GET /api/profiles/username-availability",
    call: (w) => ({
      url: `/api/profiles/username-availability?username=${w.people.owner.username}`,
    }),
    expected: open(200),
  },
  {
    route: "PUT /api/profile",
    call: (w, caller) => ({
      url: "/api/profile",
      body: profileEdit(w, caller),
      changes: caller === "visitor" ? undefined : { table: "profiles", id: w.people[caller].id },
    }),
    expected: signedIn(200),
    massAssignment: {
      caller: "owner",
      mayChange: [
        "username",
        "slug",
        "first_name",
        "last_name",
        "full_name",
        "bio",
        "location",
        "avatar_url",
        "search_vector",
        "updated_at",
      ],
      expect: (w) => ({
        username: `${w.people.owner.username}_new`,
        slug: `${w.people.owner.username}_new`,
      }),
    },
  },
  {
    route: "PUT /api/profile",
    situation: "with the owner's avatar: nobody else may take it",
    call: (w, caller) => ({
      url: "/api/profile",
      body: {
        ...profileEdit(w, caller),
        avatarUrl: `/uploads/avatars/${w.people.owner.id}/a.webp`,
      },
    }),
    expected: { visitor: 401, other: 400, owner: 200, moderator: 400, admin: 400 },
  },
  {
    route: "POST /api/profile/avatar",
    call: (w, caller) => ({
      ...photoUpload("/api/profile/avatar"),
      changes: caller === "visitor" ? undefined : { table: "profiles", id: w.people[caller].id },
    }),
    expected: signedIn(200),
    massAssignment: {
      caller: "owner",
      mayChange: ["avatar_url", "updated_at"],
      expect: (w) => ({ id: w.people.owner.id }),
    },
  },
  {
    route: "GET /api/profiles/:handle",
    call: (w) => ({ url: `/api/profiles/${w.people.owner.username}` }),
    expected: open(200),
  },
  {
    route: "GET /api/profiles/:id/items",
    call: (w) => ({ url: `/api/profiles/${w.people.owner.id}/items?tab=dishes` }),
    expected: open(200),
  },
  ...(["followers", "following"] as const).map((list) => ({
    route: `GET /api/profiles/:id/${list}`,
    call: (w: World) => ({ url: `/api/profiles/${w.people.owner.id}/${list}` }),
    expected: open(200),
  })),
  // Following yourself is a 400 ("You cannot follow yourself"); unfollowing too.
  ...(["PUT", "DELETE"] as const).map((method) => ({
    route: `${method} /api/profiles/:id/follow`,
    call: (w: World) => ({ url: `/api/profiles/${w.people.owner.id}/follow` }),
    expected: { ...signedIn(200), owner: 400 },
  })),
  // Everyone's own suggestions of people to follow; there is no way to ask for anyone else's.
  {
    route: "GET /api/people/suggested",
    call: () => ({ url: "/api/people/suggested" }),
    expected: signedIn(200),
  },
  // Everyone's own requests waiting; there is no way to name anyone else's.
  {
    route: "GET /api/follow-requests",
    call: () => ({ url: "/api/follow-requests" }),
    expected: signedIn(200),
  },
  // Only the person asked answers a follow request: here `other` asked the owner, and anyone
  // else naming `other` has no request of theirs to answer (404).
  ...(["accept", "decline"] as const).map((answer) => ({
    route: `POST /api/follow-requests/:id/${answer}`,
    call: async (w: World) => {
      await w.db.execute(sql`
        insert into follow_requests (requester_id, target_id)
        values (${w.people.other.id}, ${w.people.owner.id}) on conflict do nothing`);
      return { url: `/api/follow-requests/${w.people.other.id}/${answer}` };
    },
    expected: { ...signedIn(404), owner: 200 },
  })),
  // Everyone signed in makes their own profile private, and only theirs.
  {
    route: "PUT /api/profile/privacy",
    call: (w: World, caller: Caller) => ({
      url: "/api/profile/privacy",
      body: { private: true },
      changes: caller === "visitor" ? undefined : { table: "profiles", id: w.people[caller].id },
    }),
    expected: signedIn(200),
    massAssignment: {
      caller: "owner",
      mayChange: ["is_private"],
      expect: () => ({ is_private: true }),
    },
  },
  // Blocking or muting yourself is a 400; anyone signed in blocks or mutes someone else.
  ...(["PUT", "DELETE"] as const).flatMap((method) =>
    (["block", "mute"] as const).map((action) => ({
      route: `${method} /api/profiles/:id/${action}`,
      call: (w: World) => ({ url: `/api/profiles/${w.people.owner.id}/${action}` }),
      expected: { ...signedIn(200), owner: 400 },
    })),
  ),
  // Each caller's own list.
  ...(["blocks", "mutes"] as const).map((list) => ({
    route: `GET /api/${list}`,
    call: () => ({ url: `/api/${list}` }),
    expected: signedIn(200),
  })),
  {
    route: "POST /api/uploads/images",
    call: () => photoUpload("/api/uploads/images"),
    expected: signedIn(201),
    massAssignment: {
      caller: "owner",
      creates: (answer) => ({ table: "image_uploads", id: String(answer.id) }),
      expect: (w) => ({ user_id: w.people.owner.id }),
    },
  },
  {
    route: "GET /api/reviews/:id",
    call: (w) => ({ url: `/api/reviews/${w.review.id}` }),
    expected: open(200),
  },
  {
    route: "GET /api/reviews/:id",
    situation: "hidden by a moderator: its author and the staff see it",
    call: (w) => ({ url: `/api/reviews/${w.hiddenReview.id}` }),
    expected: { visitor: 404, other: 404, owner: 200, moderator: 200, admin: 200 },
  },
  {
    route: "DELETE /api/reviews/:id",
    call: (w) => ({ url: `/api/reviews/${w.review.id}` }),
    expected: ownerOnly(204),
  },
  {
    route: "GET /api/posts/:id",
    call: (w) => ({ url: `/api/posts/${w.post.id}` }),
    expected: open(200),
  },
  {
    route: "DELETE /api/posts/:id",
    call: (w) => ({ url: `/api/posts/${w.post.id}` }),
    expected: ownerOnly(204),
  },
  {
    route: "GET /api/deals/:id",
    call: (w) => ({ url: `/api/deals/${w.deal.id}` }),
    expected: open(200),
  },
  {
    route: "GET /api/deals/:id",
    situation: "hidden by a moderator: its author and the staff see it",
    call: (w) => ({ url: `/api/deals/${w.hiddenDeal.id}` }),
    expected: { visitor: 404, other: 404, owner: 200, moderator: 200, admin: 200 },
  },
  {
    route: "DELETE /api/deals/:id",
    call: (w) => ({ url: `/api/deals/${w.deal.id}` }),
    expected: ownerOnly(204),
  },
  {
    route: "POST /api/deals",
    call: () => ({
      url: "/api/deals",
      body: {
        restaurant: { name: "New Place", address: "2 Side St, Springfield" },
        title: "Two for one",
        schedule: { kind: "weekly", days: [1, 2], from: "16:00", to: "19:00" },
        timeZone: "Europe/Paris",
      },
    }),
    expected: signedIn(201),
    massAssignment: {
      caller: "owner",
      creates: (answer) => ({ table: "deals", id: answer.id ?? "" }),
      expect: newItemExpect("owner"),
    },
  },
  {
    route: "POST /api/deals",
    situation: "with the owner's uploaded photo: nobody else may use it",
    call: (w) => ({
      url: "/api/deals",
      body: {
        restaurant: { name: "New Place" },
        title: "Free fries",
        schedule: { kind: "ends", endsAt: new Date(Date.now() + 3_600_000).toISOString() },
        images: [{ uploadId: w.upload.id }],
      },
    }),
    expected: { visitor: 401, other: 400, owner: 201, moderator: 400, admin: 400 },
  },
  {
    route: "GET /api/restaurants/:id/deals",
    call: (w) => ({ url: `/api/restaurants/${w.restaurant.id}/deals` }),
    expected: open(200),
  },
  {
    route: "POST /api/reviews",
    call: () => ({
      url: "/api/reviews",
      body: {
        reviewType: "restaurant",
        restaurant: { name: "New Place", address: "2 Side St, Springfield" },
        rating: 4,
      },
    }),
    expected: signedIn(201),
    massAssignment: {
      caller: "owner",
      creates: (answer) => ({ table: "reviews", id: answer.id ?? "" }),
      expect: newItemExpect("owner"),
    },
  },
  {
    route: "POST /api/reviews",
    situation: "with the owner's uploaded photo: nobody else may use it",
    call: (w) => ({
      url: "/api/reviews",
      body: {
        reviewType: "dish",
        restaurant: { name: "New Place", address: "2 Side St, Springfield" },
        title: "Clam Chowder",
        rating: 4,
        images: [{ uploadId: w.upload.id }],
      },
    }),
    expected: { visitor: 401, other: 400, owner: 201, moderator: 400, admin: 400 },
  },
  {
    route: "GET /api/reviews/by-slug/:type/:slug",
    call: (w) => ({ url: `/api/reviews/by-slug/dish/${slugifyTitle(w.review.title)}` }),
    expected: open(200),
  },
  {
    route: "PATCH /api/reviews/:id",
    call: (w) => ({
      url: `/api/reviews/${w.review.id}`,
      body: { title: "Crab Roll", rating: 3 },
      changes: { table: "reviews", id: w.review.id },
    }),
    expected: ownerOnly(200),
    massAssignment: {
      caller: "owner",
      mayChange: ["title", "rating", ...itemEditColumns],
      expect: () => ({ title: "Crab Roll", rating: 3 }),
    },
  },
  {
    route: "PATCH /api/reviews/:id",
    situation: "keeping a photo of another item",
    call: (w) => ({
      url: `/api/reviews/${w.review.id}`,
      body: { images: [{ imageId: w.postImage.id }] },
    }),
    expected: ownerOnly(400),
  },
  {
    route: "POST /api/posts",
    call: () => ({ url: "/api/posts", body: { title: "Brunch", content: "Eggs" } }),
    expected: signedIn(201),
    massAssignment: {
      caller: "owner",
      creates: (answer) => ({ table: "posts", id: answer.id ?? "" }),
      expect: newItemExpect("owner"),
    },
  },
  {
    route: "PUT /api/reviews/:id/rank",
    call: (w) => ({
      url: `/api/reviews/${w.review.id}/rank`,
      body: { aboveId: null },
      changes: { table: "reviews", id: w.review.id },
    }),
    expected: ownerOnly(200),
    massAssignment: {
      caller: "owner",
      mayChange: ["rank_position", ...itemEditColumns],
      expect: () => ({}),
    },
  },
  {
    route: "PATCH /api/posts/:id",
    call: (w) => ({
      url: `/api/posts/${w.post.id}`,
      body: { title: "Late brunch" },
      changes: { table: "posts", id: w.post.id },
    }),
    expected: ownerOnly(200),
    massAssignment: {
      caller: "owner",
      mayChange: ["title", ...itemEditColumns],
      expect: () => ({ title: "Late brunch" }),
    },
  },
  {
    route: "GET /api/restaurants/:idOrSlug",
    call: (w) => ({ url: `/api/restaurants/${w.restaurant.slug}` }),
    expected: open(200),
  },
  {
    route: "GET /api/restaurants/:id/items",
    call: (w) => ({ url: `/api/restaurants/${w.restaurant.id}/items?tab=dishes` }),
    expected: open(200),
  },
  // Visitors follow nobody: an empty list, not a 401.
  {
    route: "GET /api/restaurants/:id/followed-reviews",
    call: (w) => ({ url: `/api/restaurants/${w.restaurant.id}/followed-reviews` }),
    expected: open(200),
  },
  // The person who added the place, or a moderator, gives it an address and a pin.
  {
    route: "PUT /api/restaurants/:id/location",
    call: (w) => ({
      url: `/api/restaurants/${w.restaurant.id}/location`,
      body: { address: "9 Elm St, Springfield, IL 62701", lat: 39.8, lng: -89.65 },
      changes: { table: "restaurants", id: w.restaurant.id },
    }),
    expected: { visitor: 401, other: 403, owner: 200, moderator: 200, admin: 200 },
    massAssignment: {
      caller: "owner",
      mayChange: ["address", "latitude", "longitude", "city", "region", "search_vector"],
      expect: (w) => ({
        address: "9 Elm St, Springfield, IL 62701",
        created_by: w.people.owner.id,
      }),
    },
  },
  {
    route: "GET /api/nearby",
    call: () => ({ url: "/api/nearby?lat=39.8&lng=-89.65" }),
    expected: open(200),
  },
  {
    route: "GET /api/nearby/deals",
    call: () => ({ url: "/api/nearby/deals?lat=39.8&lng=-89.65" }),
    expected: open(200),
  },
  // Everyone signed in reads their own suggestions and dismisses from them, and only theirs.
  {
    route: "GET /api/for-you",
    call: () => ({ url: "/api/for-you" }),
    expected: signedIn(200),
  },
  {
    route: "POST /api/for-you/dismissals",
    call: (w) => ({
      url: "/api/for-you/dismissals",
      body: { restaurantId: w.restaurant.id, dishName: "Pad Thai" },
    }),
    expected: signedIn(204),
  },
  {
    route: "GET /api/places/reverse",
    call: () => ({ url: "/api/places/reverse?lat=39.8&lng=-89.65" }),
    expected: signedIn(200),
  },
  {
    route: "GET /api/places/search",
    call: () => ({ url: "/api/places/search?q=Joe" }),
    expected: signedIn(200),
  },
  { route: "GET /api/feed", call: () => ({ url: "/api/feed" }), expected: open(200) },
  {
    route: "GET /api/feed",
    situation: "people you follow",
    call: () => ({ url: "/api/feed?scope=following" }),
    expected: signedIn(200),
  },
  ...exploreTabs.map((tab) => ({
    route: `GET /api/search/${tab}`,
    call: () => ({ url: `/api/search/${tab}?q=owner` }),
    expected: open(200),
  })),
  ...(["PUT", "DELETE"] as const).flatMap((method) => [
    {
      route: `${method} /api/reviews/:id/like`,
      call: (w: World) => ({ url: `/api/reviews/${w.review.id}/like` }),
      expected: signedIn(200),
    },
    {
      route: `${method} /api/reviews/:id/like`,
      situation: "a hidden review",
      call: (w: World) => ({ url: `/api/reviews/${w.hiddenReview.id}/like` }),
      expected: signedIn(404),
    },
    {
      route: `${method} /api/posts/:id/like`,
      call: (w: World) => ({ url: `/api/posts/${w.post.id}/like` }),
      expected: signedIn(200),
    },
    {
      route: `${method} /api/deals/:id/like`,
      call: (w: World) => ({ url: `/api/deals/${w.deal.id}/like` }),
      expected: signedIn(200),
    },
    {
      route: `${method} /api/deals/:id/like`,
      situation: "a hidden deal",
      call: (w: World) => ({ url: `/api/deals/${w.hiddenDeal.id}/like` }),
      expected: signedIn(404),
    },
  ]),
  // "Still on" / "Gone": anyone signed in who may see the deal; the body names the vote only.
  {
    route: "PUT /api/deals/:id/vote",
    call: (w) => ({
      url: `/api/deals/${w.deal.id}/vote`,
      body: { vote: "gone" },
      changes: { table: "deals", id: w.deal.id },
    }),
    expected: signedIn(200),
    massAssignment: {
      caller: "owner",
      // Everyone's "Gone" (the callers share the deal) may make it reported gone.
      mayChange: ["gone_count", "is_reported_gone", "updated_at"],
      expect: (w) => ({
        user_id: w.people.owner.id,
        still_on_count: 0,
        like_count: 0,
        is_hidden: false,
      }),
    },
  },
  {
    route: "PUT /api/deals/:id/vote",
    situation: "a hidden deal",
    call: (w) => ({ url: `/api/deals/${w.hiddenDeal.id}/vote`, body: { vote: "still_on" } }),
    expected: signedIn(404),
  },
  {
    route: "DELETE /api/deals/:id/vote",
    call: (w) => ({ url: `/api/deals/${w.deal.id}/vote` }),
    expected: signedIn(200),
  },
  {
    route: "DELETE /api/deals/:id/vote",
    situation: "a hidden deal",
    call: (w) => ({ url: `/api/deals/${w.hiddenDeal.id}/vote` }),
    expected: signedIn(404),
  },
  {
    route: "GET /api/reviews/:id/comments",
    call: (w) => ({ url: `/api/reviews/${w.review.id}/comments` }),
    expected: open(200),
  },
  {
    route: "GET /api/reviews/:id/comments",
    situation: "a hidden review",
    call: (w) => ({ url: `/api/reviews/${w.hiddenReview.id}/comments` }),
    expected: open(404),
  },
  {
    route: "GET /api/posts/:id/comments",
    call: (w) => ({ url: `/api/posts/${w.post.id}/comments` }),
    expected: open(200),
  },
  {
    route: "GET /api/deals/:id/comments",
    call: (w) => ({ url: `/api/deals/${w.deal.id}/comments` }),
    expected: open(200),
  },
  {
    route: "GET /api/deals/:id/comments",
    situation: "a hidden deal",
    call: (w) => ({ url: `/api/deals/${w.hiddenDeal.id}/comments` }),
    expected: open(404),
  },
  ...(["review", "post", "deal"] as const).map((kind) => ({
    route: `POST /api/${kind}s/:id/comments`,
    call: (w: World) => ({ url: `/api/${kind}s/${w[kind].id}/comments`, body: { content: "Yum" } }),
    expected: signedIn(201),
    massAssignment: {
      caller: "owner" as const,
      creates: (answer: { id?: string }) => ({
        table: kind === "review" ? "comments" : `${kind}_comments`,
        id: answer.id ?? "",
      }),
      expect: (w: World) => ({ user_id: w.people.owner.id, is_hidden: false }),
    },
  })),
  {
    route: "POST /api/reviews/:id/comments",
    situation: "a reply to another person's comment",
    call: (w) => ({
      url: `/api/reviews/${w.review.id}/comments`,
      body: { content: "Agreed", parentId: w.othersComment.id },
    }),
    expected: signedIn(201),
  },
  ...(["review", "post", "deal"] as const).map((kind) => ({
    route: `GET /api/comments/${kind}/:commentId/replies`,
    call: (w: World) => ({
      url: `/api/comments/${kind}/${{ review: w.reviewComment, post: w.postComment, deal: w.dealComment }[kind].id}/replies`,
    }),
    expected: open(200),
  })),
  {
    route: "POST /api/reviews/:id/comments",
    situation: "a hidden review",
    call: (w) => ({ url: `/api/reviews/${w.hiddenReview.id}/comments`, body: { content: "Yum" } }),
    expected: signedIn(404),
  },
  {
    route: "DELETE /api/comments/review/:commentId",
    call: (w) => ({ url: `/api/comments/review/${w.reviewComment.id}` }),
    expected: ownerOnly(204),
  },
  {
    route: "DELETE /api/comments/review/:commentId",
    situation: "another person's comment on the owner's review: only its author deletes it",
    call: (w) => ({ url: `/api/comments/review/${w.othersComment.id}` }),
    expected: { visitor: 401, other: 204, owner: 403, moderator: 403, admin: 403 },
  },
  {
    route: "DELETE /api/comments/post/:commentId",
    call: (w) => ({ url: `/api/comments/post/${w.postComment.id}` }),
    expected: ownerOnly(204),
  },
  {
    route: "DELETE /api/comments/deal/:commentId",
    call: (w) => ({ url: `/api/comments/deal/${w.dealComment.id}` }),
    expected: ownerOnly(204),
  },
  {
    route: "GET /api/mentions/suggestions",
    call: (w) => ({
      url: `/api/mentions/suggestions?q=${w.people.other.username.slice(0, 4)}&kind=review&itemId=${w.review.id}`,
    }),
    expected: signedIn(200),
  },
  {
    route: "GET /api/mentions/suggestions",
    situation: "about a hidden review",
    call: (w) => ({ url: `/api/mentions/suggestions?q=a&kind=review&itemId=${w.hiddenReview.id}` }),
    expected: signedIn(404),
  },
  {
    route: "GET /api/notifications",
    call: () => ({ url: "/api/notifications" }),
    expected: signedIn(200),
  },
  {
    route: "GET /api/notifications/unread-count",
    call: () => ({ url: "/api/notifications/unread-count" }),
    expected: signedIn(200),
  },
  // Someone else's notification group is as unknown as a missing one, and lists nobody.
  {
    route: "POST /api/notifications/groups/:key/read",
    call: (w) => ({ url: `/api/notifications/groups/${w.notificationGroup.key}/read` }),
    expected: { visitor: 401, other: 404, owner: 204, moderator: 404, admin: 404 },
  },
  {
    route: "GET /api/notifications/groups/:key/people",
    call: (w) => ({ url: `/api/notifications/groups/${w.notificationGroup.key}/people` }),
    expected: signedIn(200),
  },
  {
    route: "POST /api/notifications/read-all",
    call: () => ({ url: "/api/notifications/read-all" }),
    expected: signedIn(204),
  },
  // Notification settings and push subscriptions are the caller's own; there is no way to name
  // anyone else's.
  {
    route: "GET /api/notification-settings",
    call: () => ({ url: "/api/notification-settings" }),
    expected: signedIn(200),
  },
  {
    route: "PUT /api/notification-settings",
    call: (w, caller) => ({
      url: "/api/notification-settings",
      body: { commentsAndLikes: false },
      changes:
        caller === "visitor"
          ? undefined
          : { table: "notification_settings", key: "user_id", id: w.people[caller].id },
    }),
    expected: signedIn(200),
    massAssignment: {
      caller: "owner",
      expect: (w) => ({ user_id: w.people.owner.id }),
      mayChange: ["comments_and_likes", "updated_at"],
    },
  },
  {
    route: "GET /api/push/public-key",
    call: () => ({ url: "/api/push/public-key" }),
    expected: open(200),
  },
  {
    route: "POST /api/push/subscriptions",
    call: (w, caller) => ({
      url: "/api/push/subscriptions",
      body: pushSubscriptionBody(`${w.people.owner.id}-${caller}`),
    }),
    expected: signedIn(204),
    massAssignment: {
      caller: "owner",
      expect: (w) => ({ user_id: w.people.owner.id }),
      creates: () => ({
        table: "push_subscriptions",
        key: "endpoint",
        id: lastPushEndpoint,
      }),
    },
  },
  // Someone else's subscription is as unknown as a missing one.
  {
    route: "DELETE /api/push/subscriptions",
    call: async (w) => {
      const endpoint = `https://fcm.googleapis.com/fcm/send/${w.people.owner.id}`;
      await w.db.execute(sql`
        insert into push_subscriptions (user_id, endpoint, p256dh, auth)
        values (${w.people.owner.id}, ${endpoint}, 'k', 'a') on conflict do nothing`);
      return { url: "/api/push/subscriptions", body: { endpoint } };
    },
    expected: { visitor: 401, other: 404, owner: 204, moderator: 404, admin: 404 },
  },
  // Reporting your own content is a 400. A person has one open report per target, so each
  // call reports a fresh review of the owner's.
  {
    route: "POST /api/reports",
    call: async (w) => {
      const review = await createReview(w.db, { userId: w.people.owner.id });
      return {
        url: "/api/reports",
        body: { targetType: "review", targetId: review.id, reason: "spam" },
      };
    },
    expected: { ...signedIn(201), owner: 400 },
    massAssignment: {
      caller: "moderator",
      creates: (answer) => ({ table: "user_reports", id: answer.id ?? "" }),
      expect: (w) => ({
        reporter_id: w.people.moderator.id,
        status: "pending",
        reviewed_by: null,
        reviewed_at: null,
      }),
    },
  },
  {
    route: "GET /api/admin/stats",
    call: () => ({ url: "/api/admin/stats" }),
    expected: admins(200),
  },
  {
    route: "GET /api/admin/reports",
    call: () => ({ url: "/api/admin/reports" }),
    expected: moderators(200),
  },
  {
    route: "PATCH /api/admin/reports/:id",
    // A report moves from pending once, so each caller gets one of their own to try (about a
    // review of its own: one person has one open report per target).
    call: async (w) => {
      const review = await createReview(w.db, { userId: w.people.owner.id });
      const report = await createReportRow(w.db, {
        reporterId: w.people.other.id,
        reportedType: "review",
        reportedId: review.id,
      });
      return {
        url: `/api/admin/reports/${report.id}`,
        body: { status: "resolved" },
        changes: { table: "user_reports", id: report.id },
      };
    },
    expected: moderators(200),
    massAssignment: {
      caller: "moderator",
      mayChange: ["status", "reviewed_by", "reviewed_at"],
      expect: (w) => ({ status: "resolved", reviewed_by: w.people.moderator.id }),
    },
  },
  {
    route: "PUT /api/admin/content/:type/:id/hidden",
    call: (w) => ({
      url: `/api/admin/content/review/${w.review.id}/hidden`,
      body: { hidden: true },
      changes: { table: "reviews", id: w.review.id },
    }),
    expected: moderators(200),
    massAssignment: {
      caller: "moderator",
      mayChange: ["is_hidden", "updated_at"],
      expect: () => ({ is_hidden: true }),
    },
  },
  {
    route: "GET /api/admin/activity",
    call: () => ({ url: "/api/admin/activity" }),
    expected: moderators(200),
  },
  { route: "GET /api/admin/team", call: () => ({ url: "/api/admin/team" }), expected: admins(200) },
  // The owner may not make themselves a moderator.
  {
    route: "PUT /api/admin/users/:id/role",
    call: (w) => ({
      url: `/api/admin/users/${w.people.owner.id}/role`,
      body: { role: "moderator" },
      changes: { table: "user_roles", key: "user_id", id: w.people.owner.id },
    }),
    expected: admins(200),
    massAssignment: {
      caller: "admin",
      mayChange: ["role"],
      expect: () => ({ role: "moderator" }),
    },
  },
  {
    route: "GET /api/want-to-try",
    call: () => ({ url: "/api/want-to-try" }),
    expected: signedIn(200),
  },
  {
    route: "GET /api/want-to-try/keys",
    call: () => ({ url: "/api/want-to-try/keys" }),
    expected: signedIn(200),
  },
  // Everyone signed in reads their own map; anyone reads anyone's tried places.
  {
    route: "GET /api/map",
    call: () => ({ url: "/api/map" }),
    expected: signedIn(200),
  },
  {
    route: "GET /api/profiles/:id/map",
    call: (w) => ({ url: `/api/profiles/${w.people.owner.id}/map` }),
    expected: open(200),
  },
  // Stats are the owner's until they show them (the world's owner has not): to everyone else
  // they do not exist. Shown stats and blocks are tried in server/modules/stats/stats.test.ts.
  ...(["stats", "stats/firsts"] as const).map((path) => ({
    route: `GET /api/profiles/:id/${path}`,
    call: (w: World) => ({ url: `/api/profiles/${w.people.owner.id}/${path}` }),
    expected: { visitor: 404, other: 404, owner: 200, moderator: 404, admin: 404 },
  })),
  // Rankings are read as reviews are (blocks and privacy in server/modules/rankings); the
  // categories are the caller's own.
  {
    route: "GET /api/profiles/:id/rankings",
    call: (w) => ({ url: `/api/profiles/${w.people.owner.id}/rankings` }),
    expected: open(200),
  },
  {
    route: "GET /api/profile/categories",
    call: () => ({ url: "/api/profile/categories" }),
    expected: signedIn(200),
  },
  // A Diary is always the caller's own: no route names anyone else's.
  {
    route: "GET /api/profile/diary",
    call: () => ({ url: "/api/profile/diary" }),
    expected: signedIn(200),
  },
  // Everyone signed in shows or hides their own stats, and only theirs.
  {
    route: "PUT /api/profile/stats-visibility",
    call: (w, caller) => ({
      url: "/api/profile/stats-visibility",
      body: { public: true },
      changes: caller === "visitor" ? undefined : { table: "profiles", id: w.people[caller].id },
    }),
    expected: signedIn(200),
    massAssignment: {
      caller: "owner",
      mayChange: ["stats_public"],
      expect: () => ({ stats_public: true }),
    },
  },
  // Everyone signed in sets who counts their own Want to try saves, and only theirs.
  {
    route: "PUT /api/want-to-try/visibility",
    call: (w, caller) => ({
      url: "/api/want-to-try/visibility",
      body: { visibility: "followers" },
      changes: caller === "visitor" ? undefined : { table: "profiles", id: w.people[caller].id },
    }),
    expected: signedIn(200),
    massAssignment: {
      caller: "owner",
      mayChange: ["want_to_try_visibility"],
      expect: () => ({ want_to_try_visibility: "followers" }),
    },
  },
  // The owner's Year in Food: theirs alone while their stats are private (the world's are).
  {
    route: "GET /api/profiles/:id/years",
    call: (w) => ({ url: `/api/profiles/${w.people.owner.id}/years` }),
    expected: statsOwnerOnly(200),
  },
  ...["", "/card.png", "/story.png"].map((suffix) => ({
    route: `GET /api/profiles/:id/years/:year${suffix}`,
    call: async (w: World) => ({
      url: `/api/profiles/${w.people.owner.id}/years/${await ownersLastYear(w)}${suffix}`,
    }),
    expected: statsOwnerOnly(200),
  })),
  // Everyone signed in follows (and unfollows) a restaurant; an unknown one is a 404.
  ...(["PUT", "DELETE"] as const).flatMap((method) => [
    {
      route: `${method} /api/restaurants/:id/follow`,
      call: (w: World) => ({ url: `/api/restaurants/${w.restaurant.id}/follow` }),
      expected: signedIn(200),
    },
    {
      route: `${method} /api/restaurants/:id/follow`,
      situation: "an unknown restaurant",
      call: () => ({ url: `/api/restaurants/${crypto.randomUUID()}/follow` }),
      expected: signedIn(404),
    },
  ]),
  // Everyone signed in saves to (and unsaves from) their own list.
  ...(["PUT", "DELETE"] as const).flatMap((method) => [
    {
      route: `${method} /api/restaurants/:id/want-to-try`,
      call: (w: World) => ({ url: `/api/restaurants/${w.restaurant.id}/want-to-try` }),
      expected: signedIn(200),
    },
    {
      route: `${method} /api/reviews/:id/want-to-try`,
      call: (w: World) => ({ url: `/api/reviews/${w.review.id}/want-to-try` }),
      expected: signedIn(200),
    },
    {
      route: `${method} /api/reviews/:id/want-to-try`,
      situation: "a hidden review: its author and the staff see it",
      call: (w: World) => ({ url: `/api/reviews/${w.hiddenReview.id}/want-to-try` }),
      expected: { visitor: 401, other: 404, owner: 200, moderator: 200, admin: 200 },
    },
    {
      route: `${method} /api/reviews/:id/want-to-try`,
      situation: "a restaurant review names no dish",
      call: async (w: World) => {
        const review = await createReview(w.db, {
          userId: w.people.owner.id,
          restaurantId: w.restaurant.id,
          reviewType: "restaurant",
          title: "Joe's Diner",
        });
        return { url: `/api/reviews/${review.id}/want-to-try` };
      },
      expected: signedIn(400),
    },
  ]),
  // Someone else's entry is as unknown as a missing one.
  {
    route: "DELETE /api/want-to-try/:entryId",
    call: (w) => ({ url: `/api/want-to-try/${w.wantToTry.id}` }),
    expected: { visitor: 401, other: 404, owner: 200, moderator: 404, admin: 404 },
  },
  // Everyone signed in imports into their own account; an import is its owner's alone (404 to
  // anyone else, as if it did not exist).
  {
    route: "POST /api/imports",
    call: () => ({
      url: "/api/imports",
      multipart: {
        files: [
          {
            field: "file",
            filename: "places.csv",
            contentType: "text/csv",
            data: Buffer.from("name,rating\nImported Place,4\n"),
          },
        ],
      },
    }),
    expected: signedIn(201),
  },
  {
    route: "GET /api/imports/latest",
    call: () => ({ url: "/api/imports/latest" }),
    expected: signedIn(200),
  },
  ...(["apply", "undo"] as const).map((action) => ({
    route: `POST /api/imports/:id/${action}`,
    call: async (w: World) => ({ url: `/api/imports/${await ownersImport(w, action)}/${action}` }),
    expected: { visitor: 401, other: 404, owner: 200, moderator: 404, admin: 404 },
  })),
  // Everyone signed in exports their own data; the download is keyed by its signed link alone
  // (cookies change nothing), so a link that does not match is a 404 to everyone.
  {
    route: "POST /api/exports",
    call: () => ({ url: "/api/exports" }),
    expected: signedIn(202),
  },
  {
    route: "GET /api/exports/latest",
    call: () => ({ url: "/api/exports/latest" }),
    expected: signedIn(200),
  },
  {
    route: "GET /api/exports/:id/download",
    call: () => ({
      url: `/api/exports/00000000-0000-4000-8000-000000000000/download?expires=4102444800&signature=${"0".repeat(64)}`,
    }),
    expected: open(404),
  },
  {
    route: "POST /api/lists",
    call: () => ({ url: "/api/lists", body: { name: "Best ramen", visibility: "link" } }),
    expected: signedIn(201),
    massAssignment: {
      caller: "owner",
      creates: (answer) => ({
        table: "lists",
        id: (answer as { list?: { id: string } }).list?.id ?? "",
      }),
      expect: (world) => ({ owner_id: world.people.owner.id, follower_count: 0 }),
    },
  },
  {
    route: "GET /api/lists/following",
    call: () => ({ url: "/api/lists/following" }),
    expected: signedIn(200),
  },
  {
    route: "GET /api/lists/mine",
    call: (w) => ({ url: `/api/lists/mine?restaurantId=${w.restaurant.id}` }),
    expected: signedIn(200),
  },
  // A list nobody may see answers as a missing one would: 404, never 403.
  {
    route: "GET /api/lists/:listId",
    situation: "a private list: its owner alone",
    call: (w) => ({ url: `/api/lists/${w.lists.private.id}` }),
    expected: { ...listOwnerOnly(200), visitor: 404 },
  },
  {
    route: "GET /api/lists/:listId",
    situation: "a followers list: the owner's followers",
    call: (w) => ({ url: `/api/lists/${w.lists.followers.id}` }),
    expected: { ...listOwnerOnly(200), visitor: 404, other: 200 },
  },
  {
    route: "GET /api/lists/:listId",
    situation: "a link list with its key: anyone",
    call: (w) => ({ url: `/api/lists/${w.lists.link.id}?key=${w.lists.link.key}` }),
    expected: open(200),
  },
  {
    route: "GET /api/lists/:listId",
    situation: "a link list without its key: its owner and who followed it",
    call: (w) => ({ url: `/api/lists/${w.lists.link.id}` }),
    expected: { ...listOwnerOnly(200), visitor: 404, other: 200 },
  },
  {
    route: "PATCH /api/lists/:listId",
    call: (w, caller) => ({
      url: `/api/lists/${w.lists.followers.id}`,
      body: { name: "Renamed", description: "New words", visibility: "private" },
      changes: caller === "visitor" ? undefined : { table: "lists", id: w.lists.followers.id },
    }),
    expected: listOwnerOnly(200),
    massAssignment: {
      caller: "owner",
      mayChange: ["name", "description", "visibility", "updated_at"],
      expect: (world) => ({ owner_id: world.people.owner.id, follower_count: 0 }),
    },
  },
  {
    route: "DELETE /api/lists/:listId",
    call: (w) => ({ url: `/api/lists/${w.lists.followers.id}` }),
    expected: listOwnerOnly(204),
  },
  {
    route: "POST /api/lists/:listId/share-key",
    call: (w) => ({ url: `/api/lists/${w.lists.link.id}/share-key` }),
    expected: listOwnerOnly(200),
  },
  {
    route: "POST /api/lists/:listId/entries",
    call: (w) => ({
      url: `/api/lists/${w.lists.private.id}/entries`,
      body: { reviewId: w.review.id },
    }),
    expected: listOwnerOnly(201),
  },
  {
    route: "DELETE /api/lists/:listId/entries/:entryId",
    call: (w) => ({
      url: `/api/lists/${w.lists.private.id}/entries/${w.lists.private.entryId}`,
    }),
    expected: listOwnerOnly(204),
  },
  {
    route: "PUT /api/lists/:listId/order",
    call: (w) => ({
      url: `/api/lists/${w.lists.private.id}/order`,
      body: { entryIds: [w.lists.private.entryId] },
    }),
    expected: listOwnerOnly(200),
  },
  // Who may see a list may follow it; nobody follows their own.
  {
    route: "PUT /api/lists/:listId/follow",
    situation: "a link list with its key",
    call: (w) => ({
      url: `/api/lists/${w.lists.link.id}/follow`,
      body: { key: w.lists.link.key },
    }),
    expected: { visitor: 401, other: 200, owner: 400, moderator: 200, admin: 200 },
  },
  {
    route: "PUT /api/lists/:listId/follow",
    situation: "a private list",
    call: (w) => ({ url: `/api/lists/${w.lists.private.id}/follow`, body: {} }),
    expected: { ...listOwnerOnly(400), other: 404 },
  },
  {
    route: "DELETE /api/lists/:listId/follow",
    call: (w) => ({ url: `/api/lists/${w.lists.link.id}/follow` }),
    expected: { visitor: 401, other: 200, owner: 400, moderator: 404, admin: 404 },
  },
  {
    route: "GET /api/profiles/:id/lists",
    call: (w) => ({ url: `/api/profiles/${w.people.owner.id}/lists` }),
    expected: open(200),
  },
  {
    route: "GET /api/events",
    call: () => ({ url: "/api/events", stream: true }),
    expected: signedIn(200),
  },
];

const calledEntries = matrix.filter((entry): entry is MatrixEntry => "call" in entry);

/** A fresh database holding the world every route is tried against. */
let worldCount = 0;

/**
 * A new world beside the earlier ones. Worlds share nothing (each has its own people, items and
 * restaurant), so the database is emptied once per file rather than per world: on PostgreSQL
 * emptying every table costs more than a world and all its calls.
 */
async function buildWorld(): Promise<World> {
  const { app } = testApp;
  const db = app.database.db;
  worldCount += 1;
  const people = {} as World["people"];
  for (const caller of callers) {
    if (caller === "visitor") continue;
    const username = `${caller}_${worldCount}`;
    const profile = await createUser(db, {
      username,
      firstName: caller,
      lastName: "User",
      fullName: `${caller} User`,
    });
    people[caller] = { id: profile.id, cookie: await sessionCookieFor(app, profile.id), username };
  }
  await setRole(db, people.owner.id, "user");
  await setRole(db, people.other.id, "user");
  await setRole(db, people.moderator.id, "moderator");
  await setRole(db, people.admin.id, "admin");
  // A session read makes the server's JWT signing key on first use: made now, it is no call's
  // doing below.
  await request(app, "GET", "/api/me", { cookie: people.owner.cookie });

  const owner = people.owner.id;
  const restaurant = await createRestaurant(db, {
    name: "Joe's Diner",
    slug: `joes-diner-${worldCount}`,
    createdBy: owner,
  });
  const otherRestaurant = await createRestaurant(db);
  const review = await createReview(db, {
    userId: owner,
    restaurantId: restaurant.id,
    title: "Lobster Roll",
    // Ranked (ADR 0030), so its owner may place it.
    category: "Seafood",
    rankPosition: 1,
  });
  await createReviewImage(db, { reviewId: review.id });
  const hiddenReview = await createReview(db, {
    userId: owner,
    restaurantId: restaurant.id,
    isHidden: true,
  });
  const post = await createPost(db, { userId: owner, restaurantId: restaurant.id });
  const postImage = await createPostImage(db, { postId: post.id });
  const deal = await createDeal(db, { userId: owner, restaurantId: restaurant.id });
  const hiddenDeal = await createDeal(db, {
    userId: owner,
    restaurantId: restaurant.id,
    isHidden: true,
  });
  const reviewComment = await createComment(db, { userId: owner, reviewId: review.id });
  const postComment = await createComment(db, { userId: owner, postId: post.id });
  const dealComment = await createComment(db, { userId: owner, dealId: deal.id });
  const other = people.other.id;
  const othersComment = await createComment(db, { userId: other, reviewId: review.id });
  await db.execute(sql`
    with liked_review as (
           insert into likes (review_id, user_id) values (${review.id}, ${other})),
         liked_post as (
           insert into post_likes (post_id, user_id) values (${post.id}, ${other})),
         counted_review as (update reviews set like_count = 1 where id = ${review.id}),
         counted_post as (update posts set like_count = 1 where id = ${post.id}),
         followed as (
           insert into follows (follower_id, following_id) values (${other}, ${owner}))
    update profiles
       set follower_count = case when id = ${owner} then 1 else 0 end,
           following_count = case when id = ${other} then 1 else 0 end
     where id in (${owner}, ${other})`);
  const notification = await db.execute<{ key: string }>(sql`
    insert into notifications (type, user_id, actor_id)
    values ('new_follower', ${owner}, ${other})
    returning 'follow.' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as key`);
  // The moderation queue has something to show.
  await createReportRow(db, {
    reporterId: other,
    reportedType: "post",
    reportedId: post.id,
  });
  const upload = await db.execute<{ id: string }>(sql`
    insert into image_uploads (user_id, image_url, width, height, placeholder)
    values (${owner}, '/uploads/test/pending-1280.webp', 800, 600, '') returning id`);
  // The owner's avatar uploaded and not yet saved: PUT /api/profile may save it.
  await db.execute(sql`
    insert into avatar_uploads (key, user_id) values (${`avatars/${owner}/a.webp`}, ${owner})`);
  const wantToTry = await db.execute<{ id: string }>(sql`
    insert into want_to_try (user_id, kind, restaurant_id)
    values (${owner}, 'restaurant', ${otherRestaurant.id}) returning id`);
  const list = async (visibility: string, followers: number) => {
    const result = await db.execute<{ id: string; share_key: string }>(sql`
      insert into lists (owner_id, name, visibility, share_key, follower_count)
      values (${owner}, ${`A ${visibility} list`}, ${visibility},
              ${`key${worldCount}${visibility}`}, ${followers})
      returning id, share_key`);
    const row = result.rows[0];
    if (!row) throw new Error("world: no list");
    return { id: row.id, key: row.share_key };
  };
  const privateList = await list("private", 0);
  const entry = await db.execute<{ id: string }>(sql`
    insert into list_entries (list_id, position, restaurant_id)
    values (${privateList.id}, 0, ${restaurant.id}) returning id`);
  const followersList = await list("followers", 0);
  const linkList = await list("link", 1);
  await db.execute(sql`
    insert into list_follows (list_id, user_id) values (${linkList.id}, ${other})`);
  return {
    db,
    people,
    restaurant: { id: restaurant.id, slug: restaurant.slug ?? "" },
    otherRestaurant,
    review: { id: review.id, title: review.title },
    hiddenReview,
    post,
    postImage,
    deal: { id: deal.id },
    hiddenDeal: { id: hiddenDeal.id },
    reviewComment,
    postComment,
    dealComment,
    othersComment,
    notificationGroup: { key: notification.rows[0]?.key ?? "" },
    upload: { id: upload.rows[0]?.id ?? "" },
    wantToTry: { id: wantToTry.rows[0]?.id ?? "" },
    lists: {
      private: { id: privateList.id, entryId: entry.rows[0]?.id ?? "" },
      followers: { id: followersList.id },
      link: linkList,
    },
  };
}

/**
 * Throttles count attempts, refused ones included (a quota is taken before the request is
 * judged, so a script cannot probe for free): their table is the one a refused call may change.
 */
const ATTEMPT_COUNTERS = new Set(["action_limits"]);

/**
 * Everything a refused call must leave alone, as one comparable value: how many rows each app
 * table holds, and the counters and flags on rows (likes, comments, deal votes, followers,
 * hidden, read, report status, roles, names).
 */
async function databaseState(db: Database) {
  // One (name, count) row per table: a function call takes at most 100 arguments.
  const rowCounts = appTableNames
    .filter((name) => !ATTEMPT_COUNTERS.has(name))
    .map((name) => sql`(${name}::text, (select count(*) from ${sql.identifier(name)}))`);
  const result = await db.execute(sql`
    select
      (select json_object_agg(t.name, t.count order by t.name)
         from (values ${sql.join(rowCounts, sql`, `)}) as t(name, count)) as row_counts,
      (select json_agg(json_build_array(id, like_count, comment_count, is_hidden, title) order by id)
         from reviews) as reviews,
      (select json_agg(json_build_array(id, like_count, comment_count, is_hidden, title) order by id)
         from posts) as posts,
      (select json_agg(json_build_array(id, like_count, comment_count, still_on_count, gone_count,
                                        is_hidden, title) order by id)
         from deals) as deals,
      (select json_agg(json_build_array(id, is_hidden) order by id) from comments) as comments,
      (select json_agg(json_build_array(id, is_hidden) order by id) from post_comments)
        as post_comments,
      (select json_agg(json_build_array(id, username, follower_count, following_count) order by id)
         from profiles) as profiles,
      (select json_agg(json_build_array(user_id, role) order by user_id) from user_roles) as roles,
      (select json_agg(json_build_array(id, is_read) order by id) from notifications)
        as notifications,
      (select json_agg(json_build_array(id, status) order by id) from user_reports) as reports,
      (select json_agg(json_build_array(id, name, description, visibility, share_key,
                                        follower_count) order by id)
         from lists) as lists,
      (select json_agg(json_build_array(id, position) order by id) from list_entries)
        as list_entries`);
  return result.rows[0];
}

async function send(world: World, method: string, caller: Caller, call: Call) {
  const form = call.multipart && multipart(call.multipart.files, call.multipart.fields);
  const response = await request(
    testApp.app,
    method as NonNullable<InjectOptions["method"]>,
    call.url,
    {
      cookie: caller === "visitor" ? undefined : world.people[caller].cookie,
      body: form ? form.payload : call.body,
      headers: { ...call.headers, ...form?.headers },
      payloadAsStream: call.stream,
    },
  );
  if (!call.stream) return { status: response.statusCode, body: response.body };
  // An open stream is left to the app's close, which ends them all.
  return {
    status: response.statusCode,
    body: response.statusCode === 200 ? "" : await text(response.stream()),
  };
}

function splitRoute(route: string): { method: string; path: string } {
  const [method = "", path = ""] = route.split(" ");
  return { method, path };
}

function entryName(entry: MatrixEntry): string {
  return entry.situation ? `${entry.route} (${entry.situation})` : entry.route;
}

beforeAll(async () => {
  await testApp.start();
  photo = {
    field: "file",
    filename: "photo.jpg",
    contentType: "image/jpeg",
    data: await testJpeg(),
  };
});

describe("the route table", () => {
  const apiRoutes = () =>
    testApp.app.routeTable
      .filter((route) => route.url.startsWith("/api/"))
      .map((route) => `${route.method} ${route.url}`);

  it("has a matrix entry for every /api route, and no entry for a route that is gone", () => {
    const registered = apiRoutes();
    const entries = new Set(matrix.map((entry) => entry.route));
    expect(
      registered.filter((route) => !entries.has(route)),
      "Routes without an entry in the matrix of server/http/authorization.test.ts: add one " +
        "for each, saying how to call it from the seeded world and what a visitor, another " +
        "user, the owner, a moderator and an admin get",
    ).toEqual([]);
    expect(
      [...entries].filter((route) => !registered.includes(route)),
      "Matrix entries for routes the server no longer has: remove or rename them",
    ).toEqual([]);
  });

  it("documents every /api route in the OpenAPI document but the auth bridge and itself", async () => {
    const document = await request(testApp.app, "GET", "/api/openapi.json");
    const paths = document.json().paths as Record<string, Record<string, unknown>>;
    const undocumented = apiRoutes().filter((route) => {
      const { method, path } = splitRoute(route);
      return paths[path.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()] === undefined;
    });
    expect(undocumented).toEqual(["GET /api/openapi.json", "GET /api/auth/*", "POST /api/auth/*"]);
  });
});

/**
 * Calls the route as each caller, refused ones first (so an allowed caller's change never hides
 * a refused one's): each gets its expected status, and a refused one the API's error shape and
 * an unchanged database.
 */
async function tryEveryCaller(entry: MatrixEntry, world: World): Promise<void> {
  const { method } = splitRoute(entry.route);
  const order = [...callers].sort(
    (a, b) => Number(entry.expected[a] < 400) - Number(entry.expected[b] < 400),
  );
  for (const caller of order) {
    const call = await entry.call(world, caller);
    const expected = entry.expected[caller];
    const label = `${method} ${call.url} as ${caller}`;
    const before = expected >= 400 ? await databaseState(world.db) : undefined;
    const answer = await send(world, method, caller, call);
    expect(answer.status, `${label}: ${answer.body}`).toBe(expected);
    if (!before) continue;
    expect(JSON.parse(answer.body), `${label}: the API error shape`).toEqual({
      error: { code: refusalCodes[expected] ?? expect.any(String), message: expect.any(String) },
    });
    expect(await databaseState(world.db), `${label} was refused but changed data`).toEqual(before);
  }
}

/** A fixed id, so the owner's review of last year is written once whoever asks first. */
const LAST_YEAR_REVIEW_ID = "00000000-0000-4000-8000-0000000001a5";

/**
 * Last year, which every recap of the owner's opens for: it gets a review of theirs (once,
 * before any caller's answer is compared with the database).
 */
async function ownersLastYear(w: World): Promise<number> {
  const year = new Date().getUTCFullYear() - 1;
  await w.db.execute(sql`
    insert into reviews (id, user_id, restaurant_id, review_type, title, rating, created_at,
                         visited_on)
    values (${LAST_YEAR_REVIEW_ID}, ${w.people.owner.id}, ${w.restaurant.id}, 'dish',
            'Last year', 4, ${`${year}-06-01T12:00:00Z`}::timestamptz, ${`${year}-06-01`}::date)
    on conflict (id) do nothing`);
  return year;
}

/** A value nothing in the seeded world holds, so finding it in a row means the body set it. */
const INJECTED_ID = "00000000-0000-4000-8000-00000000dead";
const INJECTED_TIME = "2001-02-03T04:05:06.000Z";
const INJECTED_COUNT = 999;

/**
 * Fields no body may set, in the API's spelling and the database's: who wrote it (another
 * person's id), its counters, its hidden flag, a role, its id, when it was made, and what an
 * edit never changes.
 */
function hostileFields(world: World): Record<string, unknown> {
  const victim = world.people.other.id;
  const counters = ["likeCount", "commentCount", "followerCount", "followingCount"];
  return {
    id: INJECTED_ID,
    ...Object.fromEntries(
      ["userId", "authorId", "reporterId", "actorId", "reviewedBy", "createdBy"].flatMap(
        (field) => [
          [field, victim],
          [snakeCase(field), victim],
        ],
      ),
    ),
    author: { id: victim },
    ...Object.fromEntries(
      counters.flatMap((field) => [
        [field, INJECTED_COUNT],
        [snakeCase(field), INJECTED_COUNT],
      ]),
    ),
    isHidden: true,
    is_hidden: true,
    role: "admin",
    isAdmin: true,
    isModerator: true,
    status: "resolved",
    createdAt: INJECTED_TIME,
    created_at: INJECTED_TIME,
    restaurantId: world.otherRestaurant.id,
    restaurant_id: world.otherRestaurant.id,
    reviewType: "restaurant",
  };
}

function snakeCase(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

async function readRow(db: Database, ref: RowRef): Promise<Record<string, unknown> | undefined> {
  const result = await db.execute(
    sql`select * from ${sql.identifier(ref.table)} where ${sql.identifier(ref.key ?? "id")}::text = ${ref.id}`,
  );
  return result.rows[0];
}

/**
 * What hostile bodies aim at besides the row written: the roles of the world's people (the
 * caller's own included) and the profile of the person whose id they name.
 */
async function peopleState(world: World) {
  const ids = Object.values(world.people).map((person) => person.id);
  const roles = await world.db.execute(sql`
    select user_id, role from user_roles
     where user_id in (${sql.join(ids, sql`, `)}) order by user_id`);
  return {
    roles: roles.rows,
    victim: await readRow(world.db, { table: "profiles", id: world.people.other.id }),
  };
}

/**
 * The entry's mass-assignment caller sends its call's body with fields no body may set: the
 * write is refused with a 400 that changed nothing, or it is made and they are ignored.
 */
async function checkMassAssignment(
  entry: MatrixEntry,
  check: MassAssignmentCheck,
  world: World,
): Promise<void> {
  const { method } = splitRoute(entry.route);
  const startedAt = Date.now();
  const call = await entry.call(world, check.caller);
  const hostile = hostileFields(world);
  // A multipart upload gets the ones that could name a row or its owner as text fields beside
  // its file: an upload takes at most five text fields, and ignores those it does not know.
  const hostileCall: Call = call.multipart
    ? {
        ...call,
        multipart: {
          ...call.multipart,
          fields: {
            ...Object.fromEntries(
              MULTIPART_HOSTILE_FIELDS.map((field) => [field, String(hostile[field])]),
            ),
            ...call.multipart.fields,
          },
        },
      }
    : { ...call, body: { ...hostile, ...(call.body as object) } };
  const body = hostileCall.multipart?.fields ?? hostileCall.body;
  const existing = call.changes && (await readRow(world.db, call.changes));
  const peopleBefore = await peopleState(world);
  const stateBefore = await databaseState(world.db);
  const answer = await send(world, method, check.caller, hostileCall);
  const label = `${method} ${call.url} as ${check.caller} with ${JSON.stringify(body)}`;
  if (answer.status === 400 && !call.multipart) {
    expect(await databaseState(world.db), `${label} was refused but changed data`).toEqual(
      stateBefore,
    );
    return;
  }
  expect(answer.status, `${label}: ${answer.body}`).toBe(entry.expected[check.caller]);
  const ref = "creates" in check ? check.creates(JSON.parse(answer.body || "{}")) : call.changes;
  if (!ref) throw new Error(`${entry.route}: an edit's call must name the row it changes`);
  const row = await readRow(world.db, ref);
  expect(row, `${label}: ${ref.table} ${ref.id} read back`).toBeDefined();
  expect(row, label).toMatchObject(check.expect(world));
  if ("mayChange" in check) {
    const unchanged = Object.keys(existing ?? {}).filter(
      (column) => !check.mayChange.includes(column),
    );
    for (const column of unchanged) {
      expect(row?.[column], `${label}: ${ref.table}.${column}`).toEqual(existing?.[column]);
    }
  } else {
    const injected = [INJECTED_ID, INJECTED_COUNT, world.people.other.id, world.otherRestaurant.id];
    for (const [column, value] of Object.entries(row ?? {})) {
      expect(injected, `${label}: ${ref.table}.${column}`).not.toContain(value);
    }
    expect(
      new Date(String(row?.created_at)).getTime(),
      `${label}: created_at`,
    ).toBeGreaterThanOrEqual(startedAt - 60_000);
  }
  expect(await peopleState(world), `${label}: roles and the person the body named`).toEqual(
    peopleBefore,
  );
}

const MULTIPART_HOSTILE_FIELDS = ["id", "userId", "user_id", "isHidden"] as const;

/** The error codes every refusal of these statuses carries, whatever its message. */
const refusalCodes: Record<number, string> = { 401: "UNAUTHORIZED", 403: "FORBIDDEN" };

const isRead = (entry: MatrixEntry) => splitRoute(entry.route).method === "GET";

describe("who may call each route", () => {
  // Building a world costs more than the calls, and no read changes what another read answers:
  // the reads share one world, each write gets a fresh one.
  describe("reads", () => {
    let world: World;
    beforeAll(async () => {
      world = await buildWorld();
    });
    for (const entry of calledEntries.filter(isRead)) {
      it(entryName(entry), () => tryEveryCaller(entry, world));
    }
  });
  describe("writes", () => {
    for (const entry of calledEntries.filter((entry) => !isRead(entry))) {
      it(entryName(entry), async () => {
        const world = await buildWorld();
        await tryEveryCaller(entry, world);
        if (entry.massAssignment) await checkMassAssignment(entry, entry.massAssignment, world);
      });
    }
  });
});

// The auth bridge's own writes: a verified address in ADMIN_EMAILS makes an admin, so a body
// must never verify an address, nor switch two-factor, choose an id or a role.
it("takes no verified flag, two-factor flag, id, role or creation time from sign-up or update-user", async () => {
  const { app } = testApp;
  const email = uniqueEmail();
  const fields = {
    id: INJECTED_ID,
    emailVerified: true,
    twoFactorEnabled: true,
    role: "admin",
    createdAt: INJECTED_TIME,
  };
  const signUp = await request(app, "POST", "/api/auth/sign-up/email", {
    body: { email, password: TEST_PASSWORD, name: "", ...fields },
  });
  expect(signUp.statusCode, signUp.body).toBe(200);
  const cookie = cookieFrom(signUp);
  for (const [field, value] of Object.entries(fields)) {
    const update = await request(app, "POST", "/api/auth/update-user", {
      cookie,
      body: { name: "New", [field]: value },
    });
    expect([200, 400], `update-user with ${field}: ${update.body}`).toContain(update.statusCode);
  }
  const users = await app.database.db.execute(
    sql`select u.id, u.email_verified, u.two_factor_enabled, u.created_at, r.role
          from "user" u join user_roles r on r.user_id = u.id where u.email = ${email}`,
  );
  expect(users.rows).toHaveLength(1);
  const [person] = users.rows;
  expect(person).toMatchObject({ email_verified: false, two_factor_enabled: false, role: "user" });
  expect(person?.id).not.toBe(INJECTED_ID);
  expect(new Date(String(person?.created_at)).getFullYear()).not.toBe(2001);
});

// The account's image is never set from a body: a person's photo is their profile's, set from
// their own upload only.
it("takes no image address from sign-up or update-user", async () => {
  const { app } = testApp;
  const email = uniqueEmail();
  const images = ["javascript:alert(1)", "https://tracker.example/pixel.gif", ""];
  for (const image of images) {
    const refused = await request(app, "POST", "/api/auth/sign-up/email", {
      body: { email, password: TEST_PASSWORD, name: "", image },
    });
    expect(refused.statusCode, `sign-up with ${image}: ${refused.body}`).toBe(400);
    expect(refused.json().error.code).toBe("IMAGE_NOT_ACCEPTED");
  }
  const signUp = await request(app, "POST", "/api/auth/sign-up/email", {
    body: { email, password: TEST_PASSWORD, name: "" },
  });
  expect(signUp.statusCode, signUp.body).toBe(200);
  const cookie = cookieFrom(signUp);
  for (const image of images) {
    const update = await request(app, "POST", "/api/auth/update-user", {
      cookie,
      body: { name: "New", image },
    });
    expect(update.statusCode, `update-user with ${image}: ${update.body}`).toBe(400);
  }
  const users = await app.database.db.execute(sql`select image from "user" where email = ${email}`);
  expect(users.rows).toEqual([{ image: null }]);
});
