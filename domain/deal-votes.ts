import { z } from "zod";

// "Is it still on?" (issue 30): everyone who may see a deal can say "Still on" or "Gone", one
// vote each, changeable; a deal that Gone leads by DEAL_GONE_LEAD leaves every listing.

export const dealVoteChoices = ["still_on", "gone"] as const;

export type DealVote = (typeof dealVoteChoices)[number];

/** PUT /api/deals/:id/vote. */
export const dealVoteInput = z.object({ vote: z.enum(dealVoteChoices) });

/** A deal's votes as its viewer sees them; the answer to a vote and a deal's fields. */
export const dealVoteStateSchema = z.object({
  /** The viewer's vote; null when they have none or are signed out. */
  myVote: z.enum(dealVoteChoices).nullable(),
  stillOnCount: z.number().int(),
  goneCount: z.number().int(),
  /** Gone leads by DEAL_GONE_LEAD or more: out of every listing, labelled where still shown. */
  reportedGone: z.boolean(),
});

export type DealVoteState = z.infer<typeof dealVoteStateSchema>;
