import type { QueryClient } from "@tanstack/react-query";

/**
 * Query-key roots of everything that lists or counts reviews and posts. A create, edit or
 * delete marks them stale so every screen shows the change without a page reload. Want to try
 * is among them: a new review moves what it answers to Tried, and the list shows reviews' photos;
 * so are named lists, which hold reviews as cards and count what may be seen.
 */
const CONTENT_KEYS = [
  "feed",
  "items",
  "profile",
  "profiles",
  "restaurants",
  "explore",
  "want-to-try",
  "lists",
] as const;

export function refreshContent(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    CONTENT_KEYS.map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  ).then(() => undefined);
}
