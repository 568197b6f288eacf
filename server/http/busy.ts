/**
 * A bounded queue of this server (image work, database connections) is full: the request is
 * answered at once with 503 and Retry-After (registerErrorHandling) rather than waiting behind
 * the crowd until something times out.
 */
export class ServerBusyError extends Error {
  constructor(
    what: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`${what}: queue full`);
    this.name = "ServerBusyError";
  }
}

/** The ServerBusyError behind `error`, if any (drizzle wraps driver errors as their cause). */
export function busyCause(error: unknown): ServerBusyError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current instanceof ServerBusyError) return current;
    current = current.cause;
  }
  return undefined;
}
