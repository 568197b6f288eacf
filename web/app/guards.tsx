import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { useSession } from "#web/lib/session.tsx";

/**
 * Signed-in-only screens: "Loading..." while the session loads, /auth for
 * visitors. The attempted location rides along so sign-in can return there.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (session.status === "loading") return <LoadingScreen />;
  if (session.status === "signed-out") {
    return <Navigate to={screenPaths.auth} replace state={{ from: location.pathname }} />;
  }
  return children;
}

/**
 * /admin: moderators and admins (isModerator covers both; the screen itself keeps totals and
 * roles to admins). Visitors go to /auth, everyone else signed in to /feed.
 */
export function RequireModerator({ children }: { children: ReactNode }) {
  const { session, isModerator } = useSession();
  if (session.status === "loading") return <LoadingScreen />;
  if (session.status === "signed-out") return <Navigate to={screenPaths.auth} replace />;
  if (!isModerator) return <Navigate to={screenPaths.feed} replace />;
  return children;
}
