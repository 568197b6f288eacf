import {
  IconArticle,
  IconBuildingStore,
  IconDiscount2,
  IconToolsKitchen2,
} from "@tabler/icons-react";
import { itemSorts, postSorts } from "#domain/item-lists.ts";
import { listMessages } from "#domain/lists-rules.ts";
import type { ProfileCounts, ProfileTab } from "#domain/profile.ts";
import { profileListMessages, profileTabs } from "#domain/profile-rules.ts";
import { rankingMessages } from "#domain/rankings-rules.ts";
import { diaryMessages } from "#domain/review-rules.ts";
import { statsMessages } from "#domain/stats-rules.ts";
import { wantToTryMessages } from "#domain/want-to-try-rules.ts";
import type { ItemListSpec } from "#web/features/items/components/item-list-panel.tsx";
import {
  type ItemListTab,
  ItemListTabs,
  type OtherTab,
} from "#web/features/items/components/item-list-tabs.tsx";
import { ProfileListsPanel } from "#web/features/lists/components/profile-lists-panel.tsx";
import { RankingsTab } from "#web/features/rankings/components/rankings-tab.tsx";
import { StatsTab } from "#web/features/stats/components/stats-tab.tsx";
import { useWantToTryKeys, wantCount } from "#web/features/want-to-try/api/want-to-try-queries.ts";
import { WantToTryPanel } from "#web/features/want-to-try/components/want-to-try-panel.tsx";
import { profileItemsQuery } from "../api/profile-queries.ts";
import { DiaryPanel } from "./diary-panel.tsx";

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
  // Ended and reported gone deals stay here, labelled, after they left every other listing.
  deals: {
    name: "Deals",
    icon: IconDiscount2,
    sorts: postSorts,
    search: null,
    grid: false,
    empty: profileListMessages.noDeals,
    noMatches: profileListMessages.noDeals,
    loading: profileListMessages.loadingDeals,
  },
} as const satisfies Record<ProfileTab, ItemListSpec>;

const TAB_COUNTS: Record<ProfileTab, (counts: ProfileCounts) => number> = {
  posts: (counts) => counts.posts,
  dishes: (counts) => counts.dishReviews,
  restaurants: (counts) => counts.restaurantReviews,
  deals: (counts) => counts.deals,
};

/** The tabs beside the item lists, by their names in the address. */
const WANT_TO_TRY_TAB = "want-to-try";
const LISTS_TAB = "lists";
const STATS_TAB = "stats";
const DIARY_TAB = "diary";
const RANKINGS_TAB = "rankings";

interface ProfileTabsProps {
  profileId: string;
  counts: ProfileCounts;
  /** The viewer's own profile, which alone has the Want to try tab and all its lists. */
  isOwn: boolean;
  /** Whether the owner shows their Stats tab to others (the owner always has it). */
  statsPublic: boolean;
}

/**
 * A profile's Posts, Dishes, Restaurants, Deals, Rankings and Lists; on one's own profile also Want to
 * try (n), n being what is still to try, and the Diary (reviews by date visited); and Stats for
 * the owner or while the owner shows them. The open tab is in the address (?tab=).
 */
export function ProfileTabs({ profileId, counts, isOwn, statsPublic }: ProfileTabsProps) {
  const keys = useWantToTryKeys();
  const tabs: (
    | ItemListTab<ProfileTab>
    | OtherTab<
        | typeof WANT_TO_TRY_TAB
        | typeof DIARY_TAB
        | typeof RANKINGS_TAB
        | typeof LISTS_TAB
        | typeof STATS_TAB
      >
  )[] = profileTabs.map((tab) => ({
    value: tab,
    label: `${TAB_SPECS[tab].name} (${TAB_COUNTS[tab](counts)})`,
    spec: TAB_SPECS[tab],
    query: (sort, q) => profileItemsQuery(profileId, tab, sort, q),
  }));
  if (isOwn) {
    const count = keys.data ? ` (${wantCount(keys.data)})` : "";
    tabs.push({
      value: WANT_TO_TRY_TAB,
      label: `${wantToTryMessages.tabLabel}${count}`,
      panel: <WantToTryPanel />,
    });
    tabs.push({
      value: DIARY_TAB,
      label: diaryMessages.tab,
      panel: <DiaryPanel profileId={profileId} />,
    });
  }
  tabs.push({
    value: RANKINGS_TAB,
    label: rankingMessages.tab,
    panel: <RankingsTab profileId={profileId} isOwn={isOwn} />,
  });
  tabs.push({
    value: LISTS_TAB,
    label: listMessages.tabLabel,
    panel: <ProfileListsPanel profileId={profileId} isOwn={isOwn} />,
  });
  if (isOwn || statsPublic) {
    tabs.push({
      value: STATS_TAB,
      label: statsMessages.tabLabel,
      panel: <StatsTab profileId={profileId} isOwn={isOwn} statsPublic={statsPublic} />,
    });
  }
  return <ItemListTabs owner="person" viewModeScope="profile" tabs={tabs} />;
}
