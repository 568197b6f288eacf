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
export const byPosition = (left: SortedRow, right: SortedRow) =>
  compare(left.at, right.at) || compare(left.id, right.id);

/** The order each keyed sort must give; rows without a price come last both ways. */
export const expectedOrder: Record<
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
