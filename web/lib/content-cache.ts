import type { QueryClient } from "@tanstack/react-query";

/**
 * Query-key roots of everything that lists or counts reviews and posts. A create, edit or
 * delete marks them stale so every screen shows the change without a page reload. Among them:
 * Want to try (a new review moves what it answers to Tried, and the list shows reviews' photos),
 * named lists (they hold reviews as cards and count what may be seen), food maps (their pins
 * are a person's reviews) and Year in Food (a year's numbers and cards).
 */
const CONTENT_KEYS = [
  "feed",
  "items",
  "profile",
  "profiles",
  "restaurants",
  "explore",
  "want-to-try",
  "food-map",
  "lists",
  "year-in-food",
] as const;

export function refreshContent(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    CONTENT_KEYS.map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  ).then(() => undefined);
}
