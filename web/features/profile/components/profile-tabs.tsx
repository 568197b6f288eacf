import { IconArticle, IconBuildingStore, IconToolsKitchen2 } from "@tabler/icons-react";
import { itemSorts, postSorts } from "#domain/item-lists.ts";
import {
  type ProfileCounts,
  type ProfileTab,
  profileListMessages,
  profileTabs,
} from "#domain/profile.ts";
import type { ItemListSpec } from "#web/features/items/components/item-list-panel.tsx";
import { ItemListTabs } from "#web/features/items/components/item-list-tabs.tsx";
import { profileItemsQuery } from "../api/profile-queries.ts";

/** What each tab is called, shows when empty, and how it is searched and sorted. */
const TAB_SPECS = {
  posts: {
    name: "Posts",
    icon: IconArticle,
    sorts: postSorts,
    search: null,
    grid: false,
    empty: profileListMessages.noPosts,
    noMatches: profileListMessages.noPosts,
    loading: profileListMessages.loadingPosts,
  },
  dishes: {
    name: "Dishes",
    icon: IconToolsKitchen2,
    sorts: itemSorts,
    search: profileListMessages.searchDishes,
    grid: true,
    empty: profileListMessages.noDishes,
    noMatches: profileListMessages.noDishMatches,
    loading: profileListMessages.loadingReviews,
  },
  restaurants: {
    name: "Restaurants",
    icon: IconBuildingStore,
    sorts: itemSorts,
    search: profileListMessages.searchRestaurants,
    grid: true,
    empty: profileListMessages.noRestaurants,
    noMatches: profileListMessages.noRestaurantMatches,
    loading: profileListMessages.loadingReviews,
  },
} as const satisfies Record<ProfileTab, ItemListSpec>;

const TAB_COUNTS: Record<ProfileTab, (counts: ProfileCounts) => number> = {
  posts: (counts) => counts.posts,
  dishes: (counts) => counts.dishReviews,
  restaurants: (counts) => counts.restaurantReviews,
};

/** A profile's Posts, Dishes and Restaurants, with the open tab in the address (?tab=). */
export function ProfileTabs({ profileId, counts }: { profileId: string; counts: ProfileCounts }) {
  return (
    <ItemListTabs
      owner="person"
      viewModeScope="profile"
      tabs={profileTabs.map((tab) => ({
        value: tab,
        label: `${TAB_SPECS[tab].name} (${TAB_COUNTS[tab](counts)})`,
        spec: TAB_SPECS[tab],
        query: (sort, q) => profileItemsQuery(profileId, tab, sort, q),
      }))}
    />
  );
}
