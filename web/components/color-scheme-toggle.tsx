import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";
import { lazy, Suspense, useRef, useState } from "react";

const HintTooltip = lazy(async () => ({
  default: (await import("./hint-tooltip.tsx")).HintTooltip,
}));

/**
 * Flips between light and dark in one tap. The full three-way choice (Light, Dark, System)
 * lives in the profile settings panel; both write the same stored preference.
 *
 * The toggle sits in the landing page's header, so its hover hint (a mouse-only extra: the
 * button's name says what it does) loads when a pointer first reaches it, not with the page.
 * It points at the button from beside it rather than wrapping it, so the button is never
 * re-mounted; it opens on that first hover and follows the pointer from then on.
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const next = computed === "dark" ? "light" : "dark";
  const button = useRef<HTMLButtonElement>(null);
  const [hinted, setHinted] = useState(false);
  return (
    <>
      <ActionIcon
        ref={button}
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label="Toggle color scheme"
        onClick={() => setColorScheme(next)}
        onMouseEnter={() => setHinted(true)}
      >
        {/* Both icons, one hidden by the page's colour scheme attribute (no display style prop: an
            inline display would win over the hiding class): the prerendered landing
            page (which cannot know the scheme) and the first render then draw the same. */}
        <Box component="span" lh={0} darkHidden>
          <IconMoon size={20} stroke={1.6} />
        </Box>
        <Box component="span" lh={0} lightHidden>
          <IconSun size={20} stroke={1.6} />
        </Box>
      </ActionIcon>
      {hinted && (
        <Suspense fallback={null}>
          <HintTooltip label={`Switch to ${next} mode`} target={button} defaultOpened />
        </Suspense>
      )}
    </>
  );
}
