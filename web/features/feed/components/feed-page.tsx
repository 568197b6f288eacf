import { Stack } from "@mantine/core";
import { IconToolsKitchen2 } from "@tabler/icons-react";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageHeader } from "#web/components/page-header.tsx";

/** Home feed (spec 2 "Home feed"). Public and read-only for visitors (ADR 0003). */
export function FeedPage() {
  return (
    <>
      <PageHeader title="Tasted" mobileOnly />
      <Stack p="md">
        <EmptyState
          icon={<IconToolsKitchen2 size={28} stroke={1.6} />}
          title="No posts yet. Be the first to post!"
        />
      </Stack>
    </>
  );
}
