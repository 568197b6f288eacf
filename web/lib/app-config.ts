import { queryOptions } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { AppConfigDto } from "#domain/app-config.ts";
import { apiGet } from "./api-client.ts";

/** What this server offers (sign-in methods); it never changes while the page is open. */
export const appConfigQuery = queryOptions({
  queryKey: ["app-config"],
  queryFn: ({ signal }) => apiGet<AppConfigDto>(apiPaths.config, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});
