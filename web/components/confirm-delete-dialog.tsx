import { ConfirmDialog } from "./confirm-dialog.tsx";

interface ConfirmDeleteDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: string;
  /** While true the dialog cannot be dismissed and the button reads "Deleting...". */
  deleting: boolean;
  onConfirm: () => void;
}

/** The one "are you sure?" dialog for deleting something the user owns. */
export function ConfirmDeleteDialog({ deleting, ...props }: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog {...props} confirmLabel="Delete" pendingLabel="Deleting..." pending={deleting} />
  );
}
