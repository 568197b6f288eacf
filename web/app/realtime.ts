import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiPaths } from "#domain/api-paths.ts";
import { REALTIME_MESSAGE_EVENT, type RealtimeEvent } from "#domain/realtime.ts";
import { forgetDeletedItem } from "#web/features/item-data/api/item-queries.ts";
import { foodMapKeys, wantToTryKeys } from "#web/lib/query-keys.ts";
import { useSession } from "#web/lib/session.tsx";

/** Query-key roots the stream's events name (screens keep their queries under these). */
const NOTIFICATIONS_KEY = ["notifications"] as const;
const PROFILES_KEY = ["profiles"] as const;
/** Explore's people searches: their cards show follower counts too. */
const PEOPLE_SEARCH_KEY = ["explore", "users"] as const;

/** A stream the server closed is opened again after this long, doubling up to the max. */
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

function parseEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== "string") return null;
  try {
    const event = JSON.parse(data) as Partial<RealtimeEvent> | null;
    return typeof event?.type === "string" ? (event as RealtimeEvent) : null;
  } catch {
    return null;
  }
}

/** Events are hints: each one marks stale what it names, and the screens showing it re-read. */
function applyEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  switch (event.type) {
    case "notification":
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      return;
    case "follow":
      void queryClient.invalidateQueries({ queryKey: PROFILES_KEY });
      void queryClient.invalidateQueries({ queryKey: PEOPLE_SEARCH_KEY });
      return;
    case "item-deleted":
      // Gone from every list and count, never read again, and the notifications about it.
      forgetDeletedItem(queryClient, event.kind, event.id);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      return;
    case "want-to-try":
      // The Save toggles, both halves of the list, and the own map's want pins.
      void queryClient.invalidateQueries({ queryKey: wantToTryKeys.all });
      void queryClient.invalidateQueries({ queryKey: foodMapKeys.own });
      return;
  }
}

/**
 * Opens the signed-in user's event stream (GET /api/events, same origin, so the session cookie
 * goes along) and turns its events into refetches. Used once, by the app's frame.
 *
 * EventSource reconnects by itself after a network drop; every opening after an interruption
 * (a drop, or a first attempt that failed) re-reads notifications and profiles, since events sent
 * meanwhile were missed. When the browser gives up
 * (the server answered an error such as 401, or is gone), a new stream is tried after a backoff.
 * The stream never signs anyone out: only the session decides that. It closes when the person
 * signs out or another person signs in.
 */
export function useRealtimeUpdates(): void {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const userId = session.status === "signed-in" ? session.userId : null;

  useEffect(() => {
    if (userId === null || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    // Set by any interruption: events sent until the next opening were missed.
    let interrupted = false;

    const onMessage = (message: MessageEvent) => {
      const event = parseEvent(message.data);
      if (event) applyEvent(queryClient, event);
    };

    const connect = () => {
      source = new EventSource(apiPaths.events);
      source.addEventListener(REALTIME_MESSAGE_EVENT, onMessage);
      source.addEventListener("open", () => {
        failures = 0;
        if (interrupted) {
          void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
          void queryClient.invalidateQueries({ queryKey: PROFILES_KEY });
        }
        interrupted = false;
      });
      source.addEventListener("error", () => {
        interrupted = true;
        // CONNECTING means the browser is already reconnecting on its own.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** failures);
        failures += 1;
        retryTimer = setTimeout(connect, delay);
      });
    };

    connect();
    return () => {
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [userId, queryClient]);
}
