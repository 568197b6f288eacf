import { Stack } from "@mantine/core";
import type { ReactNode } from "react";
import type { ItemDto } from "#domain/items.ts";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { LoadMore } from "#web/components/load-more.tsx";
import type { ItemPages } from "../item-pages.ts";
import { ItemCard } from "./item-card.tsx";

interface ItemPagesViewProps {
  pages: ItemPages;
  /** Shown while the first page loads. */
  loading: ReactNode;
  /** The title of the error with Retry when the first page failed. */
  errorTitle: string;
  /** Shown when the list has no items. */
  empty: ReactNode;
  /** What the list holds, in the plural, for "Load more" and its errors. */
  noun: string;
  /** Shown under the last page. */
  end?: ReactNode;
  /** The items (cards or tiles). */
  children: ReactNode;
}

/**
 * The body of a keyset-paged list of items: loading, a first-page error with Retry, empty, or
 * the items with "Load more" under them (a failed next page keeps the items already shown).
 */
export function ItemPagesView({
  pages,
  loading,
  errorTitle,
  empty,
  noun,
  end,
  children,
}: ItemPagesViewProps) {
  if (pages.status === "pending") return loading;

  if (pages.status === "error" && pages.items.length === 0) {
    return (
      <LoadErrorState title={errorTitle} onRetry={pages.retry} retrying={pages.isRefetching} />
    );
  }

  if (pages.items.length === 0) return empty;

  return (
    <Stack gap="md">
      {children}
      <LoadMore
        noun={noun}
        hasNextPage={pages.hasNextPage}
        isFetchingNextPage={pages.isFetchingNextPage}
        failed={pages.nextPageFailed}
        onLoadMore={pages.loadMore}
        end={end}
      />
    </Stack>
  );
}

interface ItemCardStackProps {
  items: ItemDto[];
  /** Names the list for screen readers. */
  label: string;
  /** An earlier list is on screen while the new one loads. */
  busy?: boolean;
  onOpen: (item: ItemDto) => void;
}

/** Items as full cards, one under another; the first two load their photos first. */
export function ItemCardStack({ items, label, busy = false, onOpen }: ItemCardStackProps) {
  return (
    <Stack gap="md" component="section" aria-label={label} aria-busy={busy || undefined}>
      {items.map((item, index) => (
        <ItemCard
          key={`${item.itemType}:${item.id}`}
          item={item}
          onOpen={onOpen}
          priority={index < 2}
        />
      ))}
    </Stack>
  );
}
