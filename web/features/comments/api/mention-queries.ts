import { queryOptions } from "@tanstack/react-query";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { MentionSuggestionList } from "#domain/mentions.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { apiPaths } from "#web/lib/api-paths.ts";
import { mentionKeys } from "#web/lib/query-keys.ts";

/** People to mention in a comment on an item: those who may see it, followed first. */
export function mentionSuggestionsQuery(kind: ItemKind, id: string, q: string) {
  return queryOptions({
    queryKey: mentionKeys.suggestions(kind, id, q),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q, kind, itemId: id });
      return apiGet<MentionSuggestionList>(apiPaths.mentionSuggestions(params), { signal });
    },
    staleTime: 60_000,
  });
}
