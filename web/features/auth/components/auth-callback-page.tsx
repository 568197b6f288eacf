import { Center, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { Navigate, useSearchParams } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { profileIncomplete, useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";
import { GOOGLE_FAILED } from "./google-button.tsx";

/**
 * Google's redirect target (/auth/callback): "Setting up your account..." until the
 * session is known, then /auth without a user (with the provider's error, if any), /setup for
 * an incomplete profile, else /feed.
 */
export function AuthCallbackPage() {
  const { session } = useSession();
  const [params] = useSearchParams();
  const errorCode = params.get("error");
  const errorDescription = params.get("error_description");
  const announced = useRef(false);

  const failed =
    session.status === "signed-out" && (errorCode !== null || errorDescription !== null);
  useEffect(() => {
    if (!failed || announced.current) return;
    announced.current = true;
    // The provider's description when it gave one, else a plain fallback.
    // It explains why the page moves on to /auth, so it must outlive the move.
    toast.error("Error", errorDescription?.trim() || GOOGLE_FAILED, { keepOnNavigation: true });
  }, [failed, errorDescription]);

  if (session.status === "signed-out") return <Navigate to={screenPaths.auth} replace />;
  if (session.status === "signed-in") {
    return (
      <Navigate
        to={profileIncomplete(session.profile) ? screenPaths.setup : screenPaths.feed}
        replace
      />
    );
  }
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text>Setting up your account...</Text>
      </Stack>
    </Center>
  );
}
