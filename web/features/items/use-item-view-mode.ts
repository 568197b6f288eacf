import { useLocalStorage } from "@mantine/hooks";
import type { ItemViewMode } from "#domain/item-lists.ts";

/**
 * Where each kind of page keeps its grid or list choice on this device. Profiles and
 * restaurants are remembered apart: the settings panel's "Profile View" is about profiles.
 */
const VIEW_MODE_KEYS = {
  profile: "tasted-profile-view",
  restaurant: "tasted-restaurant-view",
} as const;
export type ItemViewModeScope = keyof typeof VIEW_MODE_KEYS;

/**
 * Grid or list for the review lists of one kind of page, remembered on this device (default
 * grid). Every component reading the same scope shares it, so a change in one (the settings
 * panel, a list's own toggle) shows in the others.
 */
export function useItemViewMode(scope: ItemViewModeScope) {
  return useLocalStorage<ItemViewMode>({
    key: VIEW_MODE_KEYS[scope],
    defaultValue: "grid",
    getInitialValueInEffect: false,
  });
}
