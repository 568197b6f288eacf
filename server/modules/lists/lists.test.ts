import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import type {
  ListDetailDto,
  ListEntryDto,
  ListSummariesDto,
  ListSummaryDto,
  ListVisibility,
} from "#domain/lists.ts";
import { LIST_LIMITS, listMessages } from "#domain/lists-rules.ts";
import { useTestApp } from "#server/test/app.ts";
import { sessionCookieFor } from "#server/test/auth-helpers.ts";
import {
  createFollow,
  createRestaurant,
  createReview,
  createReviewImage,
  createUser,
} from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

type Method = NonNullable<InjectOptions["method"]>;
type Person = { id: string; cookie: string };

function call(method: Method, url: string, cookie?: string, body?: unknown) {
  return request(testApp.app, method, url, { cookie, body });
}

/** A person in the database with a session, without the cost of a password. */
async function person(): Promise<Person> {
  const profile = await createUser(testApp.db);
  return { id: profile.id, cookie: await sessionCookieFor(testApp.app, profile.id) };
}

/** Calls and expects `status`; returns the parsed answer (undefined for an empty one). */
async function expectStatus(
  status: number,
  method: Method,
  url: string,
  cookie?: string,
  body?: unknown,
) {
  const response = await call(method, url, cookie, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.body ? response.json() : undefined;
}

async function makeList(
  owner: Person,
  visibility: ListVisibility = "private",
  name = "Best ramen in Brooklyn",
): Promise<ListDetailDto> {
  return expectStatus(201, "POST", "/api/lists", owner.cookie, {
    name,
    description: "Where I would send a friend",
    visibility,
  });
}

async function addRestaurant(owner: Person, listId: string, restaurantId: string) {
  return (await expectStatus(201, "POST", `/api/lists/${listId}/entries`, owner.cookie, {
    restaurantId,
  })) as ListEntryDto;
}

async function addReview(owner: Person, listId: string, reviewId: string) {
  return (await expectStatus(201, "POST", `/api/lists/${listId}/entries`, owner.cookie, {
    reviewId,
  })) as ListEntryDto;
}

/** The list as `viewer` (or a visitor) sees it with `key`: the detail, or null for a 404. */
async function readList(listId: string, viewer?: Person, key?: string) {
  const query = key === undefined ? "" : `?key=${encodeURIComponent(key)}`;
  const response = await call("GET", `/api/lists/${listId}${query}`, viewer?.cookie);
  if (response.statusCode === 404) {
    expect(response.json().error).toEqual({ code: "NOT_FOUND", message: listMessages.notFound });
    return null;
  }
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ListDetailDto;
}

async function profileLists(ownerId: string, viewer?: Person): Promise<string[]> {
  const answer: ListSummariesDto = await expectStatus(
    200,
    "GET",
    `/api/profiles/${ownerId}/lists`,
    viewer?.cookie,
  );
  return answer.lists.map((list) => list.id);
}

async function listRow(listId: string) {
  const result = await testApp.db.execute<{
    name: string;
    description: string | null;
    visibility: string;
    share_key: string;
    follower_count: number;
    updated_at: Date;
  }>(sql`select name, description, visibility, share_key, follower_count, updated_at
           from lists where id = ${listId}`);
  return result.rows[0];
}

async function rowCounts() {
  const result = await testApp.db.execute<{ lists: number; entries: number; follows: number }>(sql`
    select (select count(*)::int from lists) as lists,
           (select count(*)::int from list_entries) as entries,
           (select count(*)::int from list_follows) as follows`);
  return result.rows[0];
}

describe("making and reading lists", () => {
  it("makes an empty list, shows its key to its owner only, and reads entries in order", async () => {
    await testApp.start();
    const owner = await person();
    const created = await makeList(owner, "link");
    expect(created.entries).toEqual([]);
    expect(created.list).toMatchObject({
      name: "Best ramen in Brooklyn",
      description: "Where I would send a friend",
      visibility: "link",
      owner: { id: owner.id },
      entryCount: 0,
      followerCount: 0,
      coverPhotoUrl: null,
      isOwner: true,
      followedByMe: null,
    });
    const key = created.list.shareKey ?? "";
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(key).toHaveLength(LIST_LIMITS.shareKeyLength);

    const author = await person();
    const restaurant = await createRestaurant(testApp.db, { latitude: 40.7, longitude: -73.9 });
    const older = await createReview(testApp.db, {
      userId: author.id,
      restaurantId: restaurant.id,
      rating: 3,
    });
    const newer = await createReview(testApp.db, {
      userId: author.id,
      restaurantId: restaurant.id,
      rating: 4,
    });
    const photo = await createReviewImage(testApp.db, { reviewId: older.id });
    const other = await createRestaurant(testApp.db);
    const id = created.list.id;

    const restaurantEntry = await addRestaurant(owner, id, restaurant.id);
    expect(restaurantEntry).toMatchObject({
      kind: "restaurant",
      restaurant: { id: restaurant.id, name: restaurant.name },
      location: { lat: 40.7, lng: -73.9 },
      review: null,
      // Its reviews rate dishes, not the place.
      placeRating: null,
      photoUrl: photo.imageUrl,
    });
    const reviewEntry = await addReview(owner, id, newer.id);
    expect(reviewEntry).toMatchObject({
      kind: "review",
      restaurant: { id: restaurant.id },
      review: { id: newer.id, itemType: "review", rating: 4, author: { id: author.id } },
      placeRating: null,
      photoUrl: null,
    });
    const otherEntry = await addRestaurant(owner, id, other.id);
    expect(otherEntry).toMatchObject({ location: null, placeRating: null, photoUrl: null });

    const visitor = await readList(id, undefined, key);
    expect(visitor?.entries.map((entry) => entry.id)).toEqual([
      restaurantEntry.id,
      reviewEntry.id,
      otherEntry.id,
    ]);
    expect(visitor?.list).toMatchObject({
      entryCount: 3,
      coverPhotoUrl: photo.imageUrl,
      isOwner: false,
      followedByMe: null,
      shareKey: null,
    });
    expect(visitor?.entries[1]?.review?.likedByMe).toBeNull();
  });

  it("answers 404 for a malformed or unknown list id", async () => {
    await testApp.start();
    const owner = await person();
    for (const id of ["not-a-uuid", crypto.randomUUID()]) {
      expect(await readList(id, owner)).toBeNull();
      await expectStatus(404, "PATCH", `/api/lists/${id}`, owner.cookie, { name: "x" });
      await expectStatus(404, "DELETE", `/api/lists/${id}`, owner.cookie);
    }
  });
});

/** An owner, someone who follows them, a stranger and a visitor (undefined). */
async function cast() {
  const owner = await person();
  const follower = await person();
  const stranger = await person();
  await createFollow(testApp.db, follower.id, owner.id);
  return { owner, follower, stranger };
}

describe("a place's rating", () => {
  it("is the restaurant page's Restaurant rating on every entry of the place, whatever its dishes got", async () => {
    await testApp.start();
    const owner = await person();
    const { list } = await makeList(owner);
    const author = await person();
    const place = await createRestaurant(testApp.db, { latitude: 40.7, longitude: -73.9 });
    const dish = await createReview(testApp.db, {
      userId: author.id,
      restaurantId: place.id,
      rating: 5,
    });
    for (const rating of [3, 4, 4]) {
      await createReview(testApp.db, {
        userId: (await person()).id,
        restaurantId: place.id,
        reviewType: "restaurant",
        rating,
      });
    }
    const restaurantEntry = await addRestaurant(owner, list.id, place.id);
    const dishEntry = await addReview(owner, list.id, dish.id);

    const page = await expectStatus(200, "GET", `/api/restaurants/${place.id}`, owner.cookie);
    expect(page.stats.restaurantRating).toEqual({ average: 3.7, count: 3 });
    expect(restaurantEntry.placeRating).toBe(3.7);
    // The dish entry keeps its review's own rating, and names the place's rating as well, so
    // the list and its map show the place alike.
    expect(dishEntry).toMatchObject({ review: { rating: 5 }, placeRating: 3.7 });
    const read = await readList(list.id, owner);
    expect(read?.entries.map((entry) => entry.placeRating)).toEqual([3.7, 3.7]);
  });
});

describe("who sees a list", () => {
  it("follows the visibility rule on the list, the profile's lists and following", async () => {
    await testApp.start();
    const { owner, follower, stranger } = await cast();
    const lists = {
      private: (await makeList(owner, "private")).list,
      followers: (await makeList(owner, "followers")).list,
      link: (await makeList(owner, "link")).list,
    };
    // A real key, of another list: holding one link opens no other list.
    const other = (await makeList(await person(), "link")).list;
    const viewers = { owner, follower, stranger, visitor: undefined };
    type Viewer = keyof typeof viewers;
    const keys = { none: undefined, right: "right", wrong: other.shareKey ?? "" } as const;
    type Key = keyof typeof keys;
    const sees = (visibility: ListVisibility, viewer: Viewer, key: Key): boolean =>
      viewer === "owner" ||
      (visibility === "followers" && viewer === "follower") ||
      (visibility === "link" && key === "right");

    for (const [visibility, list] of Object.entries(lists) as [ListVisibility, ListSummaryDto][]) {
      for (const [viewerName, viewer] of Object.entries(viewers) as [Viewer, Person?][]) {
        for (const [keyName, key] of Object.entries(keys) as [Key, string | undefined][]) {
          const detail = await readList(
            list.id,
            viewer,
            key === "right" ? (list.shareKey ?? "") : key,
          );
          const label = `${visibility} list, ${viewerName}, ${keyName} key`;
          expect(detail !== null, label).toBe(sees(visibility, viewerName, keyName));
          if (detail) {
            expect(detail.list.shareKey, label).toBe(viewerName === "owner" ? list.shareKey : null);
            expect(detail.list.isOwner, label).toBe(viewerName === "owner");
          }
        }
      }
    }
    // The profile shows what one sees without a key: never a link list one did not follow.
    expect(new Set(await profileLists(owner.id, owner))).toEqual(
      new Set([lists.private.id, lists.followers.id, lists.link.id]),
    );
    expect(await profileLists(owner.id, follower)).toEqual([lists.followers.id]);
    expect(await profileLists(owner.id, stranger)).toEqual([]);
    expect(await profileLists(owner.id)).toEqual([]);
    await expectStatus(404, "GET", "/api/profiles/nobody-here/lists");

    // Following: whoever sees the list may (a link list with its key); nobody their own.
    const followPath = (id: string) => `/api/lists/${id}/follow`;
    for (const [visibility, list] of Object.entries(lists) as [ListVisibility, ListSummaryDto][]) {
      for (const keyName of ["none", "wrong", "right"] as const) {
        const key = keyName === "right" ? list.shareKey : keys[keyName];
        const body = { key };
        await expectStatus(401, "PUT", followPath(list.id), undefined, body);
        const own = await call("PUT", followPath(list.id), owner.cookie, body);
        expect(own.statusCode).toBe(400);
        expect(own.json().error.message).toBe(listMessages.ownListFollow);
        for (const [viewerName, viewer] of [
          ["follower", follower],
          ["stranger", stranger],
        ] as const) {
          const label = `${visibility} list, ${viewerName}, ${keyName} key`;
          const response = await call("PUT", followPath(list.id), viewer.cookie, body);
          const allowed =
            sees(visibility, viewerName, keyName) ||
            // Once followed with the key, a link list stays theirs.
            (visibility === "link" && keyName === "right");
          expect(response.statusCode, `${label}: ${response.body}`).toBe(allowed ? 200 : 404);
          if (allowed) expect(response.json().following, label).toBe(true);
        }
      }
    }
    // Both followed the link list with its key: it shows for them now, without one.
    for (const viewer of [follower, stranger]) {
      expect((await readList(lists.link.id, viewer))?.list.followedByMe).toBe(true);
    }
    expect(new Set(await profileLists(owner.id, follower))).toEqual(
      new Set([lists.followers.id, lists.link.id]),
    );
    expect(await profileLists(owner.id, stranger)).toEqual([lists.link.id]);
    expect((await listRow(lists.followers.id))?.follower_count).toBe(1);
    expect((await listRow(lists.link.id))?.follower_count).toBe(2);

    // Who stops following the owner loses their followers lists, and those leave Following.
    const following: ListSummariesDto = await expectStatus(
      200,
      "GET",
      "/api/lists/following",
      follower.cookie,
    );
    expect(following.lists.map((list) => list.id)).toEqual([lists.link.id, lists.followers.id]);
    await testApp.db.execute(
      sql`delete from follows where follower_id = ${follower.id} and following_id = ${owner.id}`,
    );
    expect(await readList(lists.followers.id, follower)).toBeNull();
    const after: ListSummariesDto = await expectStatus(
      200,
      "GET",
      "/api/lists/following",
      follower.cookie,
    );
    expect(after.lists.map((list) => list.id)).toEqual([lists.link.id]);
    // Nor are they counted among its followers any more: the count is of those who see it.
    expect((await readList(lists.followers.id, owner))?.list.followerCount).toBe(0);
    expect((await readList(lists.link.id, owner))?.list.followerCount).toBe(2);
    // They may still stop following what they can no longer see.
    expect(
      await expectStatus(200, "DELETE", followPath(lists.followers.id), follower.cookie),
    ).toEqual({ following: false, followerCount: 0 });
  });

  it("kills the old link and the follows made with it when a new link is made", async () => {
    await testApp.start();
    const { owner, follower, stranger } = await cast();
    const link = (await makeList(owner, "link")).list;
    const followers = (await makeList(owner, "followers")).list;
    const oldKey = link.shareKey ?? "";
    await expectStatus(200, "PUT", `/api/lists/${link.id}/follow`, stranger.cookie, {
      key: oldKey,
    });
    await expectStatus(200, "PUT", `/api/lists/${followers.id}/follow`, follower.cookie, {});

    const renewed: ListSummaryDto = await expectStatus(
      200,
      "POST",
      `/api/lists/${link.id}/share-key`,
      owner.cookie,
    );
    expect(renewed.shareKey).not.toBe(oldKey);
    expect(renewed.shareKey).toHaveLength(LIST_LIMITS.shareKeyLength);
    expect(renewed.followerCount).toBe(0);
    expect(await readList(link.id, stranger, oldKey)).toBeNull();
    expect(await readList(link.id, stranger)).toBeNull();
    expect(await readList(link.id, undefined, oldKey)).toBeNull();
    expect(await readList(link.id, undefined, renewed.shareKey ?? "")).not.toBeNull();
    const following: ListSummariesDto = await expectStatus(
      200,
      "GET",
      "/api/lists/following",
      stranger.cookie,
    );
    expect(following.lists).toEqual([]);
    expect(await rowCounts()).toMatchObject({ follows: 1 });

    // A followers list's follows are its owner's followers': a new key leaves them.
    const kept: ListSummaryDto = await expectStatus(
      200,
      "POST",
      `/api/lists/${followers.id}/share-key`,
      owner.cookie,
    );
    expect(kept.followerCount).toBe(1);
    expect((await readList(followers.id, follower))?.list.followedByMe).toBe(true);
  });

  it("counts followers exactly, following and unfollowing twice", async () => {
    await testApp.start();
    const { owner, follower } = await cast();
    const list = (await makeList(owner, "followers")).list;
    const path = `/api/lists/${list.id}/follow`;
    for (let n = 0; n < 2; n++) {
      expect(await expectStatus(200, "PUT", path, follower.cookie, {})).toEqual({
        following: true,
        followerCount: 1,
      });
    }
    const many = await Promise.all(
      Array.from({ length: 5 }, () => call("PUT", path, follower.cookie, {})),
    );
    expect(many.map((response) => response.statusCode)).toEqual(Array(5).fill(200));
    expect((await listRow(list.id))?.follower_count).toBe(1);
    for (let n = 0; n < 2; n++) {
      expect(await expectStatus(200, "DELETE", path, follower.cookie)).toEqual({
        following: false,
        followerCount: 0,
      });
    }
    expect(await rowCounts()).toMatchObject({ follows: 0 });
    expect((await listRow(list.id))?.follower_count).toBe(0);
  });
});

describe("changing a list", () => {
  it("lets nobody but the owner change it: a 404 that changes nothing", async () => {
    await testApp.start();
    const { owner, follower, stranger } = await cast();
    const list = (await makeList(owner, "followers")).list;
    const restaurant = await createRestaurant(testApp.db);
    const entry = await addRestaurant(owner, list.id, restaurant.id);
    const before = { row: await listRow(list.id), counts: await rowCounts() };
    const base = `/api/lists/${list.id}`;
    for (const viewer of [follower, stranger]) {
      for (const [method, url, body] of [
        ["PATCH", base, { name: "Mine now", visibility: "private" }],
        ["DELETE", base, undefined],
        ["POST", `${base}/share-key`, undefined],
        ["POST", `${base}/entries`, { restaurantId: (await createRestaurant(testApp.db)).id }],
        ["DELETE", `${base}/entries/${entry.id}`, undefined],
        ["PUT", `${base}/order`, { entryIds: [entry.id] }],
      ] as const) {
        const response = await call(method, url, viewer.cookie, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error).toEqual({
          code: "NOT_FOUND",
          message: listMessages.notFound,
        });
      }
      await expectStatus(401, "PATCH", base, undefined, { name: "Mine now" });
    }
    expect({ row: await listRow(list.id), counts: await rowCounts() }).toEqual(before);
  });

  it("edits only what the owner sends and marks the list updated", async () => {
    await testApp.start();
    const owner = await person();
    const list = (await makeList(owner, "link")).list;
    const renamed: ListSummaryDto = await expectStatus(
      200,
      "PATCH",
      `/api/lists/${list.id}`,
      owner.cookie,
      { name: "  Ramen, ranked  " },
    );
    expect(renamed).toMatchObject({
      name: "Ramen, ranked",
      description: "Where I would send a friend",
      visibility: "link",
      shareKey: list.shareKey,
    });
    expect(renamed.updatedAt > list.updatedAt).toBe(true);
    const cleared: ListSummaryDto = await expectStatus(
      200,
      "PATCH",
      `/api/lists/${list.id}`,
      owner.cookie,
      { description: "", visibility: "private" },
    );
    expect(cleared).toMatchObject({
      name: "Ramen, ranked",
      description: null,
      visibility: "private",
    });
    await expectStatus(204, "DELETE", `/api/lists/${list.id}`, owner.cookie);
    expect(await readList(list.id, owner)).toBeNull();
    expect(await rowCounts()).toEqual({ lists: 0, entries: 0, follows: 0 });
  });

  it("adds idempotently, refuses a full list or a list too many with nothing written", async () => {
    await testApp.start();
    const owner = await person();
    const list = (await makeList(owner)).list;
    const restaurant = await createRestaurant(testApp.db);
    const review = await createReview(testApp.db, {
      userId: owner.id,
      restaurantId: restaurant.id,
    });
    const first = await addRestaurant(owner, list.id, restaurant.id);
    const again = await expectStatus(200, "POST", `/api/lists/${list.id}/entries`, owner.cookie, {
      restaurantId: restaurant.id,
    });
    expect(again).toEqual(first);
    // The restaurant and a review of it are two entries.
    const reviewEntry = await addReview(owner, list.id, review.id);
    expect(reviewEntry.id).not.toBe(first.id);
    expect(
      await expectStatus(200, "POST", `/api/lists/${list.id}/entries`, owner.cookie, {
        reviewId: review.id,
      }),
    ).toEqual(reviewEntry);
    expect(await rowCounts()).toMatchObject({ entries: 2 });

    await testApp.db.execute(sql`
      with fillers as (
        insert into restaurants (name)
        select 'Filler ' || n from generate_series(1, ${LIST_LIMITS.entriesMax - 2}) n
        returning id)
      insert into list_entries (list_id, position, restaurant_id)
      select ${list.id}, 1 + row_number() over (), id from fillers`);
    const before = await rowCounts();
    const full = await call("POST", `/api/lists/${list.id}/entries`, owner.cookie, {
      restaurantId: (await createRestaurant(testApp.db)).id,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(listMessages.full);
    expect(await rowCounts()).toEqual(before);
    // What is already there still answers.
    await expectStatus(200, "POST", `/api/lists/${list.id}/entries`, owner.cookie, {
      restaurantId: restaurant.id,
    });
    const detail = await readList(list.id, owner);
    expect(detail?.entries).toHaveLength(LIST_LIMITS.entriesMax);
    expect(detail?.list.entryCount).toBe(LIST_LIMITS.entriesMax);

    await testApp.db.execute(sql`
      insert into lists (owner_id, name, visibility, share_key)
      select ${owner.id}, 'List ' || n, 'private', 'key-' || n
        from generate_series(2, ${LIST_LIMITS.listsMax}) n`);
    const listsBefore = await rowCounts();
    const tooMany = await call("POST", "/api/lists", owner.cookie, { name: "One more" });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe(listMessages.tooManyLists);
    expect(await rowCounts()).toEqual(listsBefore);
  });

  it("answers 404 for a target or an entry that is not there", async () => {
    await testApp.start();
    const owner = await person();
    const list = (await makeList(owner)).list;
    const hidden = await createReview(testApp.db, { userId: owner.id, isHidden: true });
    for (const body of [
      { restaurantId: crypto.randomUUID() },
      { restaurantId: "not-an-id" },
      { reviewId: crypto.randomUUID() },
      { reviewId: hidden.id },
    ]) {
      const response = await call("POST", `/api/lists/${list.id}/entries`, owner.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
      expect(response.json().error.message).toBe(listMessages.targetNotFound);
    }
    for (const entryId of [crypto.randomUUID(), "nope"]) {
      const response = await call(
        "DELETE",
        `/api/lists/${list.id}/entries/${entryId}`,
        owner.cookie,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(listMessages.entryNotFound);
    }
    expect(await rowCounts()).toMatchObject({ entries: 0 });
  });

  it("reorders, and refuses an order that is not the list's entries", async () => {
    await testApp.start();
    const owner = await person();
    const list = (await makeList(owner)).list;
    const entries = [];
    for (let n = 0; n < 3; n++) {
      entries.push(await addRestaurant(owner, list.id, (await createRestaurant(testApp.db)).id));
    }
    const [a, b, c] = entries.map((entry) => entry.id) as [string, string, string];
    const reordered: ListDetailDto = await expectStatus(
      200,
      "PUT",
      `/api/lists/${list.id}/order`,
      owner.cookie,
      { entryIds: [c, a, b] },
    );
    expect(reordered.entries.map((entry) => entry.id)).toEqual([c, a, b]);
    expect((await readList(list.id, owner))?.entries.map((entry) => entry.id)).toEqual([c, a, b]);
    for (const entryIds of [
      [c, a],
      [c, a, b, crypto.randomUUID()],
      [c, a, a],
      [c, a, "x"],
    ]) {
      const response = await call("PUT", `/api/lists/${list.id}/order`, owner.cookie, {
        entryIds,
      });
      expect(response.statusCode, JSON.stringify(entryIds)).toBe(409);
      expect(response.json().error.message).toBe(listMessages.orderOutdated);
    }
    expect((await readList(list.id, owner))?.entries.map((entry) => entry.id)).toEqual([c, a, b]);
    // A removed entry leaves the rest in order; a new one goes last.
    await expectStatus(204, "DELETE", `/api/lists/${list.id}/entries/${a}`, owner.cookie);
    const d = await addRestaurant(owner, list.id, (await createRestaurant(testApp.db)).id);
    expect((await readList(list.id, owner))?.entries.map((entry) => entry.id)).toEqual([
      c,
      b,
      d.id,
    ]);
  });
});

describe("entries that change elsewhere", () => {
  it("leaves a hidden review out for everyone and brings it back when unhidden", async () => {
    await testApp.start();
    const { owner, follower } = await cast();
    const list = (await makeList(owner, "followers")).list;
    const review = await createReview(testApp.db, { userId: owner.id });
    const photo = await createReviewImage(testApp.db, { reviewId: review.id });
    const restaurant = await createRestaurant(testApp.db);
    const reviewEntry = await addReview(owner, list.id, review.id);
    const restaurantEntry = await addRestaurant(owner, list.id, restaurant.id);
    expect((await readList(list.id, follower))?.list.coverPhotoUrl).toBe(photo.imageUrl);

    const setHidden = (hidden: boolean) =>
      testApp.db.execute(sql`update reviews set is_hidden = ${hidden} where id = ${review.id}`);
    await setHidden(true);
    for (const viewer of [owner, follower]) {
      const detail = await readList(list.id, viewer);
      expect(detail?.entries.map((entry) => entry.id)).toEqual([restaurantEntry.id]);
      expect(detail?.list).toMatchObject({ entryCount: 1, coverPhotoUrl: null });
    }
    const mine = await expectStatus(200, "GET", "/api/lists/mine", owner.cookie);
    expect(mine.lists[0]).toMatchObject({ id: list.id, entryCount: 1 });
    // The owner orders what they see; the hidden entry keeps its place among the rest.
    await expectStatus(200, "PUT", `/api/lists/${list.id}/order`, owner.cookie, {
      entryIds: [restaurantEntry.id],
    });
    await setHidden(false);
    const back = await readList(list.id, follower);
    expect(back?.entries.map((entry) => entry.id)).toEqual([restaurantEntry.id, reviewEntry.id]);
    expect(back?.list.entryCount).toBe(2);
  });

  it("loses the entries of a deleted review or restaurant", async () => {
    await testApp.start();
    const owner = await person();
    const list = (await makeList(owner)).list;
    const restaurant = await createRestaurant(testApp.db);
    const review = await createReview(testApp.db, {
      userId: owner.id,
      restaurantId: restaurant.id,
    });
    const kept = await createRestaurant(testApp.db);
    await addReview(owner, list.id, review.id);
    await addRestaurant(owner, list.id, restaurant.id);
    const keptEntry = await addRestaurant(owner, list.id, kept.id);
    await testApp.db.execute(sql`delete from reviews where id = ${review.id}`);
    expect((await readList(list.id, owner))?.entries).toHaveLength(2);
    await testApp.db.execute(sql`delete from restaurants where id = ${restaurant.id}`);
    const detail = await readList(list.id, owner);
    expect(detail?.entries.map((entry) => entry.id)).toEqual([keptEntry.id]);
    expect(await rowCounts()).toMatchObject({ entries: 1 });
  });
});

describe("the Add to list picker", () => {
  it("lists the caller's lists, most recently updated first, with the asked target's entry", async () => {
    await testApp.start();
    const owner = await person();
    const restaurant = await createRestaurant(testApp.db);
    const review = await createReview(testApp.db, {
      userId: owner.id,
      restaurantId: restaurant.id,
    });
    const older = (await makeList(owner, "private", "Older")).list;
    const newer = (await makeList(owner, "link", "Newer")).list;
    await makeList(await person(), "link", "Someone else's");
    const entry = await addRestaurant(owner, older.id, restaurant.id);
    const reviewEntry = await addReview(owner, newer.id, review.id);
    const mine = async (query: string) =>
      (await expectStatus(200, "GET", `/api/lists/mine${query}`, owner.cookie)).lists;
    // Adding moved Newer last.
    expect(await mine(`?restaurantId=${restaurant.id}`)).toEqual([
      { id: newer.id, name: "Newer", visibility: "link", entryCount: 1, entryIdForTarget: null },
      {
        id: older.id,
        name: "Older",
        visibility: "private",
        entryCount: 1,
        entryIdForTarget: entry.id,
      },
    ]);
    expect(
      (await mine(`?reviewId=${review.id}`)).map(
        (list: { entryIdForTarget: string | null }) => list.entryIdForTarget,
      ),
    ).toEqual([reviewEntry.id, null]);
    expect(
      (await mine("")).map((list: { entryIdForTarget: string | null }) => list.entryIdForTarget),
    ).toEqual([null, null]);
    expect(
      (await mine("?restaurantId=nope")).map(
        (list: { entryIdForTarget: string | null }) => list.entryIdForTarget,
      ),
    ).toEqual([null, null]);
    await expectStatus(
      400,
      "GET",
      `/api/lists/mine?restaurantId=${restaurant.id}&reviewId=${review.id}`,
      owner.cookie,
    );
  });
});

describe("hostile input", () => {
  it("refuses NUL, over-long text, bad keys and malformed bodies with a 400", async () => {
    await testApp.start();
    const owner = await person();
    const list = (await makeList(owner, "link")).list;
    const before = { row: await listRow(list.id), counts: await rowCounts() };
    const refusals: [Method, string, unknown][] = [
      ["POST", "/api/lists", { name: "Ra\0men" }],
      ["POST", "/api/lists", { name: "x".repeat(LIST_LIMITS.nameMax + 1) }],
      ["POST", "/api/lists", { name: "   " }],
      [
        "POST",
        "/api/lists",
        { name: "Ramen", description: "d".repeat(LIST_LIMITS.descriptionMax + 1) },
      ],
      ["POST", "/api/lists", { name: "Ramen", visibility: "public" }],
      ["PATCH", `/api/lists/${list.id}`, { description: "a\0b" }],
      ["PATCH", `/api/lists/${list.id}`, { name: "" }],
      ["PUT", `/api/lists/${list.id}/follow`, { key: "bad key!" }],
      ["PUT", `/api/lists/${list.id}/follow`, { key: "k".repeat(65) }],
      [
        "POST",
        `/api/lists/${list.id}/entries`,
        { restaurantId: crypto.randomUUID(), reviewId: crypto.randomUUID() },
      ],
      ["POST", `/api/lists/${list.id}/entries`, {}],
      ["POST", `/api/lists/${list.id}/entries`, { restaurantId: "a\0b" }],
      [
        "PUT",
        `/api/lists/${list.id}/order`,
        { entryIds: Array(LIST_LIMITS.entriesMax + 1).fill(crypto.randomUUID()) },
      ],
      ["GET", `/api/lists/${list.id}?key=${encodeURIComponent("a$b")}`, undefined],
      ["GET", `/api/lists/${list.id}?key=${"k".repeat(65)}`, undefined],
      ["GET", `/api/lists/a%00b`, undefined],
    ];
    for (const [method, url, body] of refusals) {
      const response = await call(method, url, owner.cookie, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().error.code, url).toEqual(expect.any(String));
    }
    expect({ row: await listRow(list.id), counts: await rowCounts() }).toEqual(before);
  });
});
