import type { SQL } from "drizzle-orm";
import type { ItemKind } from "#domain/item-kinds.ts";
import { dateOnlySortMessages, type ItemSort, postSorts } from "#domain/item-lists.ts";
import type { ItemDto } from "#domain/items.ts";
import type { Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import {
  decodeCursor,
  decodeKeyedCursor,
  keysetPage,
  pageLimit,
} from "#server/modules/shared/keyset.ts";
import type { ItemListWindow, ItemSortKey } from "./item-list.queries.ts";
import type { ItemRow } from "./items.queries.ts";
import { toItemDtos } from "./items.service.ts";

// Paged lists of items scoped to one person or one restaurant (a profile's tabs, a restaurant
// page's tabs): the request is checked and turned into a window before any SQL runs, the
// owning module reads its scope's window with itemListSql, and the rows become a page here.

/** A list request as the tab routes take it. */
export interface ItemListRequest {
  sort: ItemSort;
  q?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** A checked list request: the statement's window, and what turns its rows into a page. */
export interface ItemListPlan {
  sort: ItemSort;
  /** Rows a page shows; the window fetches one more. */
  pageSize: number;
  window: ItemListWindow;
}

const itemSortOrders: Record<ItemSort, { sortKey: ItemSortKey; direction: "asc" | "desc" }> = {
  recent: { sortKey: "date", direction: "desc" },
  old: { sortKey: "date", direction: "asc" },
  "rating-desc": { sortKey: "rating", direction: "desc" },
  "rating-asc": { sortKey: "rating", direction: "asc" },
  "price-desc": { sortKey: "price", direction: "desc" },
  "price-asc": { sortKey: "price", direction: "asc" },
};

/**
 * The cursor of `sort`: the sort's name is its kind, so a cursor made for another sort is a
 * 400; rating and price cursors also carry the last row's value (a rating is a whole number).
 */
function decodeSortCursor(raw: string, sort: ItemSort) {
  const { sortKey } = itemSortOrders[sort];
  if (sortKey === "date") return decodeCursor(raw, [sort]);
  const cursor = decodeKeyedCursor(raw, [sort]);
  if (sortKey === "rating" && !Number.isInteger(cursor.key)) {
    throw ApiError.badRequest("Invalid cursor", "INVALID_CURSOR");
  }
  return cursor;
}

/**
 * Checks a list request of `kind` items (posts sort by date only; the cursor must be the sort's)
 * and gives the window to read; every refusal is a 400 before the database is asked.
 */
export function planItemList(kind: ItemKind, request: ItemListRequest): ItemListPlan {
  const sort = request.sort;
  if (kind !== "review" && !(postSorts as readonly ItemSort[]).includes(sort)) {
    throw ApiError.badRequest(dateOnlySortMessages[kind]);
  }
  const pageSize = pageLimit(request);
  const after = request.cursor ? decodeSortCursor(request.cursor, sort) : undefined;
  return {
    sort,
    pageSize,
    window: { ...itemSortOrders[sort], q: request.q, after, limit: pageSize + 1 },
  };
}

/**
 * Runs `statement` (an itemListSql of `plan`'s window) and returns the page with its photos,
 * and the cursor of the next page when one follows.
 */
export async function readItemList(
  db: Executor,
  plan: ItemListPlan,
  statement: SQL,
  viewerId: string | undefined,
): Promise<{ items: ItemDto[]; nextCursor: string | null }> {
  const result = await db.execute<ItemRow>(statement);
  const page = keysetPage(result.rows, plan.pageSize, (last) => {
    const position = { createdAt: last.created_at_text, id: last.id, kind: plan.sort };
    return plan.window.sortKey === "date"
      ? position
      : { ...position, key: finiteOrNull(last.sort_key) };
  });
  return { items: await toItemDtos(db, page.rows, viewerId), nextCursor: page.nextCursor };
}

/** A row's sort value for its cursor: the ±∞ that places rows without a price becomes null. */
function finiteOrNull(value: number | null): number | null {
  const number = value === null ? null : Number(value);
  return number !== null && Number.isFinite(number) ? number : null;
}
