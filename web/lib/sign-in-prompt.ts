import { useCallback } from "react";
import { useNavigate } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { useSession } from "./session.tsx";
import { toast } from "./toast.ts";

/**
 * What a visitor (or a person whose session ended) is told when they try something that needs
 * an account: `promptSignIn("Please sign in to like posts")` shows the message with a "Sign in"
 * link to the sign-in screen. The toast renders outside the router, so the link navigates
 * through this hook's router.
 */
export function useSignInPrompt(): (message: string, title?: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (message, title) => toast.signInRequired(message, () => navigate(screenPaths.auth), title),
    [navigate],
  );
}

/**
 * What a control that needs an account runs: `whenSignedIn(() => toggle.mutate(true))` does it
 * for a signed-in person and asks anyone else to sign in with `message` (and `title`).
 */
export function useWhenSignedIn(message: string, title?: string): (action: () => void) => void {
  const { session } = useSession();
  const promptSignIn = useSignInPrompt();
  const signedIn = session.status === "signed-in";
  return useCallback(
    (action) => (signedIn ? action() : promptSignIn(message, title)),
    [signedIn, promptSignIn, message, title],
  );
}
