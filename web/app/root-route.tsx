import { useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { SkipLink } from "#web/components/skip-link.tsx";

/**
 * Wraps every screen: "Skip to content" comes first, and moving to another screen clears the
 * toasts about the one left behind.
 */
export function RootRoute() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // The toast helper loads with the first toast or move (not in the landing page's bundle).
    void import("#web/lib/toast.ts").then(({ toast }) => toast.clearScreenToasts());
  }, [pathname]);
  return (
    <>
      <SkipLink />
      <Outlet />
    </>
  );
}
