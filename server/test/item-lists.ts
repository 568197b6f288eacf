// What the tests of item lists share (a profile's tabs, a restaurant page's tabs): reading pages
// through the API, following cursors, seeding reviews full of ties, and the order each sort
// must give them.
import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { ItemSort } from "#domain/item-lists.ts";
import type { Executor } from "#server/db/client.ts";
import { createReview } from "./factories.ts";
import { request } from "./request.ts";

/** An item as a list returns it, with the fields the tests look at. */
export interface ListedItem {
  id: string;
  itemType: string;
  title: string;
  rating?: number;
  cost?: number | null;
  likedByMe: boolean | null;
  isOwner: boolean;
  restaurant: { priceLevel: number | null } | null;
  [key: string]: unknown;
}

export interface ListedPage {
  items: ListedItem[];
  nextCursor: string | null;
}

/** One page of the list at `path` (with its query), which must answer 200. */
export async function getItemPage(
  app: FastifyInstance,
  path: string,
  cookie?: string,
): Promise<ListedPage> {
  const response = await request(app, "GET", path, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page of the list at `path` (with its query), `limit` rows a page, following nextCursor. */
export async function getAllItems(
  app: FastifyInstance,
  path: string,
  limit: number,
): Promise<ListedItem[]> {
  const items: ListedItem[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page = await getItemPage(
      app,
      `${path}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return items;
  }
  throw new Error("paging never ended");
}

export const at = (text: string): SQL => sql`${text}::timestamptz`;

/** A seeded review with what its order depends on; `at` is created_at as Postgres prints it. */
export type SortedRow = { id: string; rating: number; cost: number | null; at: string };

/**
 * Eleven reviews at `restaurantId` (dish reviews unless told) with many ties: ratings 1-3,
 * costs from a set with repeats and nulls, several sharing one timestamp, so only
 * (value, created_at, id) orders them strictly. The authors take turns from `userIds`.
 */
export async function createTiedReviews(
  db: Executor,
  userIds: readonly string[],
  restaurantId: string,
  reviewType: "dish" | "restaurant" = "dish",
): Promise<SortedRow[]> {
  const costs = [10, null, 10, 5, 20, null, 5, 10, 20, 5, 10];
  const ids: string[] = [];
  for (const [index, cost] of costs.entries()) {
    const review = await createReview(db, {
      userId: userIds[index % userIds.length] ?? "",
      restaurantId,
      reviewType,
      rating: 1 + (index % 3),
      cost,
      createdAt: at(`2024-03-0${1 + (index % 3)}T00:00:00.000001Z`),
    });
    ids.push(review.id);
  }
  const result = await db.execute<SortedRow>(
    sql`select id, rating, cost::float8 as cost, created_at::text as at from reviews
         where id in (${sql.join(
           ids.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})`,
  );
  return result.rows;
}

const compare = (left: string | number, right: string | number) =>
  left < right ? -1 : left > right ? 1 : 0;

/** Oldest first, then by id: the order of (created_at, id). */
const byPosition = (left: SortedRow, right: SortedRow) =>
  compare(left.at, right.at) || compare(left.id, right.id);

/** The order each keyed sort must give; rows without a price come last both ways. */
const expectedOrder: Record<
  Exclude<ItemSort, "recent" | "old">,
  (rows: SortedRow[]) => SortedRow[]
> = {
  "rating-desc": (rows) =>
    [...rows].sort((l, r) => compare(r.rating, l.rating) || byPosition(r, l)),
  "rating-asc": (rows) => [...rows].sort((l, r) => compare(l.rating, r.rating) || byPosition(l, r)),
  "price-desc": (rows) =>
    [...rows].sort(
      (l, r) =>
        compare(r.cost ?? Number.NEGATIVE_INFINITY, l.cost ?? Number.NEGATIVE_INFINITY) ||
        byPosition(r, l),
    ),
  "price-asc": (rows) =>
    [...rows].sort(
      (l, r) =>
        compare(l.cost ?? Number.POSITIVE_INFINITY, r.cost ?? Number.POSITIVE_INFINITY) ||
        byPosition(l, r),
    ),
};

/** The plan PostgreSQL (or PGlite) would run `query` with, as text. */
export async function explainPlan(db: Executor, query: SQL): Promise<string> {
  const result = await db.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`);
  return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
}

/** Each path must be refused with 400 and the error `code`. */
export async function expectRefused(
  app: FastifyInstance,
  paths: readonly string[],
  code: "VALIDATION_ERROR" | "INVALID_CURSOR",
): Promise<void> {
  for (const path of paths) {
    const response = await request(app, "GET", path);
    expect(response.statusCode, path).toBe(400);
    expect(response.json().error.code, path).toBe(code);
  }
}

/**
 * The posts tab of the list at `path` (no query) orders `older` and `newer` by date both ways
 * and refuses every other sort: posts carry no rating or price.
 */
export async function expectPostsSortedByDateOnly(
  app: FastifyInstance,
  path: string,
  older: { id: string },
  newer: { id: string },
): Promise<void> {
  const ids = async (query: string) =>
    (await getItemPage(app, `${path}?${query}`)).items.map((item) => item.id);
  expect(await ids("tab=posts")).toEqual([newer.id, older.id]);
  expect(await ids("tab=posts&sort=old")).toEqual([older.id, newer.id]);
  for (const sort of ["rating-desc", "rating-asc", "price-desc", "price-asc"]) {
    const response = await request(app, "GET", `${path}?tab=posts&sort=${sort}`);
    expect(response.statusCode, sort).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "VALIDATION_ERROR", message: "Posts can only be sorted by recent or old" },
    });
  }
}

/**
 * Every sort of the `tabName` tab of the list at `path` (no query), read at several page sizes,
 * gives `rows` (from createTiedReviews) in the order the sort must give, without repeats or skips.
 */
export async function expectEverySortPaged(
  app: FastifyInstance,
  path: string,
  tabName: string,
  rows: SortedRow[],
): Promise<void> {
  const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);
  const newest = ids([...rows].sort((l, r) => byPosition(r, l)));
  for (const limit of [1, 2, 4, 50]) {
    const sorted = (sort: string) => getAllItems(app, `${path}?tab=${tabName}&sort=${sort}`, limit);
    expect(ids(await sorted("recent")), `${tabName} recent limit ${limit}`).toEqual(newest);
    expect(ids(await sorted("old")), `${tabName} old limit ${limit}`).toEqual(
      [...newest].reverse(),
    );
    for (const [sort, order] of Object.entries(expectedOrder)) {
      expect(ids(await sorted(sort)), `${tabName} ${sort} limit ${limit}`).toEqual(
        ids(order(rows)),
      );
    }
  }
  // Prices without a value come last both ways.
  const priceAsc = await getAllItems(app, `${path}?tab=${tabName}&sort=price-asc`, 3);
  const priceDesc = await getAllItems(app, `${path}?tab=${tabName}&sort=price-desc`, 3);
  expect(priceAsc.slice(-2).map((item) => item.cost)).toEqual([null, null]);
  expect(priceDesc.slice(-2).map((item) => item.cost)).toEqual([null, null]);
  expect(priceDesc[0]?.cost).toBe(20);
}

/** Cursors from one sort of the dishes tab at `path` (no query), each paired with another sort. */
export async function crossedCursors(
  app: FastifyInstance,
  path: string,
): Promise<Array<[ItemSort, string]>> {
  const cursorOf = async (sort: ItemSort) =>
    (await getItemPage(app, `${path}?tab=dishes&sort=${sort}&limit=2`)).nextCursor ?? "";
  return [
    ["rating-desc", await cursorOf("recent")],
    ["recent", await cursorOf("rating-desc")],
    ["price-asc", await cursorOf("price-desc")],
    ["rating-asc", await cursorOf("price-asc")],
    ["old", await cursorOf("recent")],
  ];
}

/**
 * The dishes tab's search, through `found` (sorted ids for a query): "ramen" matches the
 * `ramen` reviews by title or text in any case, and % and _ are taken literally, so only the
 * `discount` review ("50% off_day") matches them.
 */
export async function expectDishSearch(
  found: (query: string) => Promise<string[]>,
  expected: { ramen: string[]; discount: string },
): Promise<void> {
  const ramen = [...expected.ramen].sort();
  expect(await found("tab=dishes&q=ramen")).toEqual(ramen);
  expect(await found("tab=dishes&q=%20%20RAMEN%20")).toEqual(ramen);
  expect(await found("tab=dishes&q=%25")).toEqual([expected.discount]);
  // As patterns, "50_" would match "50%" and "o%s" would match "Noodles".
  expect(await found("tab=dishes&q=50_")).toEqual([]);
  expect(await found("tab=dishes&q=o%25s")).toEqual([]);
  expect(await found("tab=dishes&q=off_day")).toEqual([expected.discount]);
}
