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
