import { useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { toast } from "#web/lib/toast.ts";

/** Wraps every screen: moving to another screen clears the toasts about the one left behind. */
export function RootRoute() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    toast.clearScreenToasts();
  }, [pathname]);
  return <Outlet />;
}
