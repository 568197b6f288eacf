import { Anchor, Button } from "@mantine/core";
import { IconCheck, IconChecks, IconExternalLink, IconEye, IconEyeOff } from "@tabler/icons-react";
import { useId } from "react";
import { Link } from "react-router";
import type { AuthorDto } from "#domain/items.ts";
import { authorDisplayName, authorHandle } from "#domain/items-rules.ts";
import type {
  ReportDto,
  ReportStatus,
  ReportTargetDto,
  ReportTargetType,
} from "#domain/moderation.ts";
import {
  adminMessages,
  isHideable,
  reportReasonLabels,
  reportTargetNouns,
} from "#domain/moderation-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { When } from "#web/components/when.tsx";
import { useSetContentHidden, useSetReportStatus } from "../api/admin-queries.ts";
import classes from "./admin.module.css";
import { ContrastBadge } from "./contrast-badge.tsx";

/** What was reported, as the card's heading says it. */
const TARGET_LABELS = {
  review: "Review",
  post: "Post",
  deal: "Deal",
  comment: "Comment on a review",
  post_comment: "Comment on a post",
  deal_comment: "Comment on a deal",
  user: "User",
} as const satisfies Record<ReportTargetType, string>;

/** The target's link: a comment opens the item it is on. */
const OPEN_LABELS = {
  review: "Open review",
  post: "Open post",
  deal: "Open deal",
  comment: "Open review",
  post_comment: "Open post",
  deal_comment: "Open deal",
  user: "Open profile",
} as const satisfies Record<ReportTargetType, string>;

const STATUS_BADGES = {
  pending: { label: "Pending", color: "paprika" },
  reviewed: { label: "Reviewed", color: "blue" },
  resolved: { label: "Resolved", color: "teal" },
} as const satisfies Record<ReportStatus, { label: string; color: string }>;

/** A person's name, linking to their profile; `fallback` once their account is gone. */
function Person({ person, fallback }: { person: AuthorDto | null; fallback: string }) {
  if (!person) return <span>{fallback}</span>;
  const handle = authorHandle(person);
  const name = authorDisplayName(person);
  return handle ? (
    <Link to={screenPaths.user(handle)} className={classes.person}>
      {name}
    </Link>
  ) : (
    <span className={classes.person}>{name}</span>
  );
}

/**
 * One report: what was reported (a preview of it and its author), why, by whom and when, its
 * status, and what a moderator can do: Mark Reviewed and Resolve while pending, Hide or Unhide
 * the content (people cannot be hidden).
 */
export function ReportCard({ report }: { report: ReportDto }) {
  const headingId = useId();
  const setStatus = useSetReportStatus();
  const setHidden = useSetContentHidden();
  const { target, targetType } = report;
  const status = STATUS_BADGES[report.status];
  const pending = report.status === "pending";
  const noun = reportTargetNouns[targetType];
  const busyStatus = setStatus.isPending ? setStatus.variables?.status : undefined;

  return (
    <article className={classes.report} data-status={report.status} aria-labelledby={headingId}>
      <div className={classes.reportTop}>
        <ContrastBadge color={status.color}>{status.label}</ContrastBadge>
        <h2 id={headingId} className={classes.reportKind}>
          {TARGET_LABELS[targetType]}
          {target?.title ? ` · ${target.title}` : ""}
        </h2>
        <When value={report.createdAt} className={classes.when} />
      </div>

      {target ? (
        <TargetPreview target={target} targetType={targetType} />
      ) : (
        <p className={classes.deleted}>{adminMessages.contentDeleted}</p>
      )}

      <dl className={classes.facts}>
        <dt>Reason</dt>
        <dd>
          <strong>{reportReasonLabels[report.reason]}</strong>
          {report.details && <q className={classes.details}>{report.details}</q>}
        </dd>
        <dt>Reported by</dt>
        <dd>
          <Person person={report.reporter} fallback="A deleted account" />
        </dd>
        {report.reviewedAt && (
          <>
            <dt>{status.label} by</dt>
            <dd>
              <Person person={report.reviewedBy} fallback="A former moderator" />{" "}
              <When value={report.reviewedAt} className={classes.muted} />
            </dd>
          </>
        )}
      </dl>

      {(pending || (target && isHideable(targetType))) && (
        <div className={classes.reportActions}>
          {pending && (
            <>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconCheck size={14} aria-hidden />}
                loading={busyStatus === "reviewed"}
                disabled={setStatus.isPending}
                onClick={() => setStatus.mutate({ reportId: report.id, status: "reviewed" })}
              >
                Mark Reviewed
              </Button>
              <Button
                size="xs"
                leftSection={<IconChecks size={14} aria-hidden />}
                loading={busyStatus === "resolved"}
                disabled={setStatus.isPending}
                onClick={() => setStatus.mutate({ reportId: report.id, status: "resolved" })}
              >
                Resolve
              </Button>
            </>
          )}
          {target && isHideable(targetType) && (
            <Button
              size="xs"
              variant={target.isHidden ? "default" : "light"}
              color={target.isHidden ? undefined : "red"}
              leftSection={
                target.isHidden ? (
                  <IconEye size={14} aria-hidden />
                ) : (
                  <IconEyeOff size={14} aria-hidden />
                )
              }
              loading={setHidden.isPending}
              onClick={() =>
                setHidden.mutate({
                  type: targetType,
                  id: report.targetId,
                  hidden: !target.isHidden,
                })
              }
            >
              {target.isHidden ? `Unhide ${noun}` : `Hide ${noun}`}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}

/** What was reported: its author, title, the start of its text, a thumbnail and a link. */
function TargetPreview({
  target,
  targetType,
}: {
  target: ReportTargetDto;
  targetType: ReportTargetType;
}) {
  const author = target.author;
  return (
    <div className={classes.preview}>
      <div className={classes.previewBody}>
        <div className={classes.previewAuthor}>
          <UserAvatar
            avatarUrl={author.avatarUrl}
            username={author.username}
            size={28}
            aria-hidden
          />
          <span className={classes.previewName}>{authorDisplayName(author)}</span>
          <span className={classes.previewHandle}>@{author.username}</span>
        </div>
        {target.title && <p className={classes.previewTitle}>{target.title}</p>}
        {target.text && <p className={classes.previewText}>{target.text}</p>}
        <div className={classes.previewFoot}>
          {target.isHidden && (
            <ContrastBadge color="red" leftSection={<IconEyeOff size={12} aria-hidden />}>
              Hidden
            </ContrastBadge>
          )}
          <Anchor component={Link} to={target.href} size="sm" fw={600}>
            <IconExternalLink size={14} aria-hidden style={{ verticalAlign: "-2px" }} />{" "}
            {OPEN_LABELS[targetType]}
          </Anchor>
        </div>
      </div>
      {/* A person's picture is already beside their name. */}
      {target.imageUrl && targetType !== "user" && (
        <img className={classes.thumb} src={target.imageUrl} alt="" />
      )}
    </div>
  );
}
