import { infiniteQueryOptions, queryOptions, useQuery } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { FollowListKind, FollowListPage } from "#domain/follows.ts";
import type { ItemSort } from "#domain/item-lists.ts";
import { pageParams } from "#domain/page-params.ts";
import type { ProfilePageDto, ProfileTab } from "#domain/profile.ts";
import type { DiaryPage } from "#domain/review.ts";
import { itemPagesQuery } from "#web/features/item-data/api/item-pages-query.ts";
import { apiGet, retryUnlessNotFound } from "#web/lib/api-client.ts";
import { profileKeys } from "#web/lib/query-keys.ts";

/**
 * A handle as the page address gives it, without a leading @. Its case is kept: the server
 * matches usernames and slugs in any case but a profile id only exactly, and ids have capitals.
 */
function normalizeHandle(handle: string): string {
  return handle.trim().replace(/^@/, "");
}

/** A profile page's header: the profile, its counts and whether the viewer follows them. */
export function profilePageQuery(handle: string) {
  const normalized = normalizeHandle(handle);
  return queryOptions({
    queryKey: profileKeys.page(normalized),
    queryFn: ({ signal }) => apiGet<ProfilePageDto>(apiPaths.profilePage(normalized), { signal }),
  });
}

/**
 * The person a sub-page's address names (/user/:handle/map, /user/:handle/year/:year), read
 * for the pages the profile composes; an unknown handle's 404 is not retried.
 */
export function useProfileByHandle(handle: string) {
  return useQuery({ ...profilePageQuery(handle), retry: retryUnlessNotFound });
}

/** One profile tab, keyset paged; `q` is the (already debounced) search text. */
export function profileItemsQuery(profileId: string, tab: ProfileTab, sort: ItemSort, q: string) {
  return itemPagesQuery(
    profileKeys.items(profileId, tab, sort, q),
    (params) => apiPaths.profileItems(profileId, params),
    { tab, sort, q },
  );
}

/** Who follows a profile, or whom it follows: newest follow first, keyset paged. */
export function followListQuery(profileId: string, kind: FollowListKind) {
  return infiniteQueryOptions({
    queryKey: profileKeys.followList(profileId, kind),
    queryFn: ({ pageParam, signal }) =>
      apiGet<FollowListPage>(apiPaths.followList(profileId, kind, pageParams(pageParam)), {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Your own Diary: your reviews by date visited, newest first, keyset paged. */
export function diaryQuery(profileId: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.diary(profileId),
    queryFn: ({ pageParam, signal }) =>
      apiGet<DiaryPage>(apiPaths.diary(pageParams(pageParam)), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
