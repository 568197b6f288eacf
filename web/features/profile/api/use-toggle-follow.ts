import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { type FollowListPage, type FollowState, followMessages } from "#domain/follows.ts";
import type { ProfilePageDto } from "#domain/profile.ts";
import { apiSend } from "#web/lib/api-client.ts";
import { apiPaths } from "#web/lib/api-paths.ts";
import { toast } from "#web/lib/toast.ts";
import { profileKeys } from "./profile-queries.ts";

/** The person a follow button is about. */
export interface FollowTarget {
  id: string;
  username: string;
  fullName: string | null;
}

/** How the follow toasts name someone: the display name, else @username. */
export function followName(target: FollowTarget): string {
  return target.fullName?.trim() || `@${target.username}`;
}

type InfiniteFollowList = { pages: FollowListPage[]; pageParams: unknown[] };

const isFollowList = (key: readonly unknown[]) => key[2] === "followers" || key[2] === "following";

/**
 * Writes where the viewer stands with `targetId` into every cached profile header and follow
 * list: the target's follower count and the viewer's own following count move with it (never
 * below zero), and the server's count, once known, replaces the guess.
 */
function applyFollow(
  queryClient: QueryClient,
  targetId: string,
  following: boolean,
  followerCount?: number,
): void {
  queryClient.setQueriesData<ProfilePageDto>({ queryKey: profileKeys.pages }, (page) => {
    if (!page) return page;
    if (page.profile.id === targetId) {
      if (page.followedByMe === following && followerCount === undefined) return page;
      const step = page.followedByMe === following ? 0 : following ? 1 : -1;
      const followers = followerCount ?? Math.max(0, page.counts.followers + step);
      return { ...page, followedByMe: following, counts: { ...page.counts, followers } };
    }
    return page;
  });
  queryClient.setQueriesData<InfiniteFollowList>(
    { queryKey: profileKeys.all, predicate: (query) => isFollowList(query.queryKey) },
    (data) => {
      if (!data?.pages) return data;
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((entry) =>
            entry.id === targetId ? { ...entry, followedByMe: following } : entry,
          ),
        })),
      };
    },
  );
}

/** The viewer's own header counts whom they follow; it moves by one with each change. */
function applyOwnFollowingCount(queryClient: QueryClient, step: 1 | -1): void {
  queryClient.setQueriesData<ProfilePageDto>({ queryKey: profileKeys.pages }, (page) =>
    page?.isOwn
      ? {
          ...page,
          counts: { ...page.counts, following: Math.max(0, page.counts.following + step) },
        }
      : page,
  );
}

/**
 * Follow or unfollow with optimistic counts: headers and lists change at once, a failure puts
 * back exactly this change and says "Failed to update follow status". Success toasts name the
 * person. Afterwards the headers and the target's follower list are read again, since the
 * server's counts are the final word.
 */
export function useToggleFollow(target: FollowTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["follow", target.id],
    /** `follow` is the state wanted: true follows, false unfollows. */
    mutationFn: (follow: boolean) =>
      apiSend<FollowState>(follow ? "PUT" : "DELETE", apiPaths.follow(target.id)),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: profileKeys.pages });
      applyFollow(queryClient, target.id, follow);
      applyOwnFollowingCount(queryClient, follow ? 1 : -1);
    },
    onError: (error, follow) => {
      console.error("Follow update failed", error);
      applyFollow(queryClient, target.id, !follow);
      applyOwnFollowingCount(queryClient, follow ? -1 : 1);
      toast.error(followMessages.failed);
    },
    onSuccess: (state) => {
      applyFollow(queryClient, target.id, state.following, state.followerCount);
      const name = followName(target);
      if (state.following)
        toast.success(followMessages.followedTitle, followMessages.followed(name));
      else toast.success(followMessages.unfollowedTitle, followMessages.unfollowed(name));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.pages });
      void queryClient.invalidateQueries({
        queryKey: profileKeys.followList(target.id, "followers"),
      });
    },
  });
}
