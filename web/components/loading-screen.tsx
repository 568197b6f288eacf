import { Center, Loader, Stack, Text } from "@mantine/core";

/** Full-height "Loading..." placeholder while guards wait for the session. */
export function LoadingScreen() {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}
