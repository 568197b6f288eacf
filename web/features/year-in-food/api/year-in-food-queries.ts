import { queryOptions } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { YearInFoodDto, YearListDto } from "#domain/year-in-food.ts";
import { apiGet, retryUnlessNotFound } from "#web/lib/api-client.ts";
import { yearInFoodKeys } from "#web/lib/query-keys.ts";

/** The years of a person's recap one may open, and this year's while it is not open yet. */
export function yearListQuery(profileId: string) {
  return queryOptions({
    queryKey: yearInFoodKeys.years(profileId),
    queryFn: ({ signal }) => apiGet<YearListDto>(apiPaths.profileYears(profileId), { signal }),
    retry: retryUnlessNotFound,
  });
}

/** One year's recap. */
export function yearQuery(profileId: string, year: number) {
  return queryOptions({
    queryKey: yearInFoodKeys.year(profileId, year),
    queryFn: ({ signal }) =>
      apiGet<YearInFoodDto>(apiPaths.profileYear(profileId, year), { signal }),
    retry: retryUnlessNotFound,
  });
}
