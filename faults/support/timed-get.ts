import type { HttpUser, ServerProcess } from "#server/test/server-process.ts";

/** One GET as a client saw it: when it started, how long it took, and what came back. */
export interface TimedAnswer {
  path: string;
  startedAt: number;
  ms: number;
  /** The HTTP status, or the network error's code when no answer came (ECONNREFUSED, …). */
  outcome: number | string;
  /** The API error's code, for an answer in its error shape. */
  errorCode?: string;
}

/** GETs `path` as `user` (or a visitor); gives up after `timeoutMs`, which counts as hung. */
export async function timedGet(
  server: ServerProcess,
  path: string,
  user: HttpUser | undefined,
  timeoutMs: number,
): Promise<TimedAnswer> {
  const startedAt = Date.now();
  try {
    const response = await fetch(`${server.url}${path}`, {
      headers: { origin: server.url, ...(user ? { cookie: user.cookie } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const errorCode = response.ok
      ? undefined
      : (JSON.parse(text) as { error?: { code?: string } }).error?.code;
    return { path, startedAt, ms: Date.now() - startedAt, outcome: response.status, errorCode };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    const outcome = cause?.code ?? (error as Error).name;
    return { path, startedAt, ms: Date.now() - startedAt, outcome };
  }
}
