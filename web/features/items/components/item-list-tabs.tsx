import { Tabs } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import type { ItemSort } from "#domain/item-lists.ts";
import { WrappingTabs } from "#web/components/wrapping-tabs.tsx";
import type { ItemPagesQuery } from "#web/features/item-data/api/item-pages-query.ts";
import type { ItemViewModeScope } from "../use-item-view-mode.ts";
import classes from "./item-list.module.css";
import {
  DEFAULT_ITEM_LIST_FILTER,
  type ItemListFilter,
  ItemListPanel,
  type ItemListSpec,
} from "./item-list-panel.tsx";
import type { ItemListOwner } from "./item-tile.tsx";

/** One tab: its value in the address, its label (with counts) and its list. */
export interface ItemListTab<T extends string> {
  value: T;
  label: string;
  spec: ItemListSpec;
  query: (sort: ItemSort, q: string) => ItemPagesQuery;
}

/** A tab beside the item lists that shows something else (the own profile's Want to try). */
export interface OtherTab<T extends string> {
  value: T;
  label: string;
  panel: ReactNode;
}

interface ItemListTabsProps<T extends string> {
  tabs: readonly (ItemListTab<T> | OtherTab<T>)[];
  /** The tab open when the address names none; the first tab when not given. */
  defaultTab?: T;
  owner: ItemListOwner;
  viewModeScope: ItemViewModeScope;
}

/**
 * Tabs of item lists (a profile's, a restaurant's), and any other panel beside them. The open tab
 * lives in the address (?tab=, absent for the default one), so reload and back from an item return
 * to it; each tab keeps its own sort and search while the page is open.
 */
export function ItemListTabs<T extends string>({
  tabs,
  defaultTab,
  owner,
  viewModeScope,
}: ItemListTabsProps<T>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFilters] = useState<Partial<Record<T, ItemListFilter>>>({});
  const first = defaultTab ?? tabs[0]?.value;
  const requested = searchParams.get("tab");
  const open = tabs.find((tab) => tab.value === requested)?.value ?? first;
  function openTab(value: string | null) {
    if (value === null || !tabs.some((tab) => tab.value === value)) return;
    setSearchParams(
      (params) => {
        if (value === first) params.delete("tab");
        else params.set("tab", value);
        return params;
      },
      { replace: true },
    );
  }

  return (
    <WrappingTabs value={open} onChange={openTab} keepMounted={false} className={classes.tabs}>
      <Tabs.List grow>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {"panel" in tab ? (
            tab.panel
          ) : (
            <ItemListPanel
              spec={tab.spec}
              owner={owner}
              viewModeScope={viewModeScope}
              filter={filters[tab.value] ?? DEFAULT_ITEM_LIST_FILTER}
              onFilterChange={(filter) => setFilters((all) => ({ ...all, [tab.value]: filter }))}
              query={tab.query}
            />
          )}
        </Tabs.Panel>
      ))}
    </WrappingTabs>
  );
}
