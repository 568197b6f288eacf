import { IconBookmark } from "@tabler/icons-react";
import { wantToTryMessages } from "#domain/want-to-try-rules.ts";
import classes from "./saved-by-followed.module.css";

interface SavedByFollowedProps {
  /** savedByFollowedCount of the restaurant. */
  count: number;
  /** "sm" under a restaurant page's details, "xs" among a card's facts. */
  size?: "xs" | "sm";
  /** Where it sits (its margins): the line itself sets none. */
  className?: string;
}

/**
 * "Saved by n people you follow", quietly, with the Save toggle's bookmark; nothing at all
 * while nobody the viewer follows wants to try the place (and so never for visitors).
 */
export function SavedByFollowed({ count, size = "sm", className }: SavedByFollowedProps) {
  if (count <= 0) return null;
  return (
    <div className={[classes.line, classes[size], className].filter(Boolean).join(" ")}>
      <IconBookmark size="1.15em" stroke={1.8} aria-hidden className={classes.icon} />
      {wantToTryMessages.savedByFollowed(count)}
    </div>
  );
}
