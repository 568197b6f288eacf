import { Button, Group, Modal, Text } from "@mantine/core";
import { useNavigate } from "react-router";
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
    <Modal
      opened={opened}
      onClose={() => {
        if (!deleting) onClose();
      }}
      title={messages.title}
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
      <Text size="sm">{messages.confirm}</Text>
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
