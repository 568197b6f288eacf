import { ActionIcon, Group, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconSettings } from "@tabler/icons-react";
import type { ProfileDto } from "#domain/profile.ts";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { SettingsDrawer } from "./settings-drawer.tsx";

/**
 * The signed-in user's own profile header: picture, name, @username, bio, location and the
 * Settings button, which opens the settings panel (also how phones reach Security and Log Out:
 * they have no top bar).
 */
export function OwnProfileHeader({ profile }: { profile: ProfileDto }) {
  const [settingsOpened, settings] = useDisclosure(false);
  return (
    <Group align="flex-start" wrap="nowrap" gap="md" p="md">
      <UserAvatar avatarUrl={profile.avatarUrl} username={profile.username} size={80} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Title order={2} size="h3" lineClamp={1}>
          {profile.fullName || profile.username}
        </Title>
        <Text c="dimmed" size="sm">
          @{profile.username.toLowerCase()}
        </Text>
        {profile.bio && (
          <Text size="sm" mt={4} style={{ whiteSpace: "pre-line" }}>
            {profile.bio}
          </Text>
        )}
        {profile.location && (
          <Text size="sm" c="dimmed">
            {profile.location}
          </Text>
        )}
      </Stack>
      <ActionIcon
        variant="default"
        size="lg"
        radius="xl"
        aria-label="Settings"
        aria-haspopup="dialog"
        onClick={settings.open}
      >
        <IconSettings size={18} />
      </ActionIcon>
      <SettingsDrawer opened={settingsOpened} onClose={settings.close} />
    </Group>
  );
}
