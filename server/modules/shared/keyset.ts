import { PAGE_LIMITS } from "#domain/paging-rules.ts";
import { ApiError } from "#server/http/errors.ts";

/**
 * Keyset position of a newest-first list: the last row's created_at (with Postgres's full
 * microsecond precision, which a JS Date would cut to milliseconds and so skip or repeat rows
 * created within the same millisecond), its id, and what kind of row it was. Clients treat the
 * base64url string as opaque.
 */
export interface Cursor {
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, as produced by {@link CREATED_AT_TEXT}. */
  createdAt: string;
  id: string;
  kind: string;
}

/**
 * A cursor of a list ordered by a value before (created_at, id), e.g. rating or price: the last
 * row's value travels with its position. null stands for a row without the value.
 */
export interface KeyedCursor extends Cursor {
  key: number | null;
}

/** SQL that renders a timestamptz column as the cursor's text form (always UTC, 6 digits). */
export const CREATED_AT_TEXT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KIND = /^[a-z_-]{1,20}$/;
/** A person's id (the auth service's text ids, not UUIDs), as a profile path accepts it. */
const PERSON_ID = /^[^\0]{1,100}$/;

export function encodeCursor(cursor: Cursor | KeyedCursor): string {
  const position = [cursor.createdAt, cursor.id, cursor.kind];
  const values = "key" in cursor ? [...position, cursor.key] : position;
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

const INVALID_CURSOR_MESSAGE = "Invalid cursor";

const invalidCursor = () => ApiError.badRequest(INVALID_CURSOR_MESSAGE, "INVALID_CURSOR");

/**
 * Parses a cursor from a query string; anything not made by encodeCursor is a 400, never a
 * database error (the values end up as query parameters cast to timestamptz and uuid).
 */
export function decodeCursor(raw: string, allowedKinds: readonly string[]): Cursor {
  const { createdAt, id, kind } = parseCursor(raw, allowedKinds, 3);
  return { createdAt, id, kind };
}

/**
 * decodeCursor for a list keyed on people (blocked or muted accounts) rather than rows with a
 * UUID: the position's id is the person's text id.
 */
export function decodePersonCursor(raw: string, allowedKinds: readonly string[]): Cursor {
  const { createdAt, id, kind } = parseCursor(raw, allowedKinds, 3, PERSON_ID);
  return { createdAt, id, kind };
}

/** decodeCursor for a {@link KeyedCursor}: its key must be a finite number or null. */
export function decodeKeyedCursor(raw: string, allowedKinds: readonly string[]): KeyedCursor {
  const cursor = parseCursor(raw, allowedKinds, 4);
  const key = cursor.values[3];
  if (key !== null && (typeof key !== "number" || !Number.isFinite(key))) throw invalidCursor();
  return { createdAt: cursor.createdAt, id: cursor.id, kind: cursor.kind, key };
}

function parseCursor(
  raw: string,
  allowedKinds: readonly string[],
  length: 3 | 4,
  idPattern: RegExp = GUID,
): Cursor & { values: unknown[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== length) throw invalidCursor();
  const values = parsed as unknown[];
  const [createdAt, id, kind] = values;
  if (
    typeof createdAt !== "string" ||
    typeof id !== "string" ||
    typeof kind !== "string" ||
    !TIMESTAMP.test(createdAt) ||
    !isRealInstant(createdAt) ||
    !idPattern.test(id) ||
    !KIND.test(kind) ||
    !allowedKinds.includes(kind)
  ) {
    throw invalidCursor();
  }
  return { createdAt, id, kind, values };
}

/** Rejects well-shaped but impossible instants (month 13, February 30) before Postgres sees them. */
function isRealInstant(text: string): boolean {
  // Postgres has no year 0.
  if (text.startsWith("0000")) return false;
  const millis = Date.parse(text);
  if (Number.isNaN(millis)) return false;
  return new Date(millis).toISOString().slice(0, 19) === text.slice(0, 19);
}

/** A list's page size: what the client asked for, else the default, never above the maximum. */
export function pageLimit(query: { limit?: number | undefined }): number {
  return Math.min(query.limit ?? PAGE_LIMITS.pageDefault, PAGE_LIMITS.pageMax);
}

/**
 * The page of a keyset read that asked for `limit + 1` rows: the first `limit`, and the next
 * page's cursor (the last row's position) only when the extra row shows that one follows.
 */
export function keysetPage<Row>(
  rows: readonly Row[],
  limit: number,
  positionOf: (last: Row) => Cursor | KeyedCursor,
): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null,
  };
}
