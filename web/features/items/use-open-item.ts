import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { ItemDto } from "#domain/items.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { MOBILE_QUERY } from "#web/lib/breakpoints.ts";
import { useSession } from "#web/lib/session.tsx";
import { itemViewType } from "./components/item-meta.ts";

/** Phones and touch screens open an item on its own page; a pointer gets the dialog. */
const COMPACT_QUERY = `${MOBILE_QUERY}, (hover: none)`;

/**
 * Opening an item from a list: phones and touch screens go to its own page (/view/...), where
 * back returns to the list; a pointer opens the detail dialog the feed uses. Visitors always get
 * the dialog, since the item page is for signed-in people.
 */
export function useOpenItem(items: readonly ItemDto[]) {
  const compact = useMediaQuery(COMPACT_QUERY, false, { getInitialValueInEffect: false });
  const { session } = useSession();
  const navigate = useNavigate();
  const dialog = useItemDialog(items);
  return {
    selected: dialog.selected,
    open: (target: ItemDto) => {
      if (compact && session.status === "signed-in") {
        navigate(screenPaths.view(itemViewType(target), target.id));
      } else {
        dialog.open(target);
      }
    },
    close: dialog.close,
  };
}

/**
 * The item a list's detail dialog shows: as the list holds it now, so a like in the dialog and
 * on the card stay in step, or as it was opened once the list no longer holds it (deleted from
 * the dialog: it stays open until the delete has finished and moved on).
 */
export function useItemDialog(items: readonly ItemDto[]) {
  const [item, setItem] = useState<ItemDto | null>(null);
  const selected =
    (item && items.find((entry) => entry.itemType === item.itemType && entry.id === item.id)) ||
    item;
  return { selected, open: setItem, close: () => setItem(null) };
}
