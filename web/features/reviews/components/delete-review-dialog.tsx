import { Modal } from "@mantine/core";

export interface DeleteReviewDialogProps {
  opened: boolean;
  onClose: () => void;
  reviewId: string;
  /** Called after the server deleted it (the dialog then goes to /profile). */
  onDeleted?: () => void;
}

export function DeleteReviewDialog({ opened, onClose }: DeleteReviewDialogProps) {
  return <Modal opened={opened} onClose={onClose} title="Delete Review" />;
}
