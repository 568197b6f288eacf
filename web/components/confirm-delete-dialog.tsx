import { Button, Group, Modal, Text } from "@mantine/core";

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
export function ConfirmDeleteDialog({
  opened,
  onClose,
  title,
  text,
  deleting,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!deleting) onClose();
      }}
      title={title}
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
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={deleting} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} disabled={deleting}>
          {deleting ? "Deleting..." : "Delete"}
        </Button>
      </Group>
    </Modal>
  );
}
