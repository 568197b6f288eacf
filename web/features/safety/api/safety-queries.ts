import { infiniteQueryOptions } from "@tanstack/react-query";
import type { RestrictedAccountPage } from "#domain/blocks.ts";
import type { Restriction } from "#web/components/restrict-dialog.tsx";
import { apiGet } from "#web/lib/api-client.ts";
import { apiPaths } from "#web/lib/api-paths.ts";
import { pageParams } from "#web/lib/page-params.ts";
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
