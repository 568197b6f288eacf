import { ActionIcon } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { PageHeader } from "#web/components/page-header.tsx";

/**
 * The header of a settings page (Security, Privacy & data) and the tab's title. Its arrow leads
 * to the own profile, where the settings panel that opened the page lives.
 */
export function SettingsPageHeader({ title }: { title: string }) {
  useDocumentTitle(`${title} · Tasted`);
  return (
    <PageHeader
      title={title}
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
  );
}
