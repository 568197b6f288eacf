import {
  Alert,
  Button,
  Center,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  IconArticle,
  IconBuildingStore,
  IconLayoutGrid,
  IconList,
  IconSearch,
  IconToolsKitchen2,
} from "@tabler/icons-react";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import { type ItemSort, itemSortLabels, itemSorts, postSorts } from "#domain/item-lists.ts";
import type { ItemDto } from "#domain/items.ts";
import {
  type ProfileCounts,
  type ProfileTab,
  type ProfileViewMode,
  profileListMessages,
  profileTabs,
} from "#domain/profile.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { ItemCard, ItemCardSkeleton } from "#web/features/items/components/item-card.tsx";
import { ItemDetailDialog } from "#web/features/items/components/item-detail-dialog.tsx";
import { useOpenItem } from "#web/features/items/use-open-item.ts";
import { profileItemsQuery } from "../api/profile-queries.ts";
import { useProfileViewMode } from "../use-profile-view-mode.ts";
import { ProfileItemTile } from "./profile-item-tile.tsx";
import classes from "./profile-page.module.css";

/** The search waits this long after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;
const SKELETONS = ["first", "second", "third"] as const;

/** What each tab is called, shows when empty, and how it is searched and sorted. */
const TAB_DETAILS = {
  posts: {
    label: "Posts",
    icon: IconArticle,
    count: (counts: ProfileCounts) => counts.posts,
    sorts: postSorts,
    search: null,
    empty: profileListMessages.noPosts,
    noMatches: profileListMessages.noPosts,
    loading: profileListMessages.loadingPosts,
  },
  dishes: {
    label: "Dishes",
    icon: IconToolsKitchen2,
    count: (counts: ProfileCounts) => counts.dishReviews,
    sorts: itemSorts,
    search: profileListMessages.searchDishes,
    empty: profileListMessages.noDishes,
    noMatches: profileListMessages.noDishMatches,
    loading: profileListMessages.loadingReviews,
  },
  restaurants: {
    label: "Restaurants",
    icon: IconBuildingStore,
    count: (counts: ProfileCounts) => counts.restaurantReviews,
    sorts: itemSorts,
    search: profileListMessages.searchRestaurants,
    empty: profileListMessages.noRestaurants,
    noMatches: profileListMessages.noRestaurantMatches,
    loading: profileListMessages.loadingReviews,
  },
} as const satisfies Record<ProfileTab, unknown>;

interface TabFilter {
  sort: ItemSort;
  search: string;
}

const INITIAL_FILTERS: Record<ProfileTab, TabFilter> = {
  posts: { sort: "recent", search: "" },
  dishes: { sort: "recent", search: "" },
  restaurants: { sort: "recent", search: "" },
};

function isProfileTab(value: string | null): value is ProfileTab {
  return profileTabs.some((tab) => tab === value);
}

/**
 * A profile's Posts, Dishes and Restaurants. The open tab lives in the address (?tab=), so back
 * from an item returns to it; each tab keeps its own sort and search while the page is open.
 */
export function ProfileTabs({ profileId, counts }: { profileId: string; counts: ProfileCounts }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: ProfileTab = isProfileTab(requested) ? requested : "posts";
  const [filters, setFilters] = useState(INITIAL_FILTERS);

  function openTab(value: string | null) {
    if (!isProfileTab(value)) return;
    setSearchParams(
      (params) => {
        if (value === "posts") params.delete("tab");
        else params.set("tab", value);
        return params;
      },
      { replace: true },
    );
  }

  return (
    <Tabs value={tab} onChange={openTab} keepMounted={false} className={classes.tabs}>
      <Tabs.List grow>
        {profileTabs.map((value) => {
          const details = TAB_DETAILS[value];
          return (
            <Tabs.Tab key={value} value={value}>
              {details.label} ({details.count(counts)})
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {profileTabs.map((value) => (
        <Tabs.Panel key={value} value={value} pt="md">
          <ProfileTabPanel
            profileId={profileId}
            tab={value}
            filter={filters[value]}
            onFilterChange={(filter) => setFilters((all) => ({ ...all, [value]: filter }))}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

interface ProfileTabPanelProps {
  profileId: string;
  tab: ProfileTab;
  filter: TabFilter;
  onFilterChange: (filter: TabFilter) => void;
}

function ProfileTabPanel({ profileId, tab, filter, onFilterChange }: ProfileTabPanelProps) {
  const details = TAB_DETAILS[tab];
  const [viewMode, setViewMode] = useProfileViewMode();
  const [debouncedSearch] = useDebouncedValue(filter.search.trim(), SEARCH_DEBOUNCE_MS);
  const q = details.search ? debouncedSearch : "";
  const list = useInfiniteQuery({
    ...profileItemsQuery(profileId, tab, filter.sort, q),
    // A new search or sort keeps the old list on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const open = useOpenItem(items);
  const layout: ProfileViewMode = details.search ? viewMode : "list";

  return (
    <Stack gap="md">
      <div className={classes.toolbar}>
        {details.search && (
          <TextInput
            className={classes.search}
            type="search"
            value={filter.search}
            onChange={(event) => onFilterChange({ ...filter, search: event.currentTarget.value })}
            placeholder={details.search}
            aria-label={details.search.replace(/\.+$/, "")}
            leftSection={<IconSearch size={16} aria-hidden />}
            radius="xl"
          />
        )}
        <Select
          className={classes.sort}
          aria-label="Sort by"
          value={filter.sort}
          onChange={(value) => {
            if (value) onFilterChange({ ...filter, sort: value as ItemSort });
          }}
          data={details.sorts.map((sort) => ({ value: sort, label: itemSortLabels[sort] }))}
          allowDeselect={false}
          radius="xl"
        />
        {details.search && (
          <SegmentedControl
            className={classes.viewToggle}
            aria-label="View"
            value={viewMode}
            onChange={(value) => setViewMode(value as ProfileViewMode)}
            radius="xl"
            data={[
              {
                value: "grid",
                label: <ViewLabel icon={<IconLayoutGrid size={16} />} text="Grid view" />,
              },
              {
                value: "list",
                label: <ViewLabel icon={<IconList size={16} />} text="List view" />,
              },
            ]}
          />
        )}
      </div>

      <TabList
        tab={tab}
        layout={layout}
        items={items}
        searching={q !== ""}
        status={list.status}
        refreshing={list.isPlaceholderData}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        nextPageFailed={list.isFetchNextPageError}
        isRefetching={list.isRefetching}
        onRetry={() => void list.refetch()}
        onLoadMore={() => {
          if (!list.isFetching) void list.fetchNextPage();
        }}
        onOpen={open.open}
      />

      <ItemDetailDialog item={open.selected} onClose={open.close} />
    </Stack>
  );
}

function ViewLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Center>
      {icon}
      <VisuallyHidden>{text}</VisuallyHidden>
    </Center>
  );
}

interface TabListProps {
  tab: ProfileTab;
  layout: ProfileViewMode;
  items: ItemDto[];
  searching: boolean;
  status: "pending" | "error" | "success";
  refreshing: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  isRefetching: boolean;
  onRetry: () => void;
  onLoadMore: () => void;
  onOpen: (item: ItemDto) => void;
}

function TabList({
  tab,
  layout,
  items,
  searching,
  status,
  refreshing,
  hasNextPage,
  isFetchingNextPage,
  nextPageFailed,
  isRefetching,
  onRetry,
  onLoadMore,
  onOpen,
}: TabListProps) {
  const details = TAB_DETAILS[tab];
  const Icon = details.icon;

  if (status === "pending") {
    return (
      <div aria-busy>
        <span role="status">
          <VisuallyHidden>{details.loading}</VisuallyHidden>
        </span>
        {layout === "grid" ? (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {SKELETONS.map((key) => (
              <Stack key={key} gap={8}>
                <Skeleton radius="md" style={{ aspectRatio: "1" }} height="auto" />
                <Skeleton height={14} width="70%" />
                <Skeleton height={10} width="45%" />
              </Stack>
            ))}
          </SimpleGrid>
        ) : (
          <Stack gap="md">
            {SKELETONS.slice(0, 2).map((key) => (
              <ItemCardSkeleton key={key} />
            ))}
          </Stack>
        )}
      </div>
    );
  }

  if (status === "error" && items.length === 0) {
    return (
      <LoadErrorState
        title={`We couldn't load ${details.label.toLowerCase()}`}
        onRetry={onRetry}
        retrying={isRefetching}
      />
    );
  }

  if (items.length === 0) {
    return (
      <EmptyState
        icon={<Icon size={28} stroke={1.6} />}
        title={searching ? details.noMatches : details.empty}
      />
    );
  }

  return (
    <Stack gap="md">
      {layout === "grid" ? (
        <SimpleGrid
          component="section"
          aria-label={details.label}
          aria-busy={refreshing || undefined}
          cols={{ base: 2, sm: 3 }}
          spacing="sm"
          verticalSpacing="md"
        >
          {items.map((item) => (
            <ProfileItemTile key={`${item.itemType}:${item.id}`} item={item} onOpen={onOpen} />
          ))}
        </SimpleGrid>
      ) : (
        <Stack
          component="section"
          aria-label={details.label}
          aria-busy={refreshing || undefined}
          gap="md"
        >
          {items.map((item, index) => (
            <ItemCard
              key={`${item.itemType}:${item.id}`}
              item={item}
              onOpen={onOpen}
              priority={index < 2}
            />
          ))}
        </Stack>
      )}

      {nextPageFailed ? (
        <Alert color="red" variant="light" radius="md" title="More could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={onLoadMore}>
            Retry
          </Button>
        </Alert>
      ) : (
        hasNextPage && (
          <Center>
            {isFetchingNextPage ? (
              <Loader size="sm" aria-label="Loading more" />
            ) : (
              <Button variant="subtle" onClick={onLoadMore}>
                Load more
              </Button>
            )}
          </Center>
        )
      )}
    </Stack>
  );
}
