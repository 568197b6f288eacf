import type { Executor } from "#server/db/client.ts";

/**
 * One kind of contact between people that a module stores in its own tables (follows, likes,
 * comments, list follows, notifications), as the commands that end contact see it. A block
 * deletes everything between two people and an account entering its deletion grace takes its
 * rows off everyone else's counters; both call every kind through this port inside their
 * transaction, and the table's owner does the writing and moves its own counters. app.ts lists
 * the kinds (`app.personTies`), so a module that adds a new kind of contact adds it there and
 * neither command changes.
 */
export interface PersonTies {
  /**
   * Deletes this kind's rows between the two, either way, moving the counters they held. Absent
   * for what a person has with a place rather than a person (restaurant follows).
   */
  deleteBetween?(tx: Executor, a: string, b: string): Promise<void>;
  /**
   * Takes one leaving person's rows of this kind off the counters on other people's rows, as
   * deleting each would, before the account's rows go. Absent for kinds that hold no counter.
   */
  releaseCountsOf?(tx: Executor, personId: string): Promise<void>;
}
