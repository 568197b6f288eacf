import { Button, Group, Modal, Text } from "@mantine/core";
import { useNavigate } from "react-router";
import { reviewMessages } from "#domain/review.ts";
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
    <Modal
      opened={opened}
      onClose={() => {
        if (!deleting) onClose();
      }}
      title="Delete Review"
      centered
      radius="lg"
      closeOnClickOutside={!deleting}
      closeOnEscape={!deleting}
      withCloseButton={!deleting}
      styles={{
        title: {
          fontFamily: "var(--mantine-font-family-headings)",
          fontWeight: 650,
          fontSize: "var(--mantine-font-size-lg)",
        },
      }}
    >
      <Text size="sm">
        Are you sure you want to delete this review? This action cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={deleting} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} disabled={deleting}>
          {deleting ? "Deleting..." : "Delete"}
        </Button>
      </Group>
    </Modal>
  );
}
