import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { FollowRequestPage, FollowState, PrivacyDto } from "#domain/follows.ts";
import { privateProfileMessages } from "#domain/follows-rules.ts";
import { pageParams } from "#domain/page-params.ts";
import type { MeDto, ProfilePageDto } from "#domain/profile.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { notificationKeys, profileKeys } from "#web/lib/query-keys.ts";
import { meQuery } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";

/**
 * The requests to follow the viewer's private account still waiting, newest first, keyset
 * paged. Under the notifications' key, so a new request's realtime hint and "Mark all as read"
 * refresh it with them.
 */
export const followRequestsQuery = infiniteQueryOptions({
  queryKey: notificationKeys.requests,
  queryFn: ({ pageParam, signal }) =>
    apiGet<FollowRequestPage>(apiPaths.followRequests(pageParams(pageParam)), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/**
 * Accept or decline one person's request to follow the viewer's private account. Afterwards the
 * notifications (the request's notice is gone, an accept adds a new follower) and the profile
 * headers (the follower count) are read again.
 */
export function useAnswerFollowRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requesterId, accept }: { requesterId: string; accept: boolean }) =>
      apiSend<FollowState>(
        "POST",
        apiPaths.followRequestAnswer(requesterId, accept ? "accept" : "decline"),
      ),
    onError: (error) => {
      console.error("Answering a follow request failed", error);
      toast.error(privateProfileMessages.answerFailed);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      void queryClient.invalidateQueries({ queryKey: profileKeys.pages });
    },
  });
}

/**
 * The Private Profile switch: it moves at once (the session's profile), and back with an error
 * toast if the server refuses. Switching off accepts the requests waiting, so the notifications
 * and the own header are read again.
 */
export function useSetPrivacy() {
  const queryClient = useQueryClient();
  const apply = (isPrivate: boolean) => {
    queryClient.setQueryData<MeDto>(meQuery.queryKey, (me) =>
      me ? { ...me, profile: { ...me.profile, isPrivate } } : me,
    );
    queryClient.setQueriesData<ProfilePageDto>({ queryKey: profileKeys.pages }, (page) =>
      page?.isOwn ? { ...page, profile: { ...page.profile, isPrivate } } : page,
    );
  };
  return useMutation({
    mutationFn: (isPrivate: boolean) =>
      apiSend<PrivacyDto>("PUT", apiPaths.privacy, { private: isPrivate }),
    onMutate: async (isPrivate) => {
      await queryClient.cancelQueries({ queryKey: meQuery.queryKey });
      apply(isPrivate);
    },
    onError: (error, isPrivate) => {
      console.error("Privacy update failed", error);
      apply(!isPrivate);
      toast.error(privateProfileMessages.failed);
    },
    onSuccess: (state) => {
      apply(state.private);
      if (!state.private) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        void queryClient.invalidateQueries({ queryKey: profileKeys.pages });
      }
    },
  });
}
