import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { profileIncomplete, useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";

export type SignInKind = "email-sign-up" | "sign-in";

/** Where a guard sent the visitor from (RequireAuth passes `{ from }`), if it is in-app. */
function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//")) return null;
  return from.startsWith(screenPaths.auth) || from === screenPaths.setup ? null : from;
}

/**
 * The one success handler of every way in (email, phone code, two-factor): reload the session
 * and /api/me, say so, then go to /setup for an incomplete profile (full name empty or a
 * `user_` username), else back where a guard sent the user from, else /feed.
 */
export function useFinishSignIn() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  return useCallback(
    async (kind: SignInKind) => {
      const me = await refresh().catch(() => null);
      if (kind === "email-sign-up") {
        toast.success("Success!", "Check your email to confirm your account");
        navigate(screenPaths.setup, { replace: true });
        return;
      }
      toast.success("Success!", "You have been signed in");
      if (me && profileIncomplete(me.profile)) {
        navigate(screenPaths.setup, { replace: true });
        return;
      }
      navigate(returnPath(location.state) ?? screenPaths.feed, { replace: true });
    },
    [refresh, navigate, location.state],
  );
}
