import {
  Center,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type Icon, IconLayoutGrid, IconList, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type ItemSort, type ItemViewMode, itemSortLabels } from "#domain/item-lists.ts";
import type { ItemDto } from "#domain/items.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import type { ItemPagesQuery } from "#web/features/item-data/api/item-pages-query.ts";
import { type ItemPages, itemPages } from "../item-pages.ts";
import { type ItemViewModeScope, useItemViewMode } from "../use-item-view-mode.ts";
import { useOpenItem } from "../use-open-item.ts";
import { ItemCardSkeleton } from "./item-card.tsx";
import { ItemDetailDialog } from "./item-detail-dialog.tsx";
import classes from "./item-list.module.css";
import { ItemCardStack, ItemPagesView } from "./item-pages-view.tsx";
import { type ItemListOwner, ItemTile } from "./item-tile.tsx";

/** The search waits this long after the last key before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;
const SKELETONS = ["first", "second", "third"] as const;

/** What one list of items is called, how it is searched and sorted, and what it says. */
export interface ItemListSpec {
  /** Names the list for screen readers and in its load error ("Dishes"). */
  name: string;
  icon: Icon;
  sorts: readonly ItemSort[];
  /** The search box's placeholder; null when the list has no search. */
  search: string | null;
  /** Whether the grid/list toggle shows (lists of reviews); otherwise always cards. */
  grid: boolean;
  empty: string;
  noMatches: string;
  loading: string;
}

/** A list's sort and the search as typed (debounced before it is sent). */
export interface ItemListFilter {
  sort: ItemSort;
  search: string;
}

export const DEFAULT_ITEM_LIST_FILTER: ItemListFilter = { sort: "recent", search: "" };

interface ItemListPanelProps {
  spec: ItemListSpec;
  owner: ItemListOwner;
  viewModeScope: ItemViewModeScope;
  filter: ItemListFilter;
  onFilterChange: (filter: ItemListFilter) => void;
  /** The list's pages for a sort and an already debounced search. */
  query: (sort: ItemSort, q: string) => ItemPagesQuery;
}

/**
 * One list of items with its search box, sort and grid/list toggle, keyset paged with
 * "Load more"; loading, empty, no-match and error-with-Retry states. An item opens in the
 * detail dialog, or on its own page on phones and touch screens.
 */
export function ItemListPanel({
  spec,
  owner,
  viewModeScope,
  filter,
  onFilterChange,
  query,
}: ItemListPanelProps) {
  const [viewMode, setViewMode] = useItemViewMode(viewModeScope);
  const [debouncedSearch] = useDebouncedValue(filter.search.trim(), SEARCH_DEBOUNCE_MS);
  const q = spec.search ? debouncedSearch : "";
  const list = useInfiniteQuery({
    ...query(filter.sort, q),
    // A new search or sort keeps the old list on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
  const pages = itemPages(list);
  const open = useOpenItem(pages.items);
  const layout: ItemViewMode = spec.grid ? viewMode : "list";

  return (
    <Stack gap="md">
      <div className={classes.toolbar}>
        {spec.search && (
          <TextInput
            className={classes.search}
            type="search"
            value={filter.search}
            onChange={(event) => onFilterChange({ ...filter, search: event.currentTarget.value })}
            placeholder={spec.search}
            aria-label={spec.search.replace(/\.+$/, "")}
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
          data={spec.sorts.map((sort) => ({ value: sort, label: itemSortLabels[sort] }))}
          allowDeselect={false}
          radius="xl"
        />
        {spec.grid && (
          <SegmentedControl
            className={classes.viewToggle}
            aria-label="View"
            value={viewMode}
            onChange={(value) => setViewMode(value as ItemViewMode)}
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

      <ListBody
        spec={spec}
        owner={owner}
        layout={layout}
        pages={pages}
        searching={q !== ""}
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

interface ListBodyProps {
  spec: ItemListSpec;
  owner: ItemListOwner;
  layout: ItemViewMode;
  pages: ItemPages;
  searching: boolean;
  onOpen: (item: ItemDto) => void;
}

function ListBody({ spec, owner, layout, pages, searching, onOpen }: ListBodyProps) {
  const Icon = spec.icon;

  return (
    <ItemPagesView
      pages={pages}
      loading={
        <div aria-busy>
          <span role="status">
            <VisuallyHidden>{spec.loading}</VisuallyHidden>
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
      }
      errorTitle={`We couldn't load ${spec.name.toLowerCase()}`}
      empty={
        <EmptyState
          icon={<Icon size={28} stroke={1.6} />}
          title={searching ? spec.noMatches : spec.empty}
        />
      }
      noun={spec.name.toLowerCase()}
    >
      {layout === "grid" ? (
        <SimpleGrid
          component="section"
          aria-label={spec.name}
          aria-busy={pages.refreshing || undefined}
          cols={{ base: 2, sm: 3 }}
          spacing="sm"
          verticalSpacing="md"
        >
          {pages.items.map((item) => (
            <ItemTile
              key={`${item.itemType}:${item.id}`}
              item={item}
              owner={owner}
              onOpen={onOpen}
            />
          ))}
        </SimpleGrid>
      ) : (
        <ItemCardStack
          items={pages.items}
          label={spec.name}
          busy={pages.refreshing}
          onOpen={onOpen}
        />
      )}
    </ItemPagesView>
  );
}
