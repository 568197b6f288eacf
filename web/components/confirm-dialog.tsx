import { Button, Group, Modal, Text } from "@mantine/core";

export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: string;
  /** The button that does it: "Delete", "Block". */
  confirmLabel: string;
  /** What that button reads while it runs; without it the button shows a spinner. */
  pendingLabel?: string;
  /** While true the dialog cannot be dismissed and its buttons are off. */
  pending: boolean;
  onConfirm: () => void;
  /** Its stacking order, for one opened from another dialog (the item detail and its menu). */
  zIndex?: number;
}

/**
 * The one "are you sure?" dialog: a question, what will happen, Cancel (focused, so Enter never
 * does the irreversible thing by accident) and the red button that does it.
 */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  text,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  zIndex,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!pending) onClose();
      }}
      title={title}
      centered
      radius="lg"
      zIndex={zIndex}
      closeOnClickOutside={!pending}
      closeOnEscape={!pending}
      withCloseButton={!pending}
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
        <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
          Cancel
        </Button>
        <Button
          color="red"
          onClick={onConfirm}
          disabled={pendingLabel !== undefined && pending}
          loading={pendingLabel === undefined && pending}
        >
          {pending && pendingLabel !== undefined ? pendingLabel : confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
