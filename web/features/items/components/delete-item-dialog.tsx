import { useNavigate } from "react-router";
import { DEAL_DELETE_TEXT } from "#domain/deal-when.ts";
import type { ItemKind } from "#domain/item-kinds.ts";
import { postMessages } from "#domain/post-rules.ts";
import { reviewMessages } from "#domain/review-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { ConfirmDeleteDialog } from "#web/components/confirm-delete-dialog.tsx";
import { useDeleteItem } from "#web/features/item-data/api/item-queries.ts";
import { toast } from "#web/lib/toast.ts";

const messages = {
  review: {
    title: reviewMessages.deleteTitle,
    text: reviewMessages.deleteConfirm,
    deleted: reviewMessages.reviewDeleted,
    failed: reviewMessages.deleteFailed,
  },
  post: {
    title: postMessages.deleteTitle,
    text: postMessages.deleteConfirm,
    deleted: postMessages.deleted,
    failed: postMessages.deleteFailed,
  },
  deal: DEAL_DELETE_TEXT,
} as const satisfies Record<ItemKind, unknown>;

export interface DeleteItemDialogProps {
  opened: boolean;
  onClose: () => void;
  kind: ItemKind;
  itemId: string;
  /** Called after the server deleted it, before the dialog goes to the own profile. */
  onDeleted?: (() => void) | undefined;
}

/** Deleting one's own item: confirm, "Deleting...", then the own profile. */
export function DeleteItemDialog({
  opened,
  onClose,
  kind,
  itemId,
  onDeleted,
}: DeleteItemDialogProps) {
  const navigate = useNavigate();
  const remove = useDeleteItem(kind);
  const text = messages[kind];

  function confirm() {
    remove.mutate(itemId, {
      onSuccess: () => {
        toast.success(text.deleted);
        onClose();
        onDeleted?.();
        navigate(screenPaths.ownProfile);
      },
      onError: (error) => toast.error(text.failed, error.message),
    });
  }

  return (
    <ConfirmDeleteDialog
      opened={opened}
      onClose={onClose}
      title={text.title}
      text={text.text}
      deleting={remove.isPending}
      onConfirm={confirm}
    />
  );
}
