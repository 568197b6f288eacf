import { localStorageColorSchemeManager } from "@mantine/core";

/**
 * Light, dark or system ("auto"); default light. The key is also read by
 * public/theme-init.js before the app loads, so both must change together.
 */
const COLOR_SCHEME_STORAGE_KEY = "tasted-color-scheme";

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
