// No zod here: screens read these without loading the schemas (issue 26).

import type { DealVote } from "./deal-votes.ts";

/** Gone leading Still on by this many makes a deal "Reported gone". */
export const DEAL_GONE_LEAD = 3;

export const dealVoteMessages = {
  still_on: "Still on",
  gone: "Gone",
  signInRequired: "Please sign in to vote on deals",
  updateFailed: "Failed to update vote",
} as const satisfies Record<DealVote, string> & Record<string, string>;
