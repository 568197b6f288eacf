import { Loader, Stack } from "@mantine/core";
import { IconDiscount2 } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { LoadMore } from "#web/components/load-more.tsx";
import { restaurantDealsQuery } from "../api/restaurant-queries.ts";

// The cards load with the first deals, so the page's first load carries none of them.
const DealCard = lazy(async () => ({
  default: (await import("#web/features/items/components/deal-card.tsx")).DealCard,
}));

/** A restaurant page's Deals tab: its deals that have not ended, newest first. */
export function RestaurantDeals({ restaurantId }: { restaurantId: string }) {
  const deals = useInfiniteQuery(restaurantDealsQuery(restaurantId));
  const items = deals.data?.pages.flatMap((page) => page.items) ?? [];

  if (deals.isPending)
    return <Loader size="sm" mx="auto" display="block" aria-label="Loading deals" />;
  if (deals.isError && items.length === 0) {
    return (
      <LoadErrorState
        title="We couldn't load the deals"
        onRetry={() => void deals.refetch()}
        retrying={deals.isRefetching}
      />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<IconDiscount2 size={28} stroke={1.6} />}
        title="No deals right now"
        hint="Spotted a happy hour or a lunch special here? Pass it on with Add."
      />
    );
  }
  return (
    <Stack gap="md">
      <Suspense
        fallback={<Loader size="sm" mx="auto" display="block" aria-label="Loading deals" />}
      >
        {items.map((deal) => (
          <DealCard key={deal.id} deal={deal} />
        ))}
      </Suspense>
      <LoadMore
        noun="deals"
        hasNextPage={deals.hasNextPage}
        isFetchingNextPage={deals.isFetchingNextPage}
        failed={deals.isFetchNextPageError}
        onLoadMore={() => void deals.fetchNextPage()}
      />
    </Stack>
  );
}
