import { type SQL, sql } from "drizzle-orm";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import type { Cursor } from "#server/modules/shared/keyset.ts";
import { itemColumns, itemRowsSql } from "./items.queries.ts";

/** Whose items a list holds: one person's (a profile tab) or one restaurant's (its page's tabs). */
type ItemListScope = { userId: string } | { restaurantId: string };

/** Which items a list holds: posts, deals, or reviews of one type. */
export type ItemListTarget =
  | { kind: "post" }
  | { kind: "deal" }
  | { kind: "review"; reviewType: "dish" | "restaurant" };

/** Each kind's alias in a list's statement and the column holding its text. */
const listedKinds = {
  review: { alias: "r", table: sql`reviews r`, text: sql`r.description` },
  post: { alias: "p", table: sql`posts p`, text: sql`p.content` },
  deal: { alias: "d", table: sql`deals d`, text: sql`d.details` },
} as const;

/** What a list is ordered by before (created_at, id). */
export type ItemSortKey = "date" | "rating" | "price";

/** Which part of a list one statement reads: its order, its search, where it starts, how much. */
export interface ItemListWindow {
  sortKey: ItemSortKey;
  direction: "asc" | "desc";
  /** Already trimmed; matched anywhere in the title or text, case-insensitively. */
  q?: string | undefined;
  /** The last row of the previous page: its position, and for keyed sorts its value. */
  after?: (Cursor & { key?: number | null }) | undefined;
  /** Rows to fetch (a page plus one, to know whether another page follows). */
  limit: number;
}

/** A window as `viewerId` reads it (their likes and own items are marked). */
export interface ViewedItemListWindow extends ItemListWindow {
  viewerId?: string | undefined;
}

export interface ItemListParams extends ViewedItemListWindow {
  scope: ItemListScope;
  target: ItemListTarget;
}

/**
 * The items of a tab named after them, as the profile and the restaurant page name theirs:
 * posts, deals, dish reviews, or restaurant reviews.
 */
export function itemTabTarget(
  tab: "posts" | "deals" | "dishes" | "restaurant" | "restaurants",
): ItemListTarget {
  if (tab === "posts") return { kind: "post" };
  if (tab === "deals") return { kind: "deal" };
  return { kind: "review", reviewType: tab === "dishes" ? "dish" : "restaurant" };
}

/** `%text%` for ILIKE with the pattern characters of `text` matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * One page of an item list in one statement (plus the kernel's photo read). Every sort is a
 * keyset over (value, created_at, id) in one direction, so a deep page costs what the first
 * does. The scope's partial indexes of visible rows serve it: (scope, type, created_at, id) for
 * date (posts: (scope, created_at, id)) and (scope, type, rating, created_at, id) for rating,
 * read forwards or backwards. Price (a dish's cost; a restaurant review's restaurant price
 * level, else its own cost) spans a join, so no index orders it: the scope's visible reviews of
 * the type are read through one of those indexes and sorted (one person's or one restaurant's
 * reviews, never the table).
 * Reviews without a price come last in both directions: their value is -∞ when descending and
 * +∞ when ascending, and a cursor carries null for them.
 */
export function itemListSql(params: ItemListParams): SQL {
  const { target, sortKey, after, q } = params;
  const kind = target.kind;
  const listed = listedKinds[kind];
  const a = sql.raw(listed.alias);
  const direction = sql.raw(params.direction);
  const noPrice = sql.raw(
    params.direction === "desc" ? "'-Infinity'::float8" : "'Infinity'::float8",
  );
  const restaurantReviews = target.kind === "review" && target.reviewType === "restaurant";
  const price = restaurantReviews
    ? sql`coalesce(prs.price_level::float8, r.cost::float8)`
    : sql`r.cost::float8`;
  const key = sortKey === "rating" ? sql`r.rating` : sql`coalesce(${price}, ${noPrice})`;
  const cursorKey =
    sortKey === "rating"
      ? sql`${after?.key ?? null}::int`
      : sql`coalesce(${after?.key ?? null}::float8, ${noPrice})`;
  const keyed = sortKey !== "date";

  const { scope } = params;
  const conditions = [
    "userId" in scope
      ? sql`${a}.user_id = ${scope.userId}`
      : sql`${a}.restaurant_id = ${scope.restaurantId}`,
  ];
  // Authors see their own hidden items (marked as such); everyone else never does. The
  // owner's list is then served by (user_id, created_at, id) instead of the visible-only index.
  const ownList = "userId" in scope && scope.userId === params.viewerId;
  if (!ownList) conditions.push(sql`not ${a}.is_hidden`);
  // A person in a block with the viewer, or pending deletion, has an empty list and leaves
  // restaurant lists. One person's list asks once (about a constant), not per row.
  conditions.push(
    visibleAuthorSql(params.viewerId, "userId" in scope ? sql`${scope.userId}` : sql`${a}.user_id`),
  );
  if (target.kind === "review") conditions.push(sql`r.review_type = ${target.reviewType}`);
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(sql`(${a}.title ilike ${pattern} or ${listed.text} ilike ${pattern})`);
  }
  if (after) {
    const comparison = sql.raw(params.direction === "desc" ? "<" : ">");
    const position = sql`${after.createdAt}::timestamptz, ${after.id}::uuid`;
    conditions.push(
      keyed
        ? sql`(${key}, ${a}.created_at, ${a}.id) ${comparison} (${cursorKey}, ${position})`
        : sql`(${a}.created_at, ${a}.id) ${comparison} (${position})`,
    );
  }
  const priceJoin =
    sortKey === "price" && restaurantReviews
      ? sql`join restaurants prs on prs.id = r.restaurant_id`
      : sql``;
  const page = sql`
    select ${itemColumns(kind, listed.alias)}${keyed ? sql`, ${key}::float8 as sort_key` : sql``}
      from ${listed.table} ${priceJoin}
     where ${sql.join(conditions, sql` and `)}
     order by ${keyed ? sql`${key} ${direction}, ` : sql``}${a}.created_at ${direction}, ${a}.id ${direction}
     limit ${params.limit}`;
  return itemRowsSql(page, {
    viewerId: params.viewerId,
    limit: params.limit,
    order: { direction: params.direction, keyed },
  });
}
