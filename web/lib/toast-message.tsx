import { Anchor, Group, Text } from "@mantine/core";

interface ToastMessageProps {
  message: string;
  action: { label: string; onClick: () => void };
}

/** A toast's text with one action beside it ("Sign in", "Send a new link"). */
export function ToastMessage({ message, action }: ToastMessageProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm">{message}</Text>
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={600}
        style={{ flexShrink: 0, whiteSpace: "nowrap" }}
        onClick={action.onClick}
      >
        {action.label}
      </Anchor>
    </Group>
  );
}
