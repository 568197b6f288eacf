import { Center, Loader, Stack, Text } from "@mantine/core";

/** Full-height placeholder while the session loads (spec 2 "Guards": "Loading..."). */
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
