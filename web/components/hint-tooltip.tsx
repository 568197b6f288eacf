// Mantine's Tooltip on its own, for a dynamic import: Floating UI makes it about 20 kB gzip,
// which the landing page's first load does without (see color-scheme-toggle.tsx).
export { Tooltip as HintTooltip } from "@mantine/core";
