import { Button, Group, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconChevronDown, IconUser } from "@tabler/icons-react";
import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { AccountMenuItems } from "#web/components/account-menu-items.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { useSession } from "#web/lib/session.tsx";
import classes from "./app-layout.module.css";

/** Desktop top bar, right side: the signed-in user's menu, or "Sign In" for visitors. */
export function UserMenu() {
  const { session } = useSession();

  if (session.status === "loading") return null;
  if (session.status === "signed-out") {
    return (
      <Button component={Link} to={screenPaths.auth} state={{ mode: "signin" }} size="sm">
        Sign In
      </Button>
    );
  }

  const { profile } = session;
  const username = profile?.username ?? null;
  return (
    <Menu position="bottom-end" width={220} shadow="md" radius="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.userButton}>
          {/* Named by hidden text rather than aria-label, which would not contain the visible
              initials ("label in name", WCAG 2.5.3); the avatar itself is decorative. */}
          <VisuallyHidden>Account menu</VisuallyHidden>
          <Group gap={6} wrap="nowrap" aria-hidden>
            <UserAvatar avatarUrl={profile?.avatarUrl} username={username} size={32} />
            <IconChevronDown size={14} stroke={2} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {profile && (
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {profile.fullName || `@${profile.username}`}
            </Text>
            {profile.fullName && (
              <Text size="xs" c="dimmed" truncate>
                @{profile.username}
              </Text>
            )}
          </Menu.Label>
        )}
        <Menu.Item
          component={Link}
          to={screenPaths.ownProfile}
          leftSection={<IconUser size={16} />}
        >
          Profile
        </Menu.Item>
        <AccountMenuItems />
      </Menu.Dropdown>
    </Menu>
  );
}
