import { infiniteQueryOptions } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { RestrictedAccountPage } from "#domain/blocks.ts";
import { pageParams } from "#domain/page-params.ts";
import type { Restriction } from "#web/components/restrict-dialog.tsx";
import { apiGet } from "#web/lib/api-client.ts";
import { safetyKeys } from "#web/lib/query-keys.ts";

const listPaths = { block: apiPaths.blocks, mute: apiPaths.mutes } as const;

/** The own blocked (or muted) accounts, newest first, keyset paged. */
export function restrictedAccountsQuery(kind: Restriction) {
  return infiniteQueryOptions({
    queryKey: safetyKeys.list(kind),
    queryFn: ({ pageParam, signal }) =>
      apiGet<RestrictedAccountPage>(listPaths[kind](pageParams(pageParam)), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
