import { ActionIcon, Button, Menu, Skeleton } from "@mantine/core";
import {
  IconCheck,
  IconDots,
  IconLink,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { authorDisplayName, authorHandle } from "#domain/items-rules.ts";
import type { ListSummaryDto } from "#domain/lists.ts";
import { listMessages } from "#domain/lists-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { ConfirmDeleteDialog } from "#web/components/confirm-delete-dialog.tsx";
import surface from "#web/components/surface.module.css";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { useSession } from "#web/lib/session.tsx";
import { useWhenSignedIn } from "#web/lib/sign-in-prompt.ts";
import { toast } from "#web/lib/toast.ts";
import { useDeleteList, useToggleListFollow } from "../api/use-list-mutations.ts";
import { EditListDialog, NewLinkDialog } from "./list-dialogs.tsx";
import classes from "./lists.module.css";
import { VisibilityBadge } from "./visibility-badge.tsx";

interface ListHeaderProps {
  list: ListSummaryDto;
  /** The share key the page was opened with (a link list's link), passed on when following. */
  shareKey: string | null;
}

/**
 * A list's name, owner, description and counts; for its owner who may see it (and what that
 * means) with Edit, Copy link, Make a new link and Delete; for everyone else Follow.
 */
export function ListHeader({ list, shareKey }: ListHeaderProps) {
  const handle = authorHandle(list.owner);
  const ownerName = authorDisplayName(list.owner);
  return (
    <section className={`${surface.warmSurface} ${classes.header}`} aria-labelledby="list-name">
      <h2 id="list-name" className={classes.title}>
        {list.name}
      </h2>
      {handle && (
        <Link to={screenPaths.user(handle)} className={classes.owner}>
          <UserAvatar avatarUrl={list.owner.avatarUrl} username={list.owner.username} size={28} />
          <span className={classes.ownerName}>{ownerName}</span>
        </Link>
      )}
      {list.description && <p className={classes.description}>{list.description}</p>}
      <div className={classes.counts}>
        <span>{listMessages.entryCount(list.entryCount)}</span>
        <span>{listMessages.followerCount(list.followerCount)}</span>
      </div>
      {list.isOwner && (
        <div className={classes.visibility}>
          <VisibilityBadge visibility={list.visibility} />
          <span>{listMessages.visibilityHints[list.visibility]}</span>
        </div>
      )}
      <div className={classes.actions}>
        {list.isOwner ? (
          <OwnerActions list={list} />
        ) : (
          <FollowListButton list={list} shareKey={shareKey} />
        )}
      </div>
    </section>
  );
}

/** The header's shape while the list loads. */
export function ListHeaderSkeleton() {
  return (
    <div className={`${surface.warmSurface} ${classes.header}`}>
      <Skeleton height={28} width="60%" />
      <Skeleton height={14} width="35%" />
      <Skeleton height={12} width="80%" />
      <Skeleton height={12} width="30%" />
    </div>
  );
}

/** The address to share: a link list's carries its key, any other list's works for who may see it. */
function shareUrl(list: ListSummaryDto): string {
  const key = list.visibility === "link" ? list.shareKey : null;
  return new URL(screenPaths.list(list.id, key), window.location.origin).href;
}

function OwnerActions({ list }: { list: ListSummaryDto }) {
  const [dialog, setDialog] = useState<"edit" | "new-link" | "delete" | null>(null);
  const remove = useDeleteList(list.id);
  const navigate = useNavigate();
  const close = () => setDialog(null);

  function copyLink() {
    navigator.clipboard.writeText(shareUrl(list)).then(
      () => toast.success(listMessages.linkCopied),
      (error: unknown) => {
        console.error("Copying the list link failed", error);
        toast.error(listMessages.updateFailed);
      },
    );
  }

  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconPencil size={16} aria-hidden />}
        onClick={() => setDialog("edit")}
      >
        {listMessages.editList}
      </Button>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconLink size={16} aria-hidden />}
        onClick={copyLink}
      >
        {listMessages.copyLink}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size={36} radius="md" aria-label="More list actions">
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {list.visibility === "link" && (
            <Menu.Item
              leftSection={<IconRefresh size={16} />}
              onClick={() => setDialog("new-link")}
            >
              {listMessages.newLink}
            </Menu.Item>
          )}
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDialog("delete")}
          >
            {listMessages.deleteTitle}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <EditListDialog opened={dialog === "edit"} onClose={close} list={list} />
      <NewLinkDialog opened={dialog === "new-link"} onClose={close} listId={list.id} />
      <ConfirmDeleteDialog
        opened={dialog === "delete"}
        onClose={close}
        title={listMessages.deleteTitle}
        text={listMessages.deleteConfirm}
        deleting={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => navigate(screenPaths.ownLists, { replace: true }),
          })
        }
      />
    </>
  );
}

/**
 * Follow list / Following as a pressed toggle; visitors are asked to sign in. While the request
 * runs the button stays focusable but ignores presses.
 */
function FollowListButton({ list, shareKey }: ListHeaderProps) {
  const { session } = useSession();
  const whenSignedIn = useWhenSignedIn(listMessages.signInToFollow);
  const toggle = useToggleListFollow(list.id, shareKey);
  const following = list.followedByMe === true;
  const busy = toggle.isPending || session.status === "loading";

  function onClick() {
    if (busy) return;
    whenSignedIn(() => toggle.mutate(!following));
  }

  return (
    <Button
      size="sm"
      variant={following ? "default" : "filled"}
      leftSection={
        following ? <IconCheck size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />
      }
      aria-pressed={following}
      data-disabled={busy || undefined}
      aria-disabled={busy}
      onClick={onClick}
    >
      {following ? listMessages.unfollow : listMessages.follow}
    </Button>
  );
}
