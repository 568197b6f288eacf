import type { DealVote } from "#domain/deal-votes.ts";
import { dealVoteMessages } from "#domain/deal-votes-rules.ts";
import type { DealDto } from "#domain/items.ts";
import { useSession } from "#web/lib/session.tsx";
import { useWhenSignedIn } from "#web/lib/sign-in-prompt.ts";
import { useDealVote } from "../api/use-deal-vote.ts";
import { DealVoteButtons } from "./deal-vote-buttons.tsx";

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
    <DealVoteButtons
      deal={deal}
      onVote={onVote}
      disabled={session.status === "loading" || deal.isHidden}
    />
  );
}
