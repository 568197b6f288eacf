import { useLocalStorage } from "@mantine/hooks";
import type { ProfileViewMode } from "#domain/profile.ts";

/**
 * Grid or list for the review tabs of every profile, remembered on this device (default grid).
 * The settings panel and the tabs' own toggle share it, so a change in one shows in the other.
 */
export function useProfileViewMode() {
  return useLocalStorage<ProfileViewMode>({
    key: "tasted-profile-view",
    defaultValue: "grid",
    getInitialValueInEffect: false,
  });
}
