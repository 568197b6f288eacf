import { takeFirstRead } from "./first-reads.ts";

/**
 * The one way the web app talks to Tasted's JSON API (`/api/...`, not better-auth's
 * `/api/auth/...`, which its own client handles). Same-origin cookies carry the session; every
 * failure becomes an ApiRequestError carrying the server's `{ error: { code, message } }`.
 */

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
  }
}

/** A 404 is an answer (nobody by that name, a year not shared), not a failure to retry. */
export function retryUnlessNotFound(failures: number, error: Error): boolean {
  return failures < 2 && !(error instanceof ApiRequestError && error.status === 404);
}

export type ApiMethod = "POST" | "PUT" | "PATCH" | "DELETE";

export const NETWORK_MESSAGE = "Could not reach Tasted. Check your connection and try again.";

/** Fallback text when a response carries no usable error body (a proxy's HTML page, say). */
function statusMessage(status: number): string {
  if (status === 401) return "Please sign in to continue.";
  if (status === 403) return "You are not allowed to do that.";
  if (status === 404) return "Not found.";
  if (status === 413) return "That file is too large.";
  if (status === 429) return "Too many requests. Please wait a moment and try again.";
  if (status >= 500) return "Something went wrong on our side. Please try again.";
  return "The request failed.";
}

/** Reads `{ error: { code, message } }` out of a response body, whatever shape it really has. */
export function errorFromBody(status: number, body: unknown): ApiRequestError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const code = typeof error?.code === "string" ? error.code : `HTTP_${status}`;
  const message =
    typeof error?.message === "string" && error.message ? error.message : statusMessage(status);
  return new ApiRequestError(status, code, message);
}

export function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A request to the API → its JSON answer, or an ApiRequestError (status 0 without a network). */
export async function apiRequest<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin", ...init });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiRequestError(0, "NETWORK_ERROR", NETWORK_MESSAGE);
  }
  const body = parseJson(await response.text());
  if (!response.ok) throw errorFromBody(response.status, body);
  return body as T;
}

export function apiGet<T>(path: string, options: { signal?: AbortSignal } = {}): Promise<T> {
  const sent = takeFirstRead(path);
  if (sent.found) return Promise.resolve(sent.body as T);
  return apiRequest<T>(path, {
    method: "GET",
    headers: { accept: "application/json" },
    signal: options.signal,
  });
}

/** `headers` adds to the JSON ones, e.g. a new item's submission key. */
export function apiSend<T>(
  method: ApiMethod,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  return apiRequest<T>(path, {
    method,
    headers:
      body === undefined
        ? { ...headers, accept: "application/json" }
        : { ...headers, accept: "application/json", "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
