import { Button, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconFlag, IconHistory } from "@tabler/icons-react";
import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { EmptyState } from "#web/components/empty-state.tsx";

const stats = ["Total Users", "Total Reviews", "Total Comments", "Pending Reports"];

/** Moderation dashboard; totals and reports come with moderation. */
export function AdminPage() {
  return (
    <Stack p="md" maw={1120} mx="auto" gap="lg">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Admin Dashboard
          </Title>
          <Text c="dimmed">Welcome back. Here is what needs your attention.</Text>
        </Stack>
        <Button
          component={Link}
          to={screenPaths.feed}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          Back to Feed
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {stats.map((label) => (
          <Card key={label} withBorder radius="lg">
            <Text c="dimmed" size="sm">
              {label}
            </Text>
            <Text fw={700} fz={28} aria-hidden>
              –
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Tabs defaultValue="reports">
        <Tabs.List>
          <Tabs.Tab value="reports">Reports</Tabs.Tab>
          <Tabs.Tab value="activity">Activity Log</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reports">
          <EmptyState icon={<IconFlag size={28} stroke={1.6} />} title="No pending reports" />
        </Tabs.Panel>
        <Tabs.Panel value="activity">
          <EmptyState
            icon={<IconHistory size={28} stroke={1.6} />}
            title="Activity log coming soon"
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
