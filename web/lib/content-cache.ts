import type { QueryClient } from "@tanstack/react-query";

/**
 * Query-key roots of everything that lists or counts reviews and posts. A create, edit or
 * delete marks them stale so every screen shows the change without a page reload.
 */
const CONTENT_KEYS = ["feed", "items", "profile", "profiles", "restaurants", "explore"] as const;

export function refreshContent(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    CONTENT_KEYS.map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  ).then(() => undefined);
}
