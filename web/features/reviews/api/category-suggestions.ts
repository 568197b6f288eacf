import { useQuery } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { OwnCategoriesDto } from "#domain/rankings.ts";
import { RANKING_CATEGORIES } from "#domain/review-rules.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { profileKeys } from "#web/lib/query-keys.ts";

/** The Category field's suggestions: the person's own categories, then the usual ones. */
export function useCategorySuggestions(enabled: boolean): string[] {
  const own = useQuery({
    queryKey: profileKeys.ownCategories,
    queryFn: ({ signal }) => apiGet<OwnCategoriesDto>(apiPaths.ownCategories, { signal }),
    enabled,
  });
  const seen = new Set<string>();
  return [...(own.data?.categories ?? []), ...RANKING_CATEGORIES].filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
