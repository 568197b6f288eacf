import { PAGE_LIMITS } from "#domain/paging-rules.ts";

/** `?limit=&cursor=` of one page of a keyset-paged list, plus the list's own filters. */
export function pageParams(
  cursor: string | null,
  filters: Record<string, string> = {},
): URLSearchParams {
  const params = new URLSearchParams({ limit: String(PAGE_LIMITS.pageDefault), ...filters });
  if (cursor) params.set("cursor", cursor);
  return params;
}
