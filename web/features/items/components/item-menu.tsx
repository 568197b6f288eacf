import { ActionIcon, Menu } from "@mantine/core";
import {
  IconBan,
  IconDots,
  IconFlag,
  IconPencil,
  IconTrash,
  IconVolume3,
} from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { blockMessages } from "#domain/blocks.ts";
import type { ItemDto } from "#domain/items.ts";
import { reportTargetNouns } from "#domain/moderation.ts";
import { ReportDialog } from "#web/components/report-dialog.tsx";
import { RestrictDialog } from "#web/components/restrict-dialog.tsx";
import { forgetDeletedItem } from "#web/features/item-data/api/item-queries.ts";
import { useReport } from "#web/features/moderation/api/use-report.ts";
import { useRestrictPrompt } from "#web/features/safety/api/use-restriction.ts";
import { useSession } from "#web/lib/session.tsx";

interface ItemMenuProps {
  item: ItemDto;
  /**
   * Edit and Delete of one's own item, where the caller can open them (the detail view); without
   * them the owner gets no menu.
   */
  manage?: { onEdit: () => void; onDelete: () => void };
  /** Runs once its author is blocked (the detail dialog closes: their item is gone for good). */
  onAuthorBlocked?: () => void;
}

/**
 * The "…" menu of a review or post: Edit and Delete for its author; "Mute @ana", "Block @ana"
 * and "Report review" / "Report post" for everyone else signed in. Nothing for visitors.
 */
export function ItemMenu({ item, manage, onAuthorBlocked }: ItemMenuProps) {
  const { session } = useSession();
  const [reporting, setReporting] = useState(false);
  const report = useReport({ targetType: item.itemType, targetId: item.id });
  const queryClient = useQueryClient();
  // Blocked, their item is gone for this viewer as if deleted: forgotten before any list is read
  // again, so a detail view still open never re-reads it or its comments (a 404).
  const restrict = useRestrictPrompt(item.author, () => {
    forgetDeletedItem(queryClient, item.itemType, item.id);
    onAuthorBlocked?.();
  });
  const canReport = session.status === "signed-in" && !item.isOwner;
  const canManage = item.isOwner && manage !== undefined;
  if (!canReport && !canManage) return null;
  const noun = reportTargetNouns[item.itemType];
  const handle = `@${item.author.username.toLowerCase()}`;

  return (
    <>
      <Menu position="bottom-end" withinPortal zIndex={350}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={item.itemType === "review" ? "Review options" : "Post options"}
          >
            <IconDots size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canManage && (
            <>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={manage.onEdit}>
                Edit
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={manage.onDelete}
              >
                Delete
              </Menu.Item>
            </>
          )}
          {canReport && (
            <>
              <Menu.Item
                leftSection={<IconVolume3 size={16} />}
                onClick={() => restrict.ask("mute")}
              >
                {blockMessages.mute} {handle}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconBan size={16} />}
                onClick={() => restrict.ask("block")}
              >
                {blockMessages.block} {handle}
              </Menu.Item>
              <Menu.Item leftSection={<IconFlag size={16} />} onClick={() => setReporting(true)}>
                Report {noun}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {canReport && <RestrictDialog prompt={restrict.prompt} />}
      {canReport && (
        <ReportDialog
          opened={reporting}
          onClose={() => setReporting(false)}
          noun={noun}
          report={report}
        />
      )}
    </>
  );
}
