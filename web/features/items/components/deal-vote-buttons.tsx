import { UnstyledButton } from "@mantine/core";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import type { DealVote } from "#domain/deal-votes.ts";
import { dealVoteMessages } from "#domain/deal-votes-rules.ts";
import type { DealDto } from "#domain/items.ts";
import surface from "#web/components/surface.module.css";
import classes from "./item.module.css";

const VOTE_ICONS = { still_on: IconCircleCheck, gone: IconCircleX } as const;

/**
 * A deal's "Still on" and "Gone", each with its count from the listing, the viewer's own vote
 * pressed. Without `onVote` they wait, disabled, for the code that votes (deal-votes.tsx, loaded
 * on demand): the card has them, counts and all, from its first paint, and nothing moves when
 * that code arrives.
 */
export function DealVoteButtons({
  deal,
  onVote,
  disabled = false,
}: {
  deal: DealDto;
  onVote?: (choice: DealVote) => void;
  disabled?: boolean;
}) {
  return (
    <div className={classes.votes}>
      {(["still_on", "gone"] as const).map((choice) => {
        const Icon = VOTE_ICONS[choice];
        const count = choice === "still_on" ? deal.stillOnCount : deal.goneCount;
        const pressed = deal.myVote === choice;
        return (
          <UnstyledButton
            key={choice}
            className={surface.action}
            data-vote={choice}
            aria-pressed={pressed}
            aria-label={`${dealVoteMessages[choice]}, ${count} ${count === 1 ? "vote" : "votes"}`}
            disabled={disabled || !onVote}
            onClick={() => onVote?.(choice)}
          >
            <Icon size={18} stroke={pressed ? 2.4 : 1.8} aria-hidden />
            <span>{dealVoteMessages[choice]}</span>
            <span className={classes.count}>{count}</span>
          </UnstyledButton>
        );
      })}
    </div>
  );
}
