import { phoneNumberClient, twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/**
 * better-auth's browser client for `/api/auth/*`: email and password, phone code, Google,
 * two-factor and sessions. Screens that sign in, sign out or change the account load it (so
 * does session.tsx to sign out); who is signed in is read without it, by
 * web/lib/session-store.ts, so its session store is never listened to and never reads.
 */

/**
 * The server answers auth failures like every other API failure, `{ error: { code, message } }`;
 * better-auth's client expects `{ code, message }` at the top, so failures are read through this.
 */
async function unwrapApiError({ response }: { response: Response }): Promise<Response | undefined> {
  if (response.ok) return undefined;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  const inner =
    typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof inner !== "object" || inner === null) return undefined;
  return new Response(JSON.stringify(inner), {
    status: response.status,
    statusText: response.statusText,
    headers: { "content-type": "application/json" },
  });
}

export const authClient = createAuthClient({
  fetchOptions: { onResponse: unwrapApiError },
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

/** The service message for an "Error" toast, with a plain fallback. */
export function authErrorMessage(error: AuthError | null | undefined, fallback: string): string {
  return error?.message?.trim() || fallback;
}
