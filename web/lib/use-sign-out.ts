import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { profileEditMessages } from "#domain/profile-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { useSession } from "./session.tsx";
import { toast } from "./toast.ts";

/**
 * Sign out from anywhere: the server ends the session, everything local is
 * cleared (even when the server had already forgotten it), "Logged Out", then the landing page.
 */
export function useSignOut() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  /** Signs out, then says so with `announce` (the account deletion says more than "Logged Out"). */
  const signOutWith = useCallback(
    async (announce: () => void) => {
      setPending(true);
      try {
        // Leave the signed-in screen first, and for real: once the session is gone, that screen's
        // guard would send the person to /auth. The router renders a navigation in a transition
        // by default, which a busy phone may not have committed by the time the sign-out answers;
        // the guard then redirected from the old screen and won. flushSync commits the landing
        // page before the session is touched.
        await navigate(screenPaths.landing, { replace: true, flushSync: true });
        await signOut();
        announce();
      } catch (error) {
        toast.error("Error", error instanceof Error ? error.message : "Could not sign out.");
      } finally {
        setPending(false);
      }
    },
    [signOut, navigate],
  );
  const run = useCallback(
    () =>
      signOutWith(() =>
        toast.success(profileEditMessages.loggedOutTitle, profileEditMessages.loggedOut),
      ),
    [signOutWith],
  );

  return { signOut: run, signOutWith, pending };
}
