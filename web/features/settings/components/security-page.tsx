import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { useSignOut } from "#web/lib/use-sign-out.ts";
import { SessionsSection } from "./sessions-section.tsx";
import { SettingsPageHeader } from "./settings-page-header.tsx";
import { TwoFactorSection } from "./two-factor-section.tsx";

/** /settings/security: two-factor authentication and the account's active sessions. */
export function SecurityPage() {
  const { signOut, pending } = useSignOut();
  return (
    <>
      <SettingsPageHeader title="Security" />
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
