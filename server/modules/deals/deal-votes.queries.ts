import { and, eq, type SQL, sql } from "drizzle-orm";
import type { DealVote, DealVoteState } from "#domain/deal-votes.ts";
import type { Executor } from "#server/db/client.ts";
import { deals, dealVotes } from "#server/db/schema/deals.ts";
import { betweenPeopleSql } from "#server/modules/shared/people.ts";
import type { PersonTies } from "#server/modules/shared/person-ties.ts";

// "Still on" / "Gone" (issue 30). The vote rows are this module's, and so are the deal's two
// counters: every change of a vote moves them in its transaction, so they equal the rows and a
// listing reads them (and the stored is_reported_gone) instead of counting.

/** A deal's counters, as a vote leaves them. */
type DealVoteCounts = Omit<DealVoteState, "myVote">;

/**
 * Locks the deal's row for the rest of the transaction and returns whether it was reported gone
 * before this vote: concurrent votes on one deal queue here, so each reads the vote it changes
 * (in a statement of its own, after the lock) and moves the counters from it.
 */
export async function lockDealVotes(db: Executor, dealId: string): Promise<boolean> {
  const [row] = await db
    .select({ reportedGone: deals.isReportedGone })
    .from(deals)
    .where(eq(deals.id, dealId))
    .for("update");
  return row?.reportedGone === true;
}

export async function selectVote(
  db: Executor,
  dealId: string,
  userId: string,
): Promise<DealVote | null> {
  const [row] = await db
    .select({ vote: dealVotes.vote })
    .from(dealVotes)
    .where(and(eq(dealVotes.dealId, dealId), eq(dealVotes.userId, userId)));
  return row?.vote ?? null;
}

/** The person's vote becomes `vote` (null takes it back). */
export async function writeVote(
  db: Executor,
  dealId: string,
  userId: string,
  vote: DealVote | null,
): Promise<void> {
  if (vote === null) {
    await db
      .delete(dealVotes)
      .where(and(eq(dealVotes.dealId, dealId), eq(dealVotes.userId, userId)));
    return;
  }
  await db
    .insert(dealVotes)
    .values({ dealId, userId, vote })
    .onConflictDoUpdate({ target: [dealVotes.userId, dealVotes.dealId], set: { vote } });
}

/** The counter of each vote: the one a vote adds to and its taking back lowers. */
const voteCounter = { still_on: deals.stillOnCount, gone: deals.goneCount } as const;

/** Moves the counters from `previous` to `next` and returns them as they now stand. */
export async function moveVoteCounts(
  db: Executor,
  dealId: string,
  previous: DealVote | null,
  next: DealVote | null,
): Promise<DealVoteCounts> {
  const delta = (vote: DealVote) => (next === vote ? 1 : 0) - (previous === vote ? 1 : 0);
  const [row] = await db
    .update(deals)
    .set({
      stillOnCount: sql`greatest(${voteCounter.still_on} + ${delta("still_on")}, 0)`,
      goneCount: sql`greatest(${voteCounter.gone} + ${delta("gone")}, 0)`,
    })
    .where(eq(deals.id, dealId))
    .returning({
      stillOnCount: deals.stillOnCount,
      goneCount: deals.goneCount,
      reportedGone: deals.isReportedGone,
    });
  if (!row) throw new Error(`deal ${dealId} is gone`);
  return { ...row, reportedGone: row.reportedGone === true };
}

/**
 * Deletes the votes `removed` selects (a `delete … returning deal_id, vote`) and lowers the
 * counters of the deals they were on by them, in one statement.
 */
function lowerVoteCountsSql(removed: SQL): SQL {
  return sql`
    with gone as (${removed}),
    counts as (
      select deal_id, count(*) filter (where vote = 'still_on')::int as still_on,
             count(*) filter (where vote = 'gone')::int as gone
        from gone group by deal_id)
    update deals d
       set still_on_count = greatest(d.still_on_count - c.still_on, 0),
           gone_count = greatest(d.gone_count - c.gone, 0)
      from counts c
     where d.id = c.deal_id`;
}

/** Deletes each one's votes on the other's deals, as taking each vote back would. */
async function deleteVotesBetween(db: Executor, a: string, b: string): Promise<void> {
  await db.execute(
    lowerVoteCountsSql(sql`
      delete from deal_votes v using deals d
       where d.id = v.deal_id and ${betweenPeopleSql(a, b, sql`v.user_id`, sql`d.user_id`)}
      returning v.deal_id, v.vote`),
  );
}

/** Takes a leaving account's votes off the deals they were on (its rows then go by cascade). */
async function releaseVoteCounts(db: Executor, userId: string): Promise<void> {
  await db.execute(
    lowerVoteCountsSql(sql`select deal_id, vote from deal_votes where user_id = ${userId}`),
  );
}

/** Votes as contact a block ends and an erased account releases. */
export const dealVoteTies: PersonTies = {
  deleteBetween: deleteVotesBetween,
  releaseCountsOf: releaseVoteCounts,
};
