// No zod here: screens read these without loading the schemas (issue 26).

import type { AuthorNames } from "./items.ts";

/** Titles, dish and restaurant names; and review texts and post contents. */
export const ITEM_LIMITS = { titleMax: 200, bodyMax: 2000 } as const;

/** What an author is shown as: the full name, else the username, else "Anonymous". */
export function authorDisplayName(author: AuthorNames): string {
  const fullName = author.fullName?.trim();
  if (fullName) return fullName;
  const username = author.username?.trim();
  return username ? username : "Anonymous";
}

/** The handle of an author's profile link: the slug, else the username (empty with neither). */
export function authorHandle(author: AuthorNames): string {
  return author.slug?.trim() || author.username?.trim() || "";
}
