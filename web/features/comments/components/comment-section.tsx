import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconFlag, IconSend2, IconTrash } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { Link } from "react-router";
import type { CommentDto, CommentThreadDto } from "#domain/comment.ts";
import { COMMENT_LIMITS, commentMessages, viewAllCommentsLabel } from "#domain/comment-rules.ts";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { ReportTargetType } from "#domain/moderation.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { ReportDialog } from "#web/components/report-dialog.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { MentionInput } from "#web/features/mentions/components/mention-input.tsx";
import { MentionText } from "#web/features/mentions/components/mention-text.tsx";
import { useReport } from "#web/features/moderation/api/use-report.ts";
import { formatRelativeTime, isoDateTime } from "#web/lib/format-date.ts";
import { useSession } from "#web/lib/session.tsx";
import { commentsQuery, repliesQuery } from "../api/comment-queries.ts";
import {
  commentDeleteMessages,
  useAddComment,
  useDeleteComment,
} from "../api/use-comment-mutations.ts";

/** What a comment is reported as: each kind's comments live apart. */
const commentTargetTypes = {
  review: "comment",
  post: "post_comment",
  deal: "deal_comment",
} as const satisfies Record<ItemKind, ReportTargetType>;

interface CommentSectionProps {
  kind: ItemKind;
  itemId: string;
  /** The item's comment count (from the feed or detail), shown before the list arrives. */
  commentCount: number;
  /**
   * A moderator hid the item (only its author still sees it): its comments can be neither read
   * nor added, so nothing is fetched.
   */
  closed?: boolean;
}

/** The comment a reply box answers, and the Reply button that opened it (focus returns there). */
interface ReplyTarget {
  comment: CommentDto;
  threadId: string;
  opener: HTMLElement | null;
}

/**
 * Comments of a review or post: top-level comments newest first, the 2 newest while collapsed,
 * "View all {count} comments" / "Show less", an "Add a comment..." box for signed-in users and
 * "Please sign in to comment" for visitors. Each comment has "Reply" for signed-in people; a
 * thread's replies show under its comment, oldest first, one level deep. Authors may delete
 * their own comments; other signed-in people may report them.
 */
export function CommentSection({
  kind,
  itemId,
  commentCount,
  closed = false,
}: CommentSectionProps) {
  const { session } = useSession();
  const signedIn = session.status === "signed-in";
  const userId = signedIn ? session.userId : null;
  const headingId = useId();
  const [expanded, setExpanded] = useState(false);
  const [replying, setReplying] = useState<ReplyTarget | null>(null);
  const comments = useInfiniteQuery({ ...commentsQuery(kind, itemId), enabled: !closed });

  const loaded = comments.data?.pages.flatMap((page) => page.items) ?? [];
  const total = Math.max(commentCount, loaded.length);
  const visible = expanded ? loaded : loaded.slice(0, COMMENT_LIMITS.collapsed);
  const canExpand = total > COMMENT_LIMITS.collapsed;

  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId}>
        Comments{total > 0 ? ` (${total})` : ""}
      </Title>

      {closed ? (
        <Text size="sm" c="dimmed">
          Comments are off while this is hidden.
        </Text>
      ) : comments.isPending ? (
        <Stack gap="sm" aria-busy aria-label="Loading comments">
          {[0, 1].map((key) => (
            <Group key={key} gap="sm" wrap="nowrap" align="flex-start">
              <Skeleton circle height={32} />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={12} width="30%" />
                <Skeleton height={12} width="80%" />
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : comments.isError ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Comments could not be loaded.
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => void comments.refetch()}>
            Retry
          </Button>
        </Group>
      ) : loaded.length === 0 ? (
        <Text size="sm" c="dimmed">
          {commentMessages.empty}
        </Text>
      ) : (
        <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {visible.map((thread) => (
            <CommentThread
              key={thread.id}
              thread={thread}
              kind={kind}
              itemId={itemId}
              userId={userId}
              replying={replying?.threadId === thread.id ? replying : null}
              onReply={signedIn ? setReplying : null}
            />
          ))}
        </Stack>
      )}

      {!closed && !comments.isPending && !comments.isError && canExpand && (
        <Group gap="xs">
          {expanded && comments.hasNextPage && (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={comments.isFetchingNextPage}
              onClick={() => void comments.fetchNextPage()}
            >
              Load more comments
            </Button>
          )}
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            c="dimmed"
            aria-expanded={expanded}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? "Show less" : viewAllCommentsLabel(total)}
          </Anchor>
        </Group>
      )}

      {closed ? null : signedIn ? (
        <CommentInput kind={kind} itemId={itemId} />
      ) : session.status === "signed-out" ? (
        <Paper withBorder radius="md" px="md" py="sm">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{commentMessages.signInRequired}</Text>
            <Anchor component={Link} to={screenPaths.auth} size="sm" fw={600}>
              Sign in
            </Anchor>
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}

/**
 * A top-level comment with its replies: the ones it arrived with, "View {n} more replies" for
 * the rest, and the reply box when one of them is being answered.
 */
function CommentThread({
  thread,
  kind,
  itemId,
  userId,
  replying,
  onReply,
}: {
  thread: CommentThreadDto;
  kind: ItemKind;
  itemId: string;
  userId: string | null;
  /** The reply being written in this thread, if any. */
  replying: ReplyTarget | null;
  /** Opens (or, with null, closes) a reply box; null for visitors. */
  onReply: ((target: ReplyTarget | null) => void) | null;
}) {
  const [showingMore, setShowingMore] = useState(false);
  const more = useInfiniteQuery({
    ...repliesQuery(kind, itemId, thread.id, thread.repliesCursor ?? ""),
    enabled: showingMore && thread.repliesCursor !== null,
  });
  const replies = [
    ...thread.replies,
    ...(showingMore && thread.repliesCursor
      ? (more.data?.pages.flatMap((page) => page.items) ?? [])
      : []),
  ];
  const hidden = thread.replyCount - replies.length;
  const row = (comment: CommentDto) => (
    <CommentRow
      key={comment.id}
      comment={comment}
      kind={kind}
      itemId={itemId}
      threadAuthor={comment.id === thread.id ? null : thread.userHandler}
      removes={comment.id === thread.id ? 1 + thread.replyCount : 1}
      canDelete={comment.isOwner === true || comment.author.id === userId}
      canReport={userId !== null && comment.isOwner !== true && comment.author.id !== userId}
      onReply={onReply && ((opener) => onReply({ comment, threadId: thread.id, opener }))}
    />
  );

  function closeReply() {
    replying?.opener?.focus();
    onReply?.(null);
  }

  return (
    <Stack component="li" gap="sm">
      {row(thread)}
      {(replies.length > 0 || hidden > 0 || replying) && (
        <Stack gap="sm" pl={42}>
          {replies.length > 0 && (
            <Stack
              gap="sm"
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: "none" }}
              aria-label={`Replies to ${thread.userName}`}
            >
              {replies.map(row)}
            </Stack>
          )}
          {hidden > 0 && (showingMore ? more.hasNextPage || more.isPending : true) && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              c="dimmed"
              style={{ alignSelf: "flex-start" }}
              onClick={() => (showingMore ? void more.fetchNextPage() : setShowingMore(true))}
              disabled={more.isFetching}
            >
              {commentMessages.moreReplies(hidden)}
            </Anchor>
          )}
          {replying && (
            <CommentInput
              kind={kind}
              itemId={itemId}
              replyTo={replying.comment}
              onDone={() => {
                setShowingMore(true);
                closeReply();
              }}
              onCancel={closeReply}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}

function CommentRow({
  comment,
  kind,
  itemId,
  threadAuthor,
  removes,
  canDelete,
  canReport,
  onReply,
}: {
  comment: CommentDto;
  kind: ItemKind;
  itemId: string;
  /** A reply's thread's author handle; null for a top-level comment. */
  threadAuthor: string | null;
  /** How many comments deleting it removes (a top-level comment takes its replies). */
  removes: number;
  canDelete: boolean;
  canReport: boolean;
  onReply: ((opener: HTMLElement) => void) | null;
}) {
  const remove = useDeleteComment(kind, itemId);
  const [reporting, setReporting] = useState(false);
  const report = useReport({ targetType: commentTargetTypes[kind], targetId: comment.id });
  const name = comment.userName;
  const handle = comment.userHandler;
  // A reply to a reply names whom it answers; one to the thread's comment needs no name.
  const addressee =
    threadAuthor !== null && comment.replyTo && comment.replyTo.userHandler !== threadAuthor
      ? comment.replyTo
      : null;

  function confirmDelete() {
    modals.openConfirmModal({
      title: commentDeleteMessages.confirmTitle,
      children: <Text size="sm">{commentDeleteMessages.confirmText}</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      zIndex: 450,
      onConfirm: () => remove.mutate({ commentId: comment.id, removes }),
    });
  }

  return (
    <Group
      component={threadAuthor === null ? "div" : "li"}
      gap="sm"
      wrap="nowrap"
      align="flex-start"
    >
      <UserAvatar
        avatarUrl={comment.author.avatarUrl}
        username={comment.author.username}
        size={threadAuthor === null ? 32 : 26}
      />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          {handle ? (
            <Anchor
              component={Link}
              to={screenPaths.user(handle)}
              size="sm"
              fw={600}
              c="var(--mantine-color-text)"
              truncate
            >
              {name}
            </Anchor>
          ) : (
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
          )}
          <Text
            component="time"
            dateTime={isoDateTime(comment.createdAt)}
            size="xs"
            c="dimmed"
            style={{ flexShrink: 0 }}
          >
            {formatRelativeTime(comment.createdAt)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {addressee && (
            <>
              <Anchor component={Link} to={screenPaths.user(addressee.userHandler)} fw={600}>
                @{addressee.userHandler}
              </Anchor>{" "}
            </>
          )}
          <MentionText text={comment.content} mentions={comment.mentions} />
        </Text>
        {onReply && (
          <Anchor
            component="button"
            type="button"
            size="xs"
            fw={600}
            c="dimmed"
            style={{ alignSelf: "flex-start" }}
            aria-label={`${commentMessages.reply} to ${name}`}
            onClick={(event) => onReply(event.currentTarget)}
          >
            {commentMessages.reply}
          </Anchor>
        )}
      </Stack>
      {canDelete && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label="Delete comment"
          loading={remove.isPending}
          onClick={confirmDelete}
        >
          <IconTrash size={15} />
        </ActionIcon>
      )}
      {canReport && (
        <>
          <Tooltip label="Report comment" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label="Report comment"
              aria-haspopup="dialog"
              onClick={() => setReporting(true)}
            >
              <IconFlag size={15} />
            </ActionIcon>
          </Tooltip>
          <ReportDialog
            opened={reporting}
            onClose={() => setReporting(false)}
            noun="comment"
            report={report}
          />
        </>
      )}
    </Group>
  );
}

/**
 * The comment box, or with `replyTo` the reply box under a thread: it takes focus when it
 * opens, and Escape closes it.
 */
function CommentInput({
  kind,
  itemId,
  replyTo,
  onDone,
  onCancel,
}: {
  kind: ItemKind;
  itemId: string;
  replyTo?: CommentDto;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const [value, setValue] = useState("");
  const add = useAddComment(kind, itemId);
  const blank = value.trim().length === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || add.isPending) return;
    add.mutate(
      { content: value.trim(), ...(replyTo ? { parentId: replyTo.id } : {}) },
      {
        onSuccess: () => {
          setValue("");
          onDone?.();
        },
      },
    );
  }

  function cancelOnEscape(event: KeyboardEvent) {
    if (event.key !== "Escape" || !onCancel) return;
    event.stopPropagation();
    onCancel();
  }

  return (
    <form onSubmit={submit}>
      <MentionInput
        value={value}
        onValueChange={setValue}
        item={{ kind, id: itemId }}
        onKeyDown={cancelOnEscape}
      >
        {(field) => (
          <TextInput
            {...field}
            // Opened by its Reply button, the reply box is where the person goes next.
            autoFocus={replyTo !== undefined}
            placeholder={
              replyTo ? commentMessages.replyPlaceholder(replyTo.userName) : "Add a comment..."
            }
            aria-label={
              replyTo ? `${commentMessages.reply} to ${replyTo.userName}` : "Add a comment"
            }
            maxLength={COMMENT_LIMITS.contentMax}
            radius="xl"
            disabled={add.isPending}
            rightSectionWidth={44}
            rightSection={
              add.isPending ? (
                <Loader size="xs" />
              ) : (
                <ActionIcon
                  type="submit"
                  radius="xl"
                  variant="filled"
                  size={30}
                  aria-label={replyTo ? commentMessages.sendReply : "Send comment"}
                  disabled={blank}
                >
                  <IconSend2 size={16} />
                </ActionIcon>
              )
            }
          />
        )}
      </MentionInput>
      {onCancel && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          c="dimmed"
          mt={4}
          ml="sm"
          onClick={onCancel}
        >
          {commentMessages.cancelReply}
        </Anchor>
      )}
    </form>
  );
}
