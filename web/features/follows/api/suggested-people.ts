import { queryOptions } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { SuggestedPeople } from "#domain/follows.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { profileKeys } from "#web/lib/query-keys.ts";

/** People the signed-in person may want to follow (GET /api/people/suggested). */
export function suggestedPeopleQuery() {
  return queryOptions({
    queryKey: profileKeys.suggested,
    queryFn: ({ signal }) => apiGet<SuggestedPeople>(apiPaths.suggestedPeople, { signal }),
    // Kept while the person follows from it: a follow does not pull someone off the list.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
