import { UnstyledButton } from "@mantine/core";
import { IconBookmark, IconBookmarkFilled } from "@tabler/icons-react";
import { wantToTryMessages } from "#domain/want-to-try-rules.ts";
import surface from "#web/components/surface.module.css";
import { useSession } from "#web/lib/session.tsx";
import { useWhenSignedIn } from "#web/lib/sign-in-prompt.ts";
import { useToggleSave } from "../api/use-want-to-try-mutations.ts";
import { isSaved, type SaveTarget, useWantToTryKeys } from "../api/want-to-try-queries.ts";

interface SaveToggleProps {
  target: SaveTarget;
  /** "subtle" sits among a card's actions; "outline" beside a button. */
  variant?: "subtle" | "outline";
  className?: string;
}

/**
 * The bookmark that saves a restaurant or a dish to Want to try, and takes it off again. Its
 * state comes from the cached keys, so a page of cards asks the server once. Visitors are asked
 * to sign in; until the keys are known the toggle waits rather than guess.
 */
export function SaveToggle({ target, variant = "subtle", className }: SaveToggleProps) {
  const { session } = useSession();
  const whenSignedIn = useWhenSignedIn(wantToTryMessages.signInRequired);
  const keys = useWantToTryKeys();
  const toggle = useToggleSave(target);
  const signedIn = session.status === "signed-in";
  const saved = keys.data ? isSaved(keys.data, target) : false;

  function onClick() {
    whenSignedIn(() => toggle.mutate(!saved));
  }

  const Icon = saved ? IconBookmarkFilled : IconBookmark;
  return (
    <UnstyledButton
      className={[
        surface.action,
        surface.iconAction,
        variant === "outline" && surface.outline,
        className,
      ]
        .filter(Boolean)
        .join(" ")}
      aria-pressed={saved}
      aria-label={saved ? "Remove from Want to try" : "Save to Want to try"}
      disabled={session.status === "loading" || (signedIn && keys.isPending)}
      onClick={onClick}
    >
      <Icon size={20} stroke={1.8} aria-hidden className={saved ? surface.pop : undefined} />
    </UnstyledButton>
  );
}
