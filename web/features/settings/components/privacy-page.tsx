import { Stack } from "@mantine/core";
import { BlockedAccountsSection } from "./blocked-accounts-section.tsx";
import { DataExportSection } from "./data-export-section.tsx";
import { DeleteAccountSection } from "./delete-account-section.tsx";
import { ImportSection } from "./import-section.tsx";
import { SettingsPageHeader } from "./settings-page-header.tsx";

/**
 * /settings/privacy: the people you blocked or muted, "Download my data", "Import" and "Delete
 * account".
 */
export function PrivacyPage() {
  return (
    <>
      <SettingsPageHeader title="Privacy & data" />
      <Stack p="md" gap="md">
        <BlockedAccountsSection />
        <DataExportSection />
        <ImportSection />
        <DeleteAccountSection />
      </Stack>
    </>
  );
}
