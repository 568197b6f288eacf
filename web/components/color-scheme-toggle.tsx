import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";

/**
 * Flips between light and dark in one tap. The full three-way choice (Light, Dark, System)
 * lives in the profile settings panel; both write the same stored preference.
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const next = computed === "dark" ? "light" : "dark";
  return (
    <Tooltip label={`Switch to ${next} mode`}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label="Toggle color scheme"
        onClick={() => setColorScheme(next)}
      >
        {computed === "dark" ? (
          <IconSun size={20} stroke={1.6} />
        ) : (
          <IconMoon size={20} stroke={1.6} />
        )}
      </ActionIcon>
    </Tooltip>
  );
}
