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

/** /admin: visitors go to /auth, signed-in non-admins to /feed. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { session, isAdmin } = useSession();
  if (session.status === "loading") return <LoadingScreen />;
  if (session.status === "signed-out") return <Navigate to={screenPaths.auth} replace />;
  if (!isAdmin) return <Navigate to={screenPaths.feed} replace />;
  return children;
}
