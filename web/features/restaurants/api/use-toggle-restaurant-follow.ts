import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { RestaurantDto, RestaurantFollowState } from "#domain/restaurant.ts";
import { restaurantFollowMessages } from "#domain/restaurant-rules.ts";
import { apiSend } from "#web/lib/api-client.ts";
import { restaurantKeys } from "#web/lib/query-keys.ts";
import { toast } from "#web/lib/toast.ts";

/**
 * Writes the viewer's follow of `restaurantId` into every cached page of it (by id and by slug):
 * the count moves with a change (never below zero) until the server's count replaces the guess.
 */
function applyFollow(
  queryClient: ReturnType<typeof useQueryClient>,
  restaurantId: string,
  following: boolean,
  followerCount?: number,
): void {
  queryClient.setQueriesData<RestaurantDto>(
    { queryKey: [...restaurantKeys.all, "page"] },
    (page) => {
      if (page?.id !== restaurantId) return page;
      const step = page.followedByMe === following ? 0 : following ? 1 : -1;
      return {
        ...page,
        followedByMe: following,
        followerCount: followerCount ?? Math.max(0, page.followerCount + step),
      };
    },
  );
}

/**
 * Follow or unfollow a restaurant, optimistically: the button and the count change at once, a
 * failure puts them back and says "Failed to update follow status".
 */
export function useToggleRestaurantFollow(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["restaurant-follow", restaurantId],
    /** `follow` is the state wanted: true follows, false unfollows. */
    mutationFn: (follow: boolean) =>
      apiSend<RestaurantFollowState>(
        follow ? "PUT" : "DELETE",
        apiPaths.restaurantFollow(restaurantId),
      ),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: [...restaurantKeys.all, "page"] });
      applyFollow(queryClient, restaurantId, follow);
    },
    onError: (error, follow) => {
      console.error("Restaurant follow update failed", error);
      applyFollow(queryClient, restaurantId, !follow);
      toast.error(restaurantFollowMessages.updateFailed);
    },
    onSuccess: (state) => {
      applyFollow(queryClient, restaurantId, state.following, state.followerCount);
    },
  });
}
