import { useQuery } from "@tanstack/react-query";
import { useSession } from "#web/lib/session.tsx";
import { unreadCountQuery } from "./notification-queries.ts";

/**
 * Unread notifications for the navigation badge: asked only while someone is signed in, and
 * kept current by the realtime stream rather than by polling. 0 while unknown.
 */
export function useUnreadNotificationCount(): number {
  const { session } = useSession();
  const count = useQuery({ ...unreadCountQuery, enabled: session.status === "signed-in" });
  return session.status === "signed-in" ? (count.data?.count ?? 0) : 0;
}
