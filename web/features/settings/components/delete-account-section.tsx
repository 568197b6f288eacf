import { Paper, Title } from "@mantine/core";

/** Built by issue 15; replaced by the real section. */
export function DeleteAccountSection() {
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Title order={2} size="h4">
        Delete account
      </Title>
    </Paper>
  );
}
