import { UnstyledButton } from "@mantine/core";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import { type DealVote, dealVoteMessages } from "#domain/deal-votes.ts";
import type { DealDto } from "#domain/items.ts";
import surface from "#web/components/surface.module.css";
import { useSession } from "#web/lib/session.tsx";
import { useWhenSignedIn } from "#web/lib/sign-in-prompt.ts";
import { useDealVote } from "../api/use-deal-vote.ts";
import classes from "./item.module.css";

const VOTE_ICONS = { still_on: IconCircleCheck, gone: IconCircleX } as const;

/**
 * "Still on" and "Gone", each with its count: pressing one votes for it (switching from the
 * other), pressing the pressed one takes the vote back, as a like does. Visitors see the counts
 * and are asked to sign in; a deal a moderator hid cannot be voted on.
 */
export function DealVotes({ deal }: { deal: DealDto }) {
  const { session } = useSession();
  const whenSignedIn = useWhenSignedIn(dealVoteMessages.signInRequired);
  const vote = useDealVote(deal.id);

  function onVote(choice: DealVote) {
    whenSignedIn(() => {
      const previous = deal.myVote;
      vote.mutate({ vote: previous === choice ? null : choice, previous });
    });
  }

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
            disabled={session.status === "loading" || deal.isHidden}
            onClick={() => onVote(choice)}
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
