import type { DealVote, DealVoteState } from "#domain/deal-votes.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database } from "#server/db/client.ts";
import { findItemToInteractWith } from "#server/modules/items/items.queries.ts";
import { itemNotFound } from "#server/modules/items/items.service.ts";
import type { EventBus } from "#server/realtime/event-bus.ts";
import { notifyDealReportedGone } from "./deal-gone-notification.ts";
import { lockDealVotes, moveVoteCounts, selectVote, writeVote } from "./deal-votes.queries.ts";

export interface DealVoteContext {
  db: Database;
  user: SessionUser;
  events: EventBus;
}

/**
 * Sets the caller's vote on a deal they may see (null takes it back), moving its counters in
 * the same transaction. The deal that Gone now leads by DEAL_GONE_LEAD leaves the listings by
 * its stored is_reported_gone; the first time that happens its author is told.
 */
export async function setDealVote(
  ctx: DealVoteContext,
  dealId: string,
  vote: DealVote | null,
): Promise<DealVoteState> {
  const { state, notified } = await ctx.db.transaction(async (tx) => {
    const deal = await findItemToInteractWith(tx, "deal", dealId, ctx.user.id);
    if (!deal) throw itemNotFound("deal");
    const wasReportedGone = await lockDealVotes(tx, dealId);
    const previous = await selectVote(tx, dealId, ctx.user.id);
    if (previous !== vote) await writeVote(tx, dealId, ctx.user.id, vote);
    const counts = await moveVoteCounts(tx, dealId, previous, vote);
    const notificationId =
      counts.reportedGone && !wasReportedGone
        ? await notifyDealReportedGone(tx, {
            dealId,
            authorId: deal.userId,
            voterId: ctx.user.id,
          })
        : undefined;
    return {
      state: { myVote: vote, ...counts },
      notified: notificationId === undefined ? undefined : deal.userId,
    };
  });
  // After the commit, so the author's refetch finds the notification.
  if (notified) await ctx.events.publish(notified, { type: "notification" });
  return state;
}
