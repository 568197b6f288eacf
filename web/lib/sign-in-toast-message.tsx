import { Anchor, Group, Text } from "@mantine/core";

interface SignInToastMessageProps {
  message: string;
  onSignIn: () => void;
}

/** Body of toast.signInRequired: the spec's text and a "Sign in" link. */
export function SignInToastMessage({ message, onSignIn }: SignInToastMessageProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm">{message}</Text>
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={600}
        style={{ flexShrink: 0, whiteSpace: "nowrap" }}
        onClick={onSignIn}
      >
        Sign in
      </Anchor>
    </Group>
  );
}
