import { Drawer } from "@mantine/core";

/** The own profile's settings panel. */
export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return <Drawer opened={opened} onClose={onClose} position="right" title="Settings" />;
}
