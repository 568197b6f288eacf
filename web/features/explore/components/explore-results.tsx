import { Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import {
  IconArticle,
  IconBuildingStore,
  IconDiscount2,
  IconToolsKitchen2,
  IconUsers,
  type TablerIcon,
} from "@tabler/icons-react";
import { keepPreviousData, type UseQueryResult, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import type { ExploreTab } from "#domain/search.ts";
import { exploreEmptyMessages, exploreMessages } from "#domain/search-rules.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import surface from "#web/components/surface.module.css";
import { ItemCard, ItemCardSkeleton } from "#web/features/items/components/item-card.tsx";
import { ItemDetailDialog } from "#web/features/items/components/item-detail-dialog.tsx";
import { useOpenItem } from "#web/features/items/use-open-item.ts";
import { toast } from "#web/lib/toast.ts";
import { exploreQuery } from "../api/explore-queries.ts";
import classes from "./explore.module.css";
import { RestaurantCard } from "./restaurant-card.tsx";
import { UserCard } from "./user-card.tsx";

/** What each tab is called, its icon and how its results are named. */
export const exploreTabDetails = {
  dishes: { label: "Dishes", icon: IconToolsKitchen2, what: "dish reviews" },
  restaurants: { label: "Restaurants", icon: IconBuildingStore, what: "restaurants" },
  posts: { label: "Posts", icon: IconArticle, what: "posts" },
  users: { label: "Users", icon: IconUsers, what: "users" },
  deals: { label: "Deals", icon: IconDiscount2, what: "deals" },
} as const satisfies Record<ExploreTab, { label: string; icon: TablerIcon; what: string }>;

const SKELETONS = ["first", "second", "third", "fourth"] as const;

/** One tab's results for the settled search (empty: the newest). */
export function ExploreResults({ tab, query }: { tab: ExploreTab; query: string }) {
  switch (tab) {
    case "dishes":
    case "posts":
    case "deals":
      return <ItemResults tab={tab} query={query} />;
    case "restaurants":
      return <RestaurantResults query={query} />;
    case "users":
      return <UserResults query={query} />;
  }
}

/**
 * A tab's search. A new search keeps the previous results on screen until its answer arrives,
 * so they do not flash away while typing. A failure is logged; the Users tab also says so in a
 * toast.
 */
function useExploreResults<Tab extends ExploreTab>(tab: Tab, query: string) {
  const results = useQuery({ ...exploreQuery(tab, query), placeholderData: keepPreviousData });
  useEffect(() => {
    if (!results.error) return;
    console.error(`Explore: the ${tab} search failed`, results.error);
    if (tab === "users") toast.error(exploreMessages.usersFailed);
  }, [results.error, tab]);
  return results;
}

function ItemResults({ tab, query }: { tab: "dishes" | "posts" | "deals"; query: string }) {
  const results = useExploreResults(tab, query);
  const items = results.data?.items ?? [];
  const open = useOpenItem(items);
  return (
    <>
      <ResultList
        tab={tab}
        query={query}
        results={results}
        count={items.length}
        skeleton={SKELETONS.slice(0, 2).map((key) => <ItemCardSkeleton key={key} />)}
      >
        {items.map((item, index) => (
          <ItemCard
            key={`${item.itemType}:${item.id}`}
            item={item}
            onOpen={open.open}
            priority={index < 2}
          />
        ))}
      </ResultList>
      <ItemDetailDialog item={open.selected} onClose={open.close} />
    </>
  );
}

function RestaurantResults({ query }: { query: string }) {
  const results = useExploreResults("restaurants", query);
  const restaurants = results.data?.restaurants ?? [];
  return (
    <ResultList
      tab="restaurants"
      query={query}
      results={results}
      count={restaurants.length}
      skeleton={<CardSkeletons avatarRadius="md" />}
      cards
    >
      {restaurants.map((restaurant) => (
        <li key={restaurant.id}>
          <RestaurantCard restaurant={restaurant} />
        </li>
      ))}
    </ResultList>
  );
}

function UserResults({ query }: { query: string }) {
  const results = useExploreResults("users", query);
  const users = results.data?.users ?? [];
  return (
    <ResultList
      tab="users"
      query={query}
      results={results}
      count={users.length}
      skeleton={<CardSkeletons avatarRadius="xl" />}
      cards
    >
      {users.map((user) => (
        <li key={user.id}>
          <UserCard user={user} />
        </li>
      ))}
    </ResultList>
  );
}

interface ResultListProps {
  tab: ExploreTab;
  query: string;
  results: UseQueryResult<unknown>;
  count: number;
  skeleton: ReactNode;
  /** A list of compact cards (restaurants, people) rather than item cards. */
  cards?: boolean;
  children: ReactNode;
}

/**
 * The states every tab shares: skeletons while the first answer loads, an error with Retry
 * (never the empty text), the tab's empty text with and without a search, else the results.
 */
function ResultList({ tab, query, results, count, skeleton, cards, children }: ResultListProps) {
  const details = exploreTabDetails[tab];
  const Icon = details.icon;

  if (results.isPending) {
    return (
      <div aria-busy>
        <span role="status">
          <VisuallyHidden>Searching {details.what}</VisuallyHidden>
        </span>
        <Stack gap="md">{skeleton}</Stack>
      </div>
    );
  }

  if (results.isError) {
    return (
      <LoadErrorState
        title={`We couldn't load ${details.what}`}
        onRetry={() => void results.refetch()}
        retrying={results.isRefetching}
      />
    );
  }

  if (count === 0) {
    const empty = exploreEmptyMessages[tab];
    return (
      <EmptyState
        icon={<Icon size={28} stroke={1.6} />}
        title={query ? empty.noMatches : empty.none}
      />
    );
  }

  return (
    <Stack
      component={cards ? "ul" : "section"}
      className={cards ? classes.cards : undefined}
      aria-label={query ? `${details.label} matching “${query}”` : details.label}
      aria-busy={results.isPlaceholderData || undefined}
      gap={cards ? "sm" : "md"}
    >
      {children}
    </Stack>
  );
}

/** Card-shaped placeholders while restaurants or people load. */
function CardSkeletons({ avatarRadius }: { avatarRadius: "md" | "xl" }) {
  return (
    <Stack gap="sm">
      {SKELETONS.map((key) => (
        <div key={key} className={`${surface.card} ${classes.card}`} style={{ cursor: "default" }}>
          <Skeleton height={48} width={48} radius={avatarRadius} style={{ flex: "none" }} />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={14} width="60%" />
            <Skeleton height={10} width="85%" />
            <Skeleton height={10} width="45%" />
          </Stack>
        </div>
      ))}
    </Stack>
  );
}
