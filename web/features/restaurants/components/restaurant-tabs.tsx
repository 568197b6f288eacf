import { IconArticle, IconBuildingStore, IconToolsKitchen2 } from "@tabler/icons-react";
import { type ItemSort, itemSorts, postSorts } from "#domain/item-lists.ts";
import { profileListMessages } from "#domain/profile-rules.ts";
import type { RatingStat, RestaurantDto, RestaurantTab } from "#domain/restaurant.ts";
import { restaurantPageMessages, restaurantTabs } from "#domain/restaurant-rules.ts";
import type { ItemListSpec } from "#web/features/items/components/item-list-panel.tsx";
import { ItemListTabs } from "#web/features/items/components/item-list-tabs.tsx";
import { oneDecimal } from "#web/lib/restaurant-links.ts";
import { restaurantItemsQuery } from "../api/restaurant-queries.ts";
import { RestaurantDeals } from "./restaurant-deals.tsx";

/** The Deals tab's value in ?tab= (the New Deal dialog opens it after sharing). */
const DEALS_TAB = "deals";

/** What each tab is called, shows when empty, and how it is searched and sorted. */
const TAB_SPECS = {
  posts: {
    name: "Posts",
    icon: IconArticle,
    sorts: postSorts,
    search: null,
    grid: false,
    empty: restaurantPageMessages.noPosts,
    noMatches: restaurantPageMessages.noPosts,
    loading: profileListMessages.loadingPosts,
  },
  dishes: {
    name: "Dishes",
    icon: IconToolsKitchen2,
    sorts: itemSorts,
    search: restaurantPageMessages.searchDishes,
    grid: true,
    empty: restaurantPageMessages.noDishes,
    noMatches: restaurantPageMessages.noDishMatches,
    loading: profileListMessages.loadingReviews,
  },
  restaurant: {
    name: "Restaurant reviews",
    icon: IconBuildingStore,
    sorts: itemSorts,
    search: "Search restaurant reviews...",
    grid: true,
    empty: restaurantPageMessages.noRestaurantReviews,
    noMatches: restaurantPageMessages.noRestaurantMatches,
    loading: profileListMessages.loadingReviews,
  },
} as const satisfies Record<RestaurantTab, ItemListSpec>;

/** "4.5, 12" in a tab label; just the count when there is no average yet. */
function tabStat(stat: RatingStat): string {
  return stat.average !== null ? `${oneDecimal(stat.average)}, ${stat.count}` : String(stat.count);
}

/** "Posts (n)", "Dishes (avg, n)", "Restaurant (avg, n)". */
function tabLabel(tab: RestaurantTab, stats: RestaurantDto["stats"]): string {
  switch (tab) {
    case "posts":
      return `Posts (${stats.postCount})`;
    case "dishes":
      return `Dishes (${tabStat(stats.dishRating)})`;
    case "restaurant":
      return `Restaurant (${tabStat(stats.restaurantRating)})`;
  }
}

/**
 * The tab a restaurant page opens on: its dish reviews, what people come for; when it has none,
 * the first other tab with something in it, so the page never opens on an empty list while
 * another tab has reviews.
 */
function openingTab({ stats }: RestaurantDto): RestaurantTab {
  if (stats.dishRating.count > 0) return "dishes";
  if (stats.restaurantRating.count > 0) return "restaurant";
  if (stats.postCount > 0) return "posts";
  return "dishes";
}

/**
 * A restaurant's posts, dish reviews and restaurant reviews, and its running deals, with the
 * open tab in ?tab=.
 */
export function RestaurantTabs({ restaurant }: { restaurant: RestaurantDto }) {
  return (
    <ItemListTabs<RestaurantTab | typeof DEALS_TAB>
      defaultTab={openingTab(restaurant)}
      owner="restaurant"
      viewModeScope="restaurant"
      tabs={[
        ...restaurantTabs.map((tab) => ({
          value: tab,
          label: tabLabel(tab, restaurant.stats),
          spec: TAB_SPECS[tab],
          query: (sort: ItemSort, q: string) => restaurantItemsQuery(restaurant.id, tab, sort, q),
        })),
        {
          value: DEALS_TAB,
          label: `Deals (${restaurant.stats.dealCount})`,
          panel: <RestaurantDeals restaurantId={restaurant.id} />,
        },
      ]}
    />
  );
}
