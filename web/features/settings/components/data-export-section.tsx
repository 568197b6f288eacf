import {
  Alert,
  Button,
  Group,
  Progress,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { IconDownload, IconRefresh } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import {
  type DataExportDto,
  formatFileSize,
  isDataExportOpen,
  dataExportMessages as messages,
} from "#domain/data-export.ts";
import { toast } from "#web/lib/toast.ts";
import { latestDataExportQuery, useStartDataExport } from "../api/data-export-queries.ts";
import { SecuritySection } from "./security-section.tsx";

const TITLE_ID = "data-export-title";
const day = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

/** What the polite live region says, so screen readers hear each change of state. */
function statusText(current: DataExportDto | null): string {
  if (!current) return "";
  if (isDataExportOpen(current.status)) return messages.building(current.progress);
  return current.status === "ready" ? messages.ready : messages.failed;
}

/**
 * "Download my data" on /settings/privacy: one button starts a zip of everything the person put
 * into Tasted; its progress shows while it is built (polled each second only then), then a link
 * to download it until it expires, or Try again when it failed.
 */
export function DataExportSection() {
  const latest = useQuery(latestDataExportQuery);
  const start = useStartDataExport();
  const current = latest.data?.export ?? null;
  const startedToast = useRef<string | null>(null);

  // "We're preparing your data" is true only while the card shows the progress: the toast goes
  // when the export is ready or failed, so the two never disagree.
  const open = current !== null && isDataExportOpen(current.status);
  useEffect(() => {
    if (open || !startedToast.current) return;
    toast.dismiss(startedToast.current);
    startedToast.current = null;
  }, [open]);

  async function startExport() {
    try {
      const started = await start.mutateAsync();
      if (started.status === "pending") {
        startedToast.current = toast.success(messages.started, messages.buildingHint);
      }
    } catch (error) {
      toast.error(messages.startFailed, error instanceof Error ? error.message : undefined);
    }
  }

  const startButton = (label: string, variant: "filled" | "default") => (
    <Button
      variant={variant}
      leftSection={
        variant === "filled" ? (
          <IconDownload size={16} aria-hidden />
        ) : (
          <IconRefresh size={16} aria-hidden />
        )
      }
      onClick={startExport}
      loading={start.isPending}
    >
      {label}
    </Button>
  );

  return (
    <SecuritySection titleId={TITLE_ID} title={messages.title} intro={messages.intro} gap="sm">
      {/* Always present, so a change of state is announced; the visible texts are hidden from
          assistive tech to be heard once. */}
      <VisuallyHidden role="status" aria-live="polite">
        {latest.data ? statusText(current) : ""}
      </VisuallyHidden>

      {latest.isPending && <Skeleton h={36} radius="md" aria-busy />}

      {latest.isError && (
        <Alert color="red" variant="light" title={messages.loadFailed}>
          <Group justify="space-between">
            <Text size="sm">{latest.error.message}</Text>
            <Button size="compact-sm" variant="default" onClick={() => latest.refetch()}>
              {messages.retry}
            </Button>
          </Group>
        </Alert>
      )}

      {latest.data && !current && <Group>{startButton(messages.start, "filled")}</Group>}

      {current && open && (
        <Stack gap={6}>
          <Text size="sm" fw={600} aria-hidden>
            {messages.building(current.progress)}
          </Text>
          <Progress
            value={current.progress}
            aria-label={messages.progressLabel}
            size="lg"
            radius="xl"
            animated
          />
          <Text size="xs" c="dimmed">
            {messages.buildingHint}
          </Text>
        </Stack>
      )}

      {current?.status === "ready" && current.downloadUrl && (
        <Stack gap="xs">
          <Text size="sm" fw={600} aria-hidden>
            {messages.ready}
          </Text>
          <Text size="sm" c="dimmed">
            {current.sizeBytes !== null && `${messages.size(current.sizeBytes)} · `}
            {current.expiresAt && messages.availableUntil(day.format(new Date(current.expiresAt)))}
          </Text>
          <Group gap="sm">
            <Button
              component="a"
              href={current.downloadUrl}
              download
              leftSection={<IconDownload size={16} aria-hidden />}
              aria-label={
                current.sizeBytes === null
                  ? messages.download
                  : `${messages.download} (${formatFileSize(current.sizeBytes)})`
              }
            >
              {messages.download}
            </Button>
            {startButton(messages.makeNew, "default")}
          </Group>
        </Stack>
      )}

      {current?.status === "failed" && (
        <Alert color="red" variant="light" title={messages.failed}>
          {startButton(messages.tryAgain, "default")}
        </Alert>
      )}
    </SecuritySection>
  );
}
