import { Menu } from "@mantine/core";
import { IconFlag, IconLogout, IconShieldLock } from "@tabler/icons-react";
import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { useSession } from "#web/lib/session.tsx";
import { useSignOut } from "#web/lib/use-sign-out.ts";

/**
 * The account entries every account menu ends with: the Admin Dashboard for moderators and
 * admins, Security settings and Log Out. Shared by the desktop top bar's menu and the own
 * profile's settings menu (phones have no top bar).
 */
export function AccountMenuItems() {
  const { signOut, pending } = useSignOut();
  const { isModerator } = useSession();
  return (
    <>
      {isModerator && (
        <Menu.Item component={Link} to={screenPaths.admin} leftSection={<IconFlag size={16} />}>
          {/* adminMessages.title, restated: domain/moderation.ts would add its schemas to the
              first bundle, which loads this menu. */}
          Admin Dashboard
        </Menu.Item>
      )}
      <Menu.Item
        component={Link}
        to={screenPaths.security}
        leftSection={<IconShieldLock size={16} />}
      >
        Security
      </Menu.Item>
      <Menu.Divider />
      <Menu.Item
        color="red"
        leftSection={<IconLogout size={16} />}
        onClick={signOut}
        disabled={pending}
      >
        Log Out
      </Menu.Item>
    </>
  );
}
