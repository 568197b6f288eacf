import { Center, Loader, Modal } from "@mantine/core";
import { useMediaQuery, useWindowEvent } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import type { ItemDto } from "#domain/items.ts";
import { itemQuery } from "#web/features/item-data/api/item-queries.ts";
import { MOBILE_QUERY } from "#web/lib/breakpoints.ts";
import classes from "./item-detail.module.css";
import { itemDetailTitle } from "./item-meta.ts";

// The detail (comments, the edit dialogs and their forms) is most of an item list's code and
// shows only once an item is opened, so lists load it then; their pages load about a third less.
const ItemDetail = lazy(async () => ({ default: (await import("./item-detail.tsx")).ItemDetail }));

interface ItemDetailDialogProps {
  /** The card's item, shown at once; null keeps the dialog closed. */
  item: ItemDto | null;
  onClose: () => void;
}

/**
 * An item's detail dialog: wide on desktop, full screen below 768 px. It opens with
 * the card's data and refreshes from GET /api/{reviews|posts}/:id; if that read fails the card's
 * data stays on screen. Phones use the dialog too (not /view), so closing it returns to the same
 * place in the feed.
 */
export function ItemDetailDialog({ item, onClose }: ItemDetailDialogProps) {
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const opened = item !== null;

  // Mantine closes every open modal on Escape; Escape closes one layer. This one ignores an
  // Escape while something opened on top of it (photo viewer, edit form, confirmation, an open
  // menu): those come later in the page, in their own portals, and close themselves. Where the
  // focus is does not say which layer is on top: a button that disables itself (zoom at 300 %)
  // drops it to the page.
  useWindowEvent(
    "keydown",
    (event) => {
      if (event.key !== "Escape" || !opened || event.isComposing) return;
      if (!layerAbove(document.querySelector(`.${classes.dialogContent}`))) onClose();
      // Capture phase, registered before anything opened on top: runs before their own handlers.
    },
    { capture: true },
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnEscape={false}
      size="xl"
      fullScreen={mobile}
      radius={mobile ? 0 : "lg"}
      title={item ? itemDetailTitle(item) : ""}
      classNames={{ content: classes.dialogContent, title: classes.dialogTitle }}
      transitionProps={{ transition: mobile ? "slide-up" : "pop", duration: 180 }}
    >
      {item && (
        <Suspense
          fallback={
            <Center py="xl" role="status" aria-label="Loading">
              <Loader />
            </Center>
          }
        >
          <FreshItemDetail item={item} onDeleted={onClose} />
        </Suspense>
      )}
    </Modal>
  );
}

/** Whether a dialog, menu or list box other than `dialog` is open after it in the page. */
function layerAbove(dialog: Element | null): boolean {
  if (!dialog) return false;
  return Array.from(
    document.querySelectorAll('[role="dialog"], [role="menu"], [role="listbox"]'),
  ).some(
    (layer) =>
      !dialog.contains(layer) &&
      (dialog.compareDocumentPosition(layer) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
  );
}

function FreshItemDetail({ item, onDeleted }: { item: ItemDto; onDeleted: () => void }) {
  const fresh = useQuery({ ...itemQuery(item.itemType, item.id), retry: false });
  return <ItemDetail item={fresh.data ?? item} onDeleted={onDeleted} />;
}
