import { queryOptions } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { MentionSuggestionList } from "#domain/mentions.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { mentionKeys } from "#web/lib/query-keys.ts";

/**
 * People to mention: in a comment on an item, or in the item's own text, those who may see it;
 * in a new review or post, those who may see the writer's items. Followed people first.
 */
export function mentionSuggestionsQuery(
  item: { kind: ItemKind; id: string } | undefined,
  q: string,
) {
  return queryOptions({
    queryKey: mentionKeys.suggestions(item?.kind ?? null, item?.id ?? null, q),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(item ? { q, kind: item.kind, itemId: item.id } : { q });
      return apiGet<MentionSuggestionList>(apiPaths.mentionSuggestions(params), { signal });
    },
    staleTime: 60_000,
  });
}
