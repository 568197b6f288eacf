// Postgres error codes services map to HTTP answers (e.g. 23505 → 409 "Username is already
// taken"). drizzle wraps driver errors in DrizzleQueryError with the driver's error as `cause`;
// node-postgres and PGlite both put `code` and `constraint` on that error.

export const PG_UNIQUE_VIOLATION = "23505";
const PG_FOREIGN_KEY_VIOLATION = "23503";
/**
 * ON DELETE RESTRICT refused the delete (e.g. a restaurant that still has reviews) on
 * PostgreSQL 18 (PGlite); PostgreSQL 15 reports the same case as 23503. Use isForeignKeyViolation.
 */
const PG_RESTRICT_VIOLATION = "23001";
export const PG_CHECK_VIOLATION = "23514";

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function driverError(error: unknown): PgErrorFields | undefined {
  let current: unknown = error;
  // Walk the cause chain a few levels: drizzle → driver (→ whatever wrapped it).
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    const fields = current as PgErrorFields;
    if (typeof fields.code === "string" && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    current = fields.cause;
  }
  return undefined;
}

/** The SQLSTATE of a failed query, e.g. "23505", or undefined for other errors. */
export function pgErrorCode(error: unknown): string | undefined {
  return driverError(error)?.code as string | undefined;
}

/** The name of the violated constraint, e.g. "profiles_username_unique", when Postgres gave one. */
export function pgConstraint(error: unknown): string | undefined {
  const constraint = driverError(error)?.constraint;
  return typeof constraint === "string" ? constraint : undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return (
    pgErrorCode(error) === PG_UNIQUE_VIOLATION &&
    (constraint === undefined || pgConstraint(error) === constraint)
  );
}

/** A row still referenced, or a reference to a missing row, on PostgreSQL 15 and 18 alike. */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const code = pgErrorCode(error);
  return (
    (code === PG_FOREIGN_KEY_VIOLATION || code === PG_RESTRICT_VIOLATION) &&
    (constraint === undefined || pgConstraint(error) === constraint)
  );
}

/** Network failures of the connection to PostgreSQL (refused, reset, timed out). */
const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
/**
 * SQLSTATEs of a server that is going away or not there yet: the connection exception class
 * (08…), and shutdown or start-up (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot
 * connect now).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
/** node-postgres reports these without a code. */
const CONNECTION_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
];

/**
 * True when a query failed because the database cannot be reached (stopped, restarting, the
 * network gone), not because of the query: the request may be tried again once it is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === "object" && current !== null; depth++) {
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (
      typeof code === "string" &&
      (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))
    ) {
      return true;
    }
    if (typeof message === "string" && CONNECTION_MESSAGES.some((text) => message.includes(text))) {
      return true;
    }
    // Node reports a refused connection to a name with several addresses as an AggregateError.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = cause;
  }
  return false;
}
