import type { MentionSuggestionList, MentionSuggestionsQuery } from "#domain/mentions.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database } from "#server/db/client.ts";
import { authorFields } from "#server/modules/items/items.mapper.ts";
import { findVisibleItem } from "#server/modules/items/items.queries.ts";
import { itemNotFound } from "#server/modules/items/items.service.ts";
import { selectSuggestions } from "./mentions.queries.ts";

/**
 * Whom the caller may mention. About an item (its kind and id), only people who may see it: a
 * mention of anyone else would notify nobody and link to nothing they may open. Without one
 * (the caller's new review or post), only people who may see the caller's items.
 */
export async function suggestMentions(
  db: Database,
  user: SessionUser,
  query: MentionSuggestionsQuery,
): Promise<MentionSuggestionList> {
  let itemAuthorId = user.id;
  if (query.kind && query.itemId) {
    const item = await findVisibleItem(db, query.kind, query.itemId, user.id);
    if (!item) throw itemNotFound(query.kind);
    itemAuthorId = item.userId;
  }
  const rows = await selectSuggestions(db, user.id, query.q.trim(), itemAuthorId);
  return {
    items: rows.map((row) => {
      const { author, userName } = authorFields(row);
      return { author, userName, username: row.author_username, followed: row.followed };
    }),
  };
}
