import { Button, type ButtonProps } from "@mantine/core";
import { IconUserCheck, IconUserPlus } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { followMessages } from "#domain/follows.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";
import { type FollowTarget, useToggleFollow } from "../api/use-toggle-follow.ts";

interface FollowButtonProps extends Pick<ButtonProps, "size" | "fullWidth"> {
  target: FollowTarget;
  /** Whether the viewer follows them now (false for visitors). */
  following: boolean;
}

/**
 * Follow / Unfollow someone else; hidden on yourself. Visitors are asked to sign in. While the
 * request runs the button stays focusable (a keyboard user keeps their place) but ignores
 * presses and says it is busy.
 */
export function FollowButton({ target, following, size = "sm", fullWidth }: FollowButtonProps) {
  const { session } = useSession();
  const navigate = useNavigate();
  const toggle = useToggleFollow(target);
  if (session.status === "signed-in" && session.userId === target.id) return null;
  const busy = toggle.isPending || session.status === "loading";

  function onClick() {
    if (busy) return;
    if (session.status !== "signed-in") {
      toast.signInRequired(
        followMessages.signIn,
        () => navigate(screenPaths.auth),
        followMessages.signInTitle,
      );
      return;
    }
    toggle.mutate(!following);
  }

  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      variant={following ? "default" : "filled"}
      leftSection={
        following ? <IconUserCheck size={16} aria-hidden /> : <IconUserPlus size={16} aria-hidden />
      }
      data-disabled={busy || undefined}
      aria-disabled={busy}
      onClick={onClick}
    >
      {following ? "Unfollow" : "Follow"}
    </Button>
  );
}
