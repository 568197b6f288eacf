import { useNavigate } from "react-router";
import { ConfirmDeleteDialog } from "#web/components/confirm-delete-dialog.tsx";
import { toast } from "#web/lib/toast.ts";
import { useDeletePost } from "../api/post-queries.ts";

export interface DeletePostDialogProps {
  opened: boolean;
  onClose: () => void;
  postId: string;
  /** Called after the server deleted it, before the dialog goes to /profile. */
  onDeleted?: () => void;
}

// The spec words only review deletion; posts follow the same pattern.
const messages = {
  title: "Delete Post",
  confirm: "Are you sure you want to delete this post? This action cannot be undone.",
  deleted: "Post deleted successfully!",
  failed: "Failed to delete post",
};

/** Delete own post: confirm, "Deleting...", then /profile (as for reviews, spec 4). */
export function DeletePostDialog({ opened, onClose, postId, onDeleted }: DeletePostDialogProps) {
  const navigate = useNavigate();
  const remove = useDeletePost();
  const deleting = remove.isPending;

  function confirm() {
    remove.mutate(postId, {
      onSuccess: () => {
        toast.success(messages.deleted);
        onClose();
        onDeleted?.();
        navigate("/profile");
      },
      onError: (error) => toast.error(messages.failed, error.message),
    });
  }

  return (
    <ConfirmDeleteDialog
      opened={opened}
      onClose={onClose}
      title={messages.title}
      text={messages.confirm}
      deleting={deleting}
      onConfirm={confirm}
    />
  );
}
