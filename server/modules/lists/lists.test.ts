import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import {
  LIST_LIMITS,
  type ListDetailDto,
  type ListEntryDto,
  type ListSummariesDto,
  type ListSummaryDto,
  type ListVisibility,
  listMessages,
} from "#domain/lists.ts";
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
      rating: 3.5,
      photoUrl: photo.imageUrl,
    });
    const reviewEntry = await addReview(owner, id, newer.id);
    expect(reviewEntry).toMatchObject({
      kind: "review",
      restaurant: { id: restaurant.id },
      review: { id: newer.id, itemType: "review", rating: 4, author: { id: author.id } },
      rating: 4,
      photoUrl: null,
    });
    const otherEntry = await addRestaurant(owner, id, other.id);
    expect(otherEntry).toMatchObject({ location: null, rating: null, photoUrl: null });

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
