import { ActionIcon, Menu } from "@mantine/core";
import { IconDots, IconPencil, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { ItemDto } from "#domain/items.ts";
import { forgetDeletedItem } from "#web/features/item-data/api/item-queries.ts";
import { SafetyMenu } from "#web/features/safety/components/safety-menu.tsx";
import { useSession } from "#web/lib/session.tsx";

/** The menu also opens inside an item's detail dialog, so it sits above the dialog's layer. */
const MENU_LAYER = 350;

interface ItemMenuProps {
  item: ItemDto;
  /**
   * Edit and Delete of one's own item, where the caller can open them (the detail view); without
   * them the owner gets no menu.
   */
  /** The owner's actions; an item that cannot be edited has no onEdit. */
  manage?: { onEdit: (() => void) | undefined; onDelete: () => void };
  /** Runs once its author is blocked (the detail dialog closes: their item is gone for good). */
  onAuthorBlocked?: () => void;
}

/**
 * The "…" menu of a review or post: Edit and Delete for its author; for everyone else signed in
 * the safety menu ("Mute @ana", "Block @ana", "Report review" / "Report post"). Nothing for
 * visitors.
 */
const OPTIONS_LABELS = {
  review: "Review options",
  post: "Post options",
  deal: "Deal options",
} as const satisfies Record<ItemKind, string>;

export function ItemMenu({ item, manage, onAuthorBlocked }: ItemMenuProps) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const target = (
    <ActionIcon variant="subtle" color="gray" aria-label={OPTIONS_LABELS[item.itemType]}>
      <IconDots size={20} />
    </ActionIcon>
  );

  if (item.isOwner) {
    if (!manage) return null;
    return (
      <Menu position="bottom-end" withinPortal zIndex={MENU_LAYER}>
        <Menu.Target>{target}</Menu.Target>
        <Menu.Dropdown>
          {manage.onEdit && (
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={manage.onEdit}>
              Edit
            </Menu.Item>
          )}
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={manage.onDelete}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    );
  }
  if (session.status !== "signed-in") return null;
  return (
    <SafetyMenu
      person={item.author}
      report={{ targetType: item.itemType, targetId: item.id }}
      target={target}
      zIndex={MENU_LAYER}
      // Blocked, their item is gone for this viewer as if deleted: forgotten before any list is
      // read again, so a detail view still open never re-reads it or its comments (a 404).
      onBlocked={() => {
        forgetDeletedItem(queryClient, item.itemType, item.id);
        onAuthorBlocked?.();
      }}
    />
  );
}
