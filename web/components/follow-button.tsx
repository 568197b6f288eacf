import { Button, type ButtonProps } from "@mantine/core";
import { IconUserCheck, IconUserPlus } from "@tabler/icons-react";
import type { FollowWording } from "#domain/follows.ts";
import { followMessages } from "#domain/follows-rules.ts";
import { useSession } from "#web/lib/session.tsx";
import { useWhenSignedIn } from "#web/lib/sign-in-prompt.ts";

/** The follow mutation a button drives (useToggleFollow); its variable is the state wanted. */
interface FollowToggle {
  isPending: boolean;
  mutate: (follow: boolean) => void;
}

interface FollowButtonProps extends Pick<ButtonProps, "size" | "fullWidth"> {
  /** The person it follows; the button is hidden on yourself. */
  targetId: string;
  /** Whether the viewer follows them now (false for visitors). */
  following: boolean;
  /**
   * Whether the viewer's request to follow their private account waits: the button reads
   * "Requested", and pressing it withdraws the request.
   */
  requested?: boolean;
  toggle: FollowToggle;
  /** Follow / Unfollow (default), or Follow / Following as a pressed toggle. */
  wording?: FollowWording;
  /** What the button says while not following, when "Follow" is not the natural word. */
  followLabel?: string;
}

/**
 * Follow and unfollow someone else (or ask to follow a private account, and withdraw the
 * request); hidden on yourself. Visitors are asked to sign in. While the
 * request runs the button stays focusable (a keyboard user keeps their place) but ignores
 * presses and says it is busy. The caller owns the mutation, so the profile and explore each
 * keep their own caches in step with it.
 */
export function FollowButton({
  targetId,
  following,
  requested = false,
  toggle,
  wording = "unfollow",
  followLabel = "Follow",
  size = "sm",
  fullWidth,
}: FollowButtonProps) {
  const { session } = useSession();
  const whenSignedIn = useWhenSignedIn(followMessages.signIn, followMessages.signInTitle);
  if (session.status === "signed-in" && session.userId === targetId) return null;
  const busy = toggle.isPending || session.status === "loading";
  const asToggle = wording === "following";

  function onClick() {
    if (busy) return;
    whenSignedIn(() => toggle.mutate(!(following || requested)));
  }

  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      variant={following || requested ? "default" : "filled"}
      leftSection={
        following || requested ? (
          <IconUserCheck size={16} aria-hidden />
        ) : (
          <IconUserPlus size={16} aria-hidden />
        )
      }
      data-disabled={busy || undefined}
      aria-disabled={busy}
      aria-pressed={asToggle ? following : undefined}
      onClick={onClick}
    >
      {following
        ? asToggle
          ? "Following"
          : "Unfollow"
        : requested
          ? followMessages.requested
          : followLabel}
    </Button>
  );
}
