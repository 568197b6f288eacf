import { Paper, Title } from "@mantine/core";

/** Built by issue 15; replaced by the real section. */
export function DataExportSection() {
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Title order={2} size="h4">
        Download my data
      </Title>
    </Paper>
  );
}
