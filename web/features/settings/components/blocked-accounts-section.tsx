import { Paper, Title } from "@mantine/core";

/** Built by issue 15; replaced by the real section. */
export function BlockedAccountsSection() {
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Title order={2} size="h4">
        Blocked and muted accounts
      </Title>
    </Paper>
  );
}
