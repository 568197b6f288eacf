/**
 * Work that must not hold a response (sending email) but must not be lost either: tracked here
 * so shutdown and tests can wait for it.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<unknown>>();

  run(task: Promise<unknown>): void {
    const tracked = task.finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Resolves once everything started so far (and anything it started) has settled. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) {
      await Promise.allSettled([...this.pending]);
    }
  }
}
