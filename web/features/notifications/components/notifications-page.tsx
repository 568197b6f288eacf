import { Stack, Tabs } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageHeader } from "#web/components/page-header.tsx";

/** Notifications; the list arrives with the notifications work. */
export function NotificationsPage() {
  return (
    <>
      <PageHeader title="Notifications" />
      <Stack p="md">
        <Tabs defaultValue="all">
          <Tabs.List>
            <Tabs.Tab value="all">All (0)</Tabs.Tab>
            <Tabs.Tab value="unread">Unread (0)</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="all">
            <EmptyState
              icon={<IconBell size={28} stroke={1.6} />}
              title="No notifications yet"
              hint="When someone follows you, comments, or likes your reviews, you'll see it here"
            />
          </Tabs.Panel>
          <Tabs.Panel value="unread">
            <EmptyState
              icon={<IconBell size={28} stroke={1.6} />}
              title="No unread notifications"
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
