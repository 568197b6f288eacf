import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { notificationTarget } from "#server/modules/shared/notification-target.ts";

/** A deal that has just become "Reported gone", and the vote that made it. */
export interface DealReportedGone {
  dealId: string;
  /** The deal's author: the recipient. */
  authorId: string;
  /** Whose vote tipped it, kept for the record and never shown. */
  voterId: string;
}

/**
 * Tells the author that their deal was reported gone, inside the vote's transaction, the
 * first time only: a deal that returns to the listings and is reported gone again is old news
 * (notifications_deal_id_idx finds an earlier notice). As with a moderator's notice, the
 * switches do not apply (it is about the author's own deal, not about what a person did), and
 * nothing is written when the author's own vote tipped it.
 *
 * Returns the inserted notification's id, or undefined when none was written.
 */
export async function notifyDealReportedGone(
  db: Executor,
  deal: DealReportedGone,
): Promise<string | undefined> {
  if (deal.voterId === deal.authorId) return undefined;
  const target = notificationTarget("deal", deal.dealId, null);
  const result = await db.execute<{ id: string }>(sql`
    insert into notifications (type, user_id, actor_id, ${target.columns})
    select 'deal_gone', ${deal.authorId}, ${deal.voterId}, ${target.values}
     where not exists (
       select 1 from notifications n where n.deal_id = ${deal.dealId} and n.type = 'deal_gone')
    returning id`);
  return result.rows[0]?.id;
}
