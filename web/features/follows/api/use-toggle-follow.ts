import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { FollowListPage, FollowState, FollowWording } from "#domain/follows.ts";
import { followMessages } from "#domain/follows-rules.ts";
import type { ProfilePageDto } from "#domain/profile.ts";
import type { UserCardDto, UserSearchResults } from "#domain/search.ts";
import { apiSend } from "#web/lib/api-client.ts";
import { exploreKeys, profileKeys } from "#web/lib/query-keys.ts";
import { toast } from "#web/lib/toast.ts";

/** The person a follow button is about. */
export interface FollowTarget {
  id: string;
  username: string;
  fullName: string | null;
  /**
   * Following them asks first (a private account the viewer does not follow): the counts wait
   * for the owner's answer, so nothing moves ahead of the server.
   */
  asks?: boolean;
}

/** How the follow toasts name someone: the display name, else @username. */
function followName(target: FollowTarget): string {
  return target.fullName?.trim() || `@${target.username}`;
}

type InfiniteFollowList = { pages: FollowListPage[]; pageParams: unknown[] };

const isFollowList = (key: readonly unknown[]) => key[2] === "followers" || key[2] === "following";

/** A profile header or an explore user card: whether the viewer follows them, and the counts. */
interface FollowCounted {
  followedByMe: boolean | null;
  counts: { followers: number; following: number };
}

/**
 * The viewer now follows (or not) the person `entry` is about: the follower count moves with
 * the change (never below zero), and the server's count, once known, replaces the guess.
 */
function withFollow<T extends FollowCounted>(
  entry: T,
  following: boolean,
  followerCount?: number,
): T {
  if (entry.followedByMe === following && followerCount === undefined) return entry;
  const step = entry.followedByMe === following ? 0 : following ? 1 : -1;
  const followers = followerCount ?? Math.max(0, entry.counts.followers + step);
  return { ...entry, followedByMe: following, counts: { ...entry.counts, followers } };
}

/** The viewer's own header or card counts whom they follow; it moves by one with each change. */
function withOwnFollowingStep<T extends FollowCounted>(entry: T, step: 1 | -1): T {
  const following = Math.max(0, entry.counts.following + step);
  return { ...entry, counts: { ...entry.counts, following } };
}

/** Rewrites every cached people search on explore, card by card. */
function updateUserCards(queryClient: QueryClient, change: (card: UserCardDto) => UserCardDto) {
  queryClient.setQueriesData<UserSearchResults>(
    { queryKey: exploreKeys.tab("users") },
    (data) => data && { ...data, users: data.users.map(change) },
  );
}

/**
 * Writes where the viewer stands with `targetId` into every cached profile header, follow list
 * and explore user card.
 */
function applyFollow(
  queryClient: QueryClient,
  targetId: string,
  following: boolean,
  followerCount?: number,
): void {
  queryClient.setQueriesData<ProfilePageDto>({ queryKey: profileKeys.pages }, (page) =>
    page?.profile.id === targetId ? withFollow(page, following, followerCount) : page,
  );
  updateUserCards(queryClient, (card) =>
    card.id === targetId ? withFollow(card, following, followerCount) : card,
  );
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

/** Whether the viewer's request to follow `targetId` waits, in every cached profile header. */
function applyRequested(queryClient: QueryClient, targetId: string, requested: boolean): void {
  queryClient.setQueriesData<ProfilePageDto>({ queryKey: profileKeys.pages }, (page) =>
    page?.profile.id === targetId && page.requestedByMe !== null
      ? { ...page, requestedByMe: requested }
      : page,
  );
}

/** The viewer's own header and card count whom they follow; they move by one with each change. */
function applyOwnFollowingCount(queryClient: QueryClient, step: 1 | -1): void {
  queryClient.setQueriesData<ProfilePageDto>({ queryKey: profileKeys.pages }, (page) =>
    page?.isOwn ? withOwnFollowingStep(page, step) : page,
  );
  updateUserCards(queryClient, (card) => (card.isMe ? withOwnFollowingStep(card, step) : card));
}

/**
 * Follow or unfollow with optimistic counts: headers, lists and explore's user cards change at
 * once, a failure puts back exactly this change and says "Failed to update follow status".
 * Success toasts name the person; after a follow the toast is titled like the button that was
 * pressed ("Followed" on a profile, "Following" on an explore card). Afterwards the headers, the
 * target's follower list and the people search are read again, since the server's counts are
 * the final word.
 */
export function useToggleFollow(target: FollowTarget, wording: FollowWording = "unfollow") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["follow", target.id],
    /** `follow` is the state wanted: true follows, false unfollows. */
    mutationFn: (follow: boolean) =>
      apiSend<FollowState>(follow ? "PUT" : "DELETE", apiPaths.follow(target.id)),
    onMutate: async (follow) => {
      if (target.asks) return;
      await queryClient.cancelQueries({ queryKey: profileKeys.pages });
      await queryClient.cancelQueries({ queryKey: exploreKeys.tab("users") });
      applyFollow(queryClient, target.id, follow);
      applyOwnFollowingCount(queryClient, follow ? 1 : -1);
    },
    onError: (error, follow) => {
      console.error("Follow update failed", error);
      if (!target.asks) {
        applyFollow(queryClient, target.id, !follow);
        applyOwnFollowingCount(queryClient, follow ? -1 : 1);
      }
      toast.error(followMessages.failed);
    },
    onSuccess: (state, follow) => {
      applyFollow(queryClient, target.id, state.following, state.followerCount);
      applyRequested(queryClient, target.id, state.requested);
      const name = followName(target);
      if (state.requested) {
        toast.success(followMessages.requestSentTitle, followMessages.requestSent(name));
        return;
      }
      // Withdrawing a request: the button reading Follow again says it all.
      if (target.asks && !follow) return;
      const followedTitle =
        wording === "following" ? followMessages.followingTitle : followMessages.followedTitle;
      if (state.following) toast.success(followedTitle, followMessages.followed(name));
      else toast.success(followMessages.unfollowedTitle, followMessages.unfollowed(name));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.pages });
      void queryClient.invalidateQueries({ queryKey: exploreKeys.tab("users") });
      void queryClient.invalidateQueries({
        queryKey: profileKeys.followList(target.id, "followers"),
      });
    },
  });
}
