import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "#server/db/client.ts";
import { computePicks } from "./for-you.queries.ts";

export interface PicksDependencies {
  db: Executor;
  /** The time a computation is stamped with (tests move it). */
  clock: () => Date;
  log: Pick<FastifyBaseLogger, "warn">;
}

/** People whose old picks wait for a background refresh at most; more wait for a later read. */
const MAX_WAITING = 1000;

/**
 * Computes people's For you picks (ADR 0033, "Latency"): at once for a reader whose picks are
 * missing or whose ratings or follows changed (readers of the same person at the same moment
 * share one computation), and in the background, one person at a time, for picks that are
 * only old, so a busy minute never runs many of these heavy statements at once. Nothing is
 * lost when the process stops: staleness is in the database, and the next read asks again.
 */
export class PicksComputer {
  private readonly computing = new Map<string, Promise<void>>();
  private readonly waiting = new Set<string>();
  private worker: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly deps: PicksDependencies) {}

  /** Computes the person's picks, or joins the computation of them under way. */
  now(userId: string): Promise<void> {
    const underWay = this.computing.get(userId);
    if (underWay) return underWay;
    const computation = computePicks(this.deps.db, userId, this.deps.clock()).finally(() =>
      this.computing.delete(userId),
    );
    this.computing.set(userId, computation);
    return computation;
  }

  /** Queues a refresh of the person's picks, behind any others waiting. */
  later(userId: string): void {
    if (this.closed || this.computing.has(userId) || this.waiting.size >= MAX_WAITING) return;
    this.waiting.add(userId);
    this.worker ??= this.drain();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const [userId] = this.waiting;
      if (userId === undefined) break;
      this.waiting.delete(userId);
      try {
        await this.now(userId);
      } catch (error) {
        this.deps.log.warn({ err: error }, "refreshing For you picks failed");
      }
    }
    // In the same step as finding the queue empty, so a later() after it starts a new drain.
    this.worker = undefined;
  }

  /** Resolves once the refreshes queued so far are done. */
  async settled(): Promise<void> {
    await this.worker;
  }

  /** Drops the refreshes still waiting and waits for the computations under way. */
  async close(): Promise<void> {
    this.closed = true;
    this.waiting.clear();
    await Promise.allSettled([this.worker, ...this.computing.values()]);
  }
}
