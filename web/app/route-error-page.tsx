import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useRouteError } from "react-router";

/** Last line of defence when a screen throws while rendering: say so and offer a way out. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" ta="center" maw={420}>
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text c="dimmed">This screen hit an unexpected problem. Reloading usually fixes it.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
