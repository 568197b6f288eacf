import { ActionIcon, Stack } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { PageHeader } from "#web/components/page-header.tsx";
import { BlockedAccountsSection } from "./blocked-accounts-section.tsx";
import { DataExportSection } from "./data-export-section.tsx";
import { DeleteAccountSection } from "./delete-account-section.tsx";

/**
 * /settings/privacy: the people you blocked or muted, "Download my data" and "Delete account".
 */
export function PrivacyPage() {
  useDocumentTitle("Privacy & data · Tasted");
  return (
    <>
      <PageHeader
        title="Privacy & data"
        leading={
          <ActionIcon
            component={Link}
            to={screenPaths.ownProfile}
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label="Back to profile"
          >
            <IconArrowLeft size={20} />
          </ActionIcon>
        }
      />
      <Stack p="md" gap="md">
        <BlockedAccountsSection />
        <DataExportSection />
        <DeleteAccountSection />
      </Stack>
    </>
  );
}
