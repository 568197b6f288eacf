import { useNavigate } from "react-router";
import { reviewMessages } from "#domain/review.ts";
import { ConfirmDeleteDialog } from "#web/components/confirm-delete-dialog.tsx";
import { toast } from "#web/lib/toast.ts";
import { useDeleteReview } from "../api/review-queries.ts";

export interface DeleteReviewDialogProps {
  opened: boolean;
  onClose: () => void;
  reviewId: string;
  /** Called after the server deleted it, before the dialog goes to /profile (spec 4). */
  onDeleted?: () => void;
}

/** Spec 2/4 "Delete review": confirm, "Deleting...", then /profile. */
export function DeleteReviewDialog({
  opened,
  onClose,
  reviewId,
  onDeleted,
}: DeleteReviewDialogProps) {
  const navigate = useNavigate();
  const remove = useDeleteReview();
  const deleting = remove.isPending;

  function confirm() {
    remove.mutate(reviewId, {
      onSuccess: () => {
        toast.success(reviewMessages.reviewDeleted);
        onClose();
        onDeleted?.();
        navigate("/profile");
      },
      onError: (error) => toast.error(reviewMessages.deleteFailed, error.message),
    });
  }

  return (
    <ConfirmDeleteDialog
      opened={opened}
      onClose={onClose}
      title="Delete Review"
      text="Are you sure you want to delete this review? This action cannot be undone."
      deleting={deleting}
      onConfirm={confirm}
    />
  );
}
