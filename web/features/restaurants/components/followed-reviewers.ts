import type { AuthorDto, ItemDto } from "#domain/items.ts";

/** How many of the people the viewer follows the sentence names before "n others". */
const NAMED_REVIEWERS = 2;

/** The distinct authors of the reviews, in the order they first appear (newest first). */
export function distinctAuthors(items: ItemDto[]): { author: AuthorDto; name: string }[] {
  const seen = new Set<string>();
  const authors: { author: AuthorDto; name: string }[] = [];
  for (const item of items) {
    if (seen.has(item.author.id)) continue;
    seen.add(item.author.id);
    authors.push({ author: item.author, name: item.userName });
  }
  return authors;
}

/** "A", "A and B", "A, B and C". */
function joinNames(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * Who of the people the viewer follows reviewed this place: "Ana reviewed this place", "Ana and
 * Ben reviewed this place", "Ana, Ben and 3 others you follow reviewed this place".
 * `reviewerCount` counts everyone, also those whose reviews are not among the ones loaded.
 */
export function followedReviewersSentence(names: string[], reviewerCount: number): string {
  const named = names.slice(0, NAMED_REVIEWERS);
  const others = Math.max(0, reviewerCount - named.length);
  const parts =
    others > 0 ? [...named, `${others} ${others === 1 ? "other" : "others"} you follow`] : named;
  return `${joinNames(parts)} reviewed this place`;
}
