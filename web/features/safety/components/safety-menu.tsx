import { Menu } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBan, IconFlag, IconVolume, IconVolume3 } from "@tabler/icons-react";
import type { ReactElement } from "react";
import { blockMessages } from "#domain/blocks-rules.ts";
import { reportTargetNouns } from "#domain/moderation-rules.ts";
import { ReportDialog } from "#web/components/report-dialog.tsx";
import { RestrictDialog } from "#web/components/restrict-dialog.tsx";
import { type ReportTarget, useReport } from "#web/features/moderation/api/use-report.ts";
import { type RestrictTarget, useRestrictPrompt } from "../api/use-restriction.ts";

interface SafetyMenuProps {
  /** Whom Mute and Block are about: the author of a review or post, or the profile's person. */
  person: RestrictTarget;
  /** What Report is about: the review, the post or the person. */
  report: ReportTarget;
  /** The button that opens the menu ("…"). */
  target: ReactElement;
  /** Already muted: the menu offers Unmute, which needs no question. */
  muted?: boolean;
  /** Runs once the person is blocked, before any list is read again. */
  onBlocked?: () => void;
  /** Above an open dialog (a review's detail), the menu needs its layer. */
  zIndex?: number;
}

/**
 * The "…" menu someone else's review, post or profile shows a signed-in person: "Mute @ana"
 * (or "Unmute @ana"), "Block @ana" and "Report review" / "Report post" / "Report user", each
 * behind its own confirmation or form.
 */
export function SafetyMenu({ person, report, target, muted, onBlocked, zIndex }: SafetyMenuProps) {
  const [reporting, reportDialog] = useDisclosure(false);
  const reportSender = useReport(report);
  const restrict = useRestrictPrompt(person, onBlocked);
  const handle = `@${person.username.toLowerCase()}`;
  const noun = reportTargetNouns[report.targetType];
  return (
    <>
      <Menu position="bottom-end" withinPortal zIndex={zIndex}>
        <Menu.Target>{target}</Menu.Target>
        <Menu.Dropdown>
          {muted ? (
            <Menu.Item
              leftSection={<IconVolume size={16} />}
              onClick={restrict.unmute}
              disabled={restrict.pending}
            >
              {blockMessages.unmute} {handle}
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconVolume3 size={16} />} onClick={() => restrict.ask("mute")}>
              {blockMessages.mute} {handle}
            </Menu.Item>
          )}
          <Menu.Item
            color="red"
            leftSection={<IconBan size={16} />}
            onClick={() => restrict.ask("block")}
          >
            {blockMessages.block} {handle}
          </Menu.Item>
          <Menu.Item leftSection={<IconFlag size={16} />} onClick={reportDialog.open}>
            Report {noun}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <RestrictDialog prompt={restrict.prompt} />
      <ReportDialog
        opened={reporting}
        onClose={reportDialog.close}
        noun={noun}
        report={reportSender}
      />
    </>
  );
}
