import { phoneNumberClient, twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/**
 * better-auth's browser client for `/api/auth/*`: email and password, phone code, Google,
 * two-factor and sessions. Only web/lib/session.tsx reads its session; screens call its actions.
 *
 * Session refresh (spec 4, 8, 9; spec-decisions "The web client refreshes its session only
 * while the page is visible…"), and who does what:
 * - better-auth refetches the session when the tab becomes visible again
 *   (`refetchOnWindowFocus`, a `visibilitychange` listener) and when the device comes back
 *   online. Its own `refetchInterval` would also poll hidden tabs, so it stays off and
 *   SessionProvider polls while the page is visible instead.
 * - A refetch answered 401 clears the session in better-auth's store (a non-retryable failure
 *   signs out locally); any other failure keeps the session it had (a retryable one keeps it).
 * - better-auth does not retry a failed refetch, so `sessionFetch` below retries GET
 *   /get-session on network errors, 408, 429 and 5xx with backoff from 200 ms, doubling.
 */

export const SESSION_RETRY_BASE_MS = 200;
export const SESSION_RETRY_ATTEMPTS = 4;

function requestMethod(input: RequestInfo | URL, init?: RequestInit): string {
  return (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
}

function requestPath(input: RequestInfo | URL): string {
  const href = input instanceof Request ? input.url : input.toString();
  return new URL(href, window.location.origin).pathname;
}

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** fetch for better-auth's client: retries only the session read, with doubling backoff. */
export async function sessionFetch(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  if (requestMethod(input, init) !== "GET" || !requestPath(input).endsWith("/get-session")) {
    return fetch(input, init);
  }
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= SESSION_RETRY_ATTEMPTS;
    try {
      const response = await fetch(input, init);
      if (last || !isRetryableStatus(response.status)) return response;
    } catch (error) {
      if (last || init?.signal?.aborted) throw error;
    }
    await wait(SESSION_RETRY_BASE_MS * 2 ** attempt, init?.signal);
  }
}

export const authClient = createAuthClient({
  fetchOptions: { customFetchImpl: sessionFetch },
  sessionOptions: { refetchOnWindowFocus: true, refetchInterval: 0, refetchWhenOffline: false },
  plugins: [
    phoneNumberClient(),
    // A sign-in that needs a second factor answers `twoFactorRedirect: true`; the sign-in form
    // reads that from the result and shows the challenge step in place, so no redirect here.
    twoFactorClient(),
  ],
});

/** better-auth's `{ error }` shape as the screens need it. */
export interface AuthError {
  message?: string | undefined;
  code?: string | undefined;
  status: number;
}

/** The service message for an "Error" toast (spec 8), with a plain fallback. */
export function authErrorMessage(error: AuthError | null | undefined, fallback: string): string {
  return error?.message?.trim() || fallback;
}
