import { ActionIcon, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconArrowLeft, IconLogout } from "@tabler/icons-react";
import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { PageHeader } from "#web/components/page-header.tsx";
import { useSignOut } from "#web/lib/use-sign-out.ts";
import { SessionsSection } from "./sessions-section.tsx";
import { TwoFactorSection } from "./two-factor-section.tsx";

/** /settings/security: two-factor authentication and the account's active sessions. */
export function SecurityPage() {
  useDocumentTitle("Security · Tasted");
  const { signOut, pending } = useSignOut();
  return (
    <>
      <PageHeader
        title="Security"
        leading={
          <ActionIcon
            component={Link}
            to={screenPaths.ownProfile}
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label="Back to profile"
          >
            <IconArrowLeft size={20} />
          </ActionIcon>
        }
      />
      <Stack p="md" gap="md">
        <TwoFactorSection />
        <SessionsSection />
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              Sign out of Tasted on this device.
            </Text>
            <Button
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={signOut}
              loading={pending}
            >
              Log Out
            </Button>
          </Group>
        </Paper>
      </Stack>
    </>
  );
}
