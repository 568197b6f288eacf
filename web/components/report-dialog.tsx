import { Button, Group, Modal, Radio, Stack, Text, Textarea } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { type FormEvent, useState } from "react";
import type { ReportReason } from "#domain/moderation.ts";
import { REPORT_LIMITS, reportReasonLabels, reportReasons } from "#domain/moderation-rules.ts";
import { MOBILE_QUERY } from "#web/lib/breakpoints.ts";

/** What the person says about what they report. */
export interface ReportDetails {
  reason: ReportReason;
  details: string | null;
}

/**
 * The report mutation the dialog drives (features/moderation's useReport). The caller owns it,
 * so the target and the toasts stay out of this form.
 */
interface ReportSender {
  isPending: boolean;
  mutate: (details: ReportDetails, options?: { onSuccess?: () => void }) => void;
}

interface ReportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** What is reported, in the title and the question: "post", "comment", "user". */
  noun: string;
  report: ReportSender;
}

const REASON_REQUIRED = "Choose a reason";

/**
 * "Report post" and friends: a reason (a radio group), optional details with a counter, Cancel
 * and Report. It closes once the report is in; a failure keeps it open with what was typed.
 * The form mounts only while open, so every opening starts empty.
 */
export function ReportDialog({ opened, onClose, noun, report }: ReportDialogProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const close = () => {
    if (!report.isPending) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Report ${noun}`}
      // On phones it sits at the top, clear of the toasts at the bottom (a refusal is one, and
      // the buttons must stay reachable under it).
      centered={!isMobile}
      radius="lg"
      // Above the item detail dialog and its menu, which a report can be opened from.
      zIndex={450}
      closeOnClickOutside={!report.isPending}
      closeOnEscape={!report.isPending}
      styles={{
        title: {
          fontFamily: "var(--mantine-font-family-headings)",
          fontWeight: 650,
          fontSize: "var(--mantine-font-size-lg)",
        },
      }}
    >
      {opened && <ReportForm noun={noun} report={report} onCancel={close} onSent={onClose} />}
    </Modal>
  );
}

function ReportForm({
  noun,
  report,
  onCancel,
  onSent,
}: {
  noun: string;
  report: ReportSender;
  onCancel: () => void;
  onSent: () => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason) {
      setError(REASON_REQUIRED);
      return;
    }
    report.mutate({ reason, details: details.trim() || null }, { onSuccess: onSent });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group
          label={`Why are you reporting this ${noun}?`}
          value={reason}
          onChange={(value) => {
            setReason(value as ReportReason);
            setError(null);
          }}
          error={error}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {reportReasons.map((value, index) => (
              <Radio
                key={value}
                value={value}
                label={reportReasonLabels[value]}
                disabled={report.isPending}
                data-autofocus={index === 0 || undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="Details"
          description={
            <Text span size="xs" c="dimmed">
              Optional · {details.length}/{REPORT_LIMITS.detailsMax} characters
            </Text>
          }
          inputWrapperOrder={["label", "input", "description", "error"]}
          placeholder="Anything a moderator should know"
          autosize
          minRows={3}
          maxRows={6}
          maxLength={REPORT_LIMITS.detailsMax}
          value={details}
          onChange={(event) => setDetails(event.currentTarget.value)}
          disabled={report.isPending}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={report.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={report.isPending}>
            Report
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
